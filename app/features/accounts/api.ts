import { z } from "zod";
import { SEARCH_MAX, searchParamSchema } from "~/text/search-text";
import { CONTROL_CHARACTERS_MESSAGE, hasControlCharacters } from "~/text/plain-text";
import { NAME_MAX, apiPasswordChangeSchema, profileSchema } from "~/features/accounts/model";
import { defineOperation } from "~/platform/http/operation";
import { wholeNumberParam } from "~/platform/http/query-params";
import { apiUserSchema } from "./api-json";
import { messageSchema } from "./auth-api";

export const activityQuerySchema = z.object({
  limit: wholeNumberParam({ min: 1, max: 100, default: 10, message: "errors.limitRange", description: "How many entries, newest first (1–100)" }),
});

export const activityEntrySchema = z.object({
  id: z.string(),
  action: z.string(),
  description: z.string(),
  timestamp: z.string().meta({ format: "date-time" }),
  ipAddress: z.string().nullable(),
});

export const userListQuerySchema = z.object({
  search: searchParamSchema
    .optional()
    .meta({ description: `Matches name or email, ignoring case and accents. At most ${SEARCH_MAX} characters; longer answers 400` }),
  role: z
    .string()
    .trim()
    .toLowerCase()
    .pipe(z.enum(["", "superadmin", "user"], { error: "errors.invalidRole" }))
    .optional()
    .meta({ description: "superadmin or user (any case); empty for all" }),
});

const adminName = (required: string) =>
  z
    .string()
    .trim()
    .min(1, required)
    .max(NAME_MAX, "validation.tooLong")
    .refine((name) => !hasControlCharacters(name), CONTROL_CHARACTERS_MESSAGE)
    .optional();

export const adminUserUpdateSchema = z.object({
  firstName: adminName("validation.firstNameRequired"),
  lastName: adminName("validation.lastNameRequired"),
  role: z
    .string()
    .trim()
    .toLowerCase()
    .pipe(z.enum(["superadmin", "user"], { error: "errors.invalidRole" }))
    .optional(),
  isActive: z.boolean().optional(),
});

const userResult = z.object({ user: apiUserSchema });

export const getProfileOperation = defineOperation({
  operationId: "getProfile",
  method: "GET",
  path: "/api/users/profile",
  summary: "The signed-in user",
  tag: "users",
  access: "user",
  response: userResult,
});

export const updateProfileOperation = defineOperation({
  operationId: "updateProfile",
  method: "PUT",
  path: "/api/users/profile",
  summary: "Update first name, last name and email",
  tag: "users",
  access: "user",
  body: profileSchema,
  response: userResult,
  errorStatuses: [409],
});

export const changePasswordOperation = defineOperation({
  operationId: "changePassword",
  method: "PUT",
  path: "/api/users/password",
  summary: "Change the password; ends every other session and login of the user",
  tag: "users",
  access: "user",
  body: apiPasswordChangeSchema,
  response: messageSchema,
  errorStatuses: [429],
});

export const activityOperation = defineOperation({
  operationId: "listActivity",
  method: "GET",
  path: "/api/users/activity",
  summary: "Recent account activity, newest first",
  description: "The list is at data.data.activities (where the spec's client reads it) and also at data.activities.",
  tag: "users",
  access: "user",
  query: activityQuerySchema,
  response: z.object({
    data: z.object({ activities: z.array(activityEntrySchema) }),
    activities: z.array(activityEntrySchema),
  }),
});

export const listUsersOperation = defineOperation({
  operationId: "listUsers",
  method: "GET",
  path: "/api/users",
  summary: "All users (superadmin)",
  tag: "admin",
  access: "superadmin",
  query: userListQuerySchema,
  response: z.object({ users: z.array(apiUserSchema) }),
});

export const updateUserOperation = defineOperation({
  operationId: "updateUser",
  method: "PUT",
  path: "/api/users/{id}",
  summary: "Change a user's name, role or status (superadmin)",
  description:
    "A role or status change ends the user's sessions and logins. The last active superadmin can be neither demoted nor deactivated (409).",
  tag: "admin",
  access: "superadmin",
  params: { id: "The user's id" },
  body: adminUserUpdateSchema,
  response: userResult,
  errorStatuses: [404, 409],
});

export const userOperations = [
  getProfileOperation,
  updateProfileOperation,
  changePasswordOperation,
  activityOperation,
  listUsersOperation,
  updateUserOperation,
];
