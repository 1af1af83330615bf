import { z } from "zod";
import { displayName } from "~/auth/public-user";
import type { UserRecord } from "~/auth/user-record.server";
import { SEARCH_MAX } from "~/text/search-text";
import { CONTROL_CHARACTERS_MESSAGE, hasControlCharacters } from "~/text/plain-text";
import { apiPasswordChangeSchema, apiRegisterSchema, apiResetPasswordSchema, forgotPasswordSchema, loginSchema, profileSchema } from "~/features/accounts/schemas";
import { NAME_MAX } from "~/features/accounts/model";
import { defineOperation, listedTwiceSchema } from "~/platform/http/operation";
import { searchParamSchema, wholeNumberParam } from "~/platform/http/query-params";

// The accounts API: its JSON shapes, then the auth operations (/api/auth), then the user
// operations (/api/users). openapi.ts lists authOperations and userOperations.

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
    timeZone: z.string().meta({ description: "IANA time zone name; the user's today (a new transaction's date, the current month) is the date there", example: "America/Caracas" }),
    emailVerified: z.boolean().meta({ description: "Whether the address was confirmed by the link mailed to it (POST /api/auth/verify-email); nothing is locked meanwhile" }),
    createdAt: z.string().meta({ description: "ISO 8601 timestamp", format: "date-time" }),
  })
  .meta({ title: "User" });

export type ApiUser = z.infer<typeof apiUserSchema>;

export function toApiUser(user: UserRecord): ApiUser {
  return {
    id: user.id,
    firstName: user.firstName,
    lastName: user.lastName,
    email: user.email,
    name: displayName(user),
    role: user.role,
    isActive: user.isActive,
    timeZone: user.timeZone,
    emailVerified: user.emailVerifiedAt !== null,
    createdAt: user.createdAt.toISOString(),
  };
}

export const tokenPairSchema = z.object({
  accessToken: z.string().meta({ description: "JWT (HS256), valid 15 minutes; claims id, role, sid, iat, exp (seconds)" }),
  refreshToken: z
    .string()
    .meta({ description: "Opaque; single use (each refresh returns a new one), 30 days idle, 90 days at most" }),
});

export const authResultSchema = tokenPairSchema.extend({ user: apiUserSchema });

export const apiLoginSchema = loginSchema.pick({ email: true, password: true });

export const refreshTokenSchema = z.object({
  refreshToken: z
    .string({ error: "api.refreshTokenRequired" })
    .trim()
    .min(1, "api.refreshTokenRequired")
    .max(200, "api.invalidToken"),
});

export const messageSchema = z.object({ message: z.string() });

export const registerOperation = defineOperation({
  operationId: "register",
  method: "POST",
  path: "/api/auth/register",
  summary: "Create an account and sign in",
  description:
    "Validation runs in the order of the registration rules and reports the first failure as the message. The account's mail (password reset) is written in the request's language: an lng cookie, else Spanish when Accept-Language starts with es, else English.",
  tag: "auth",
  access: "public",
  body: apiRegisterSchema,
  response: authResultSchema,
  successStatus: 201,
  errorStatuses: [409, 429],
});

export const loginOperation = defineOperation({
  operationId: "login",
  method: "POST",
  path: "/api/auth/login",
  summary: "Sign in and receive an access and a refresh token",
  tag: "auth",
  access: "public",
  body: apiLoginSchema,
  response: authResultSchema,
  errorStatuses: [401, 429],
});

export const logoutOperation = defineOperation({
  operationId: "logout",
  method: "POST",
  path: "/api/auth/logout",
  summary: "Sign out: revokes this login's access and refresh tokens at once",
  tag: "auth",
  access: "user",
  response: messageSchema,
});

export const refreshOperation = defineOperation({
  operationId: "refreshToken",
  method: "POST",
  path: "/api/auth/refresh-token",
  summary: "Exchange a refresh token for a new access token and a new refresh token",
  description:
    "The presented refresh token is spent. Presenting a spent one again revokes every token of that login (reuse detection).",
  tag: "auth",
  access: "public",
  body: refreshTokenSchema,
  response: tokenPairSchema,
  errorStatuses: [401, 429],
});

export const forgotPasswordOperation = defineOperation({
  operationId: "forgotPassword",
  method: "POST",
  path: "/api/auth/forgot-password",
  summary: "Mail a password reset link to the address, if it has an account",
  description:
    "The same 202 and message whether or not the address has an active account; the mail leaves after the answer. The link (APP_URL/auth/reset-password?token=…) is valid 60 minutes, once, and a newer one replaces it. Throttled per address and per IP (429).",
  tag: "auth",
  access: "public",
  body: forgotPasswordSchema,
  response: messageSchema,
  successStatus: 202,
  errorStatuses: [429],
});

