import type { SessionUser } from "./session.server";

export type PublicUser = {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  name: string;
  role: string;
  isAdmin: boolean;
  createdAt: string;
};

/** Spec section 6: only "superadmin", in any case, is an administrator. */
export function isSuperadmin(role: string): boolean {
  return role.toLowerCase() === "superadmin";
}

/** The name a user goes by on every page and in the API: first and last name. */
export function displayName(user: { firstName: string; lastName: string }): string {
  return `${user.firstName} ${user.lastName}`.trim();
}

export function toPublicUser(user: SessionUser): PublicUser {
  return {
    id: user.id,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    name: displayName(user),
    role: user.role,
    isAdmin: isSuperadmin(user.role),
    createdAt: user.createdAt.toISOString(),
  };
}
