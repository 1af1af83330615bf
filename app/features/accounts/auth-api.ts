import { z } from "zod";
import { apiRegisterSchema, loginSchema } from "~/features/accounts/model";
import { defineOperation } from "~/platform/http/operation";
import { apiUserSchema } from "./api-json";

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
    .string({ error: "errors.refreshTokenRequired" })
    .trim()
    .min(1, "errors.refreshTokenRequired")
    .max(200, "errors.invalidToken"),
});

export const messageSchema = z.object({ message: z.string() });

export const registerOperation = defineOperation({
  operationId: "register",
  method: "POST",
  path: "/api/auth/register",
  summary: "Create an account and sign in",
  description: "Validation runs in the order of the registration rules and reports the first failure as the message.",
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

export const authOperations = [registerOperation, loginOperation, logoutOperation, refreshOperation];