export const resetPasswordOperation = defineOperation({
  operationId: "resetPassword",
  method: "POST",
  path: "/api/auth/reset-password",
  summary: "Set a new password with a mailed reset link's token",
  description:
    "The token is used once. The password follows the registration rules. Every web session, API login and trusted browser of the user ends, and the user is mailed \"your password was changed\". An expired, used, replaced or unknown token answers 400 with an error on `token`.",
  tag: "auth",
  access: "public",
  body: apiResetPasswordSchema,
  response: messageSchema,
  errorStatuses: [429],
});

export const authOperations = [registerOperation, loginOperation, logoutOperation, refreshOperation, forgotPasswordOperation, resetPasswordOperation];

export const activityQuerySchema = z.object({
  limit: wholeNumberParam({ min: 1, max: 100, default: 10, message: "api.limitRange", description: "How many entries, newest first (1–100)" }),
});

export const activityEntrySchema = z.object({
  id: z.string(),
  action: z.string(),
  description: z.string(),
  timestamp: z.string().meta({ format: "date-time" }),
  ipAddress: z.string().nullable(),
});

export type ApiActivityEntry = z.infer<typeof activityEntrySchema>;

export function toApiActivity(row: { id: string; action: string; description: string; timestamp: Date; ipAddress: string | null }): ApiActivityEntry {
  return { id: row.id, action: row.action, description: row.description, timestamp: row.timestamp.toISOString(), ipAddress: row.ipAddress };
}

export const userListQuerySchema = z.object({
  search: searchParamSchema
    .optional()
    .meta({ description: `Matches name or email, ignoring case and accents. At most ${SEARCH_MAX} characters; longer answers 400` }),
  role: z
    .string()
    .trim()
    .toLowerCase()
    .pipe(z.enum(["", "superadmin", "user"], { error: "api.invalidRole" }))
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
    .pipe(z.enum(["superadmin", "user"], { error: "api.invalidRole" }))
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
  summary: "Update first name, last name, email and time zone",
  description:
    "timeZone is optional: an IANA name (\"America/Caracas\"); another value answers 400 on the field, and leaving it out keeps the stored one. " +
    "A new email does not change the account's address at once: a link is mailed to the new address (and a notice to the old one), `user.email` stays the old address, and `pendingEmail` names the new one until the link is used (POST /api/auth/verify-email). A newer change replaces a pending one.",
  tag: "users",
  access: "user",
  body: profileSchema,
  response: userResult.extend({
    pendingEmail: z
      .string()
      .nullable()
      .meta({ description: "The new address waiting to be confirmed by the link mailed to it; null when this request did not change the email" }),
  }),
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
  response: listedTwiceSchema("activities", activityEntrySchema),
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

// Address verification (issue 25): the link mailed at registration, on "Send again" and to a new
// address of an email change carries the token POST /api/auth/verify-email takes.

export const verifyEmailBodySchema = z.object({
  token: z
    .string({ error: "errors.verificationLinkInvalid" })
    .trim()
    .min(1, "errors.verificationLinkInvalid")
    .max(200, "errors.verificationLinkInvalid")
    .meta({ description: "The token of the mailed link (its ?token= value)" }),
});

export const verifyEmailOperation = defineOperation({
  operationId: "verifyEmail",
  method: "POST",
  path: "/api/auth/verify-email",
  summary: "Confirm an email address with the token of its mailed link",
  description:
    "A verification link marks the account's address verified; an email-change link makes its new address the account's (verified) and ends its trusted browsers' entries. " +
    "Each link works once, for 7 days, and acts on the account it was sent for. An expired, used or unknown token answers 400 on `token`; an email-change link whose address another account took meanwhile answers 409.",
  tag: "auth",
  access: "public",
  body: verifyEmailBodySchema,
  response: messageSchema.extend({ email: z.string().meta({ description: "The address now verified" }) }),
  errorStatuses: [409],
});

export const resendVerificationOperation = defineOperation({
  operationId: "resendVerification",
  method: "POST",
  path: "/api/auth/resend-verification",
  summary: "Mail a new verification link to the signed-in user's address",
  description: "The mail leaves after the answer; an older link stops working. An address already verified gets no mail. Throttled per user (429 with Retry-After).",
  tag: "auth",
  access: "user",
  response: messageSchema,
  successStatus: 202,
  errorStatuses: [429],
});

export const emailVerificationOperations = [verifyEmailOperation, resendVerificationOperation];
