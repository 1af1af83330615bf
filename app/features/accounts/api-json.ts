import { z } from "zod";

/** The user as the API shows it (spec section 3 plus isActive). Never the password hash. */
export const apiUserSchema = z
  .object({
    id: z.string(),
    firstName: z.string(),
    lastName: z.string(),
    email: z.string(),
    name: z.string().meta({ description: "Display name: first and last name" }),
    role: z.string().meta({ description: "superadmin (any case) is an administrator; anything else is a user" }),
    isActive: z.boolean(),
    createdAt: z.string().meta({ description: "ISO 8601 timestamp", format: "date-time" }),
  })
  .meta({ title: "User" });

export type ApiUser = z.infer<typeof apiUserSchema>;

export function toApiUser(user: {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
  role: string;
  isActive: boolean;
  createdAt: Date;
}): ApiUser {
  return {
    id: user.id,
    firstName: user.firstName,
    lastName: user.lastName,
    email: user.email,
    name: `${user.firstName} ${user.lastName}`.trim(),
    role: user.role,
    isActive: user.isActive,
    createdAt: user.createdAt.toISOString(),
  };
}
