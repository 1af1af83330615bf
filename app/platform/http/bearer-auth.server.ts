import type { RouterContextProvider } from "react-router";
import { authenticateAccessToken, type ApiAuth } from "~/auth/api-tokens.server";
import { isSuperadmin } from "~/auth/public-user";
import { dbContext, envContext } from "~/context.server";
import { apiErrors, errorResponse } from "./envelope";
import { translatorFor } from "~/locales/server-translators";

// The HTTP face of API authentication: reading the header and answering 401/403 envelopes.
// Token signing and checking stay in auth/api-tokens.server.ts, which knows nothing of HTTP.

/** The token of an `Authorization: Bearer …` header; null when there is no bearer credential at all. */
export function readBearerToken(request: Request): string | null {
  const header = request.headers.get("Authorization");
  if (!header) return null;
  const match = /^Bearer[ \t]+(.*)$/i.exec(header.trim());
  return match ? match[1]!.trim() : null;
}

/**
 * The API caller, or a thrown 401 envelope: `WWW-Authenticate: Bearer` when no token
 * was sent, with `error="invalid_token"` when one was sent but is no good.
 * Cookies are never looked at: a web session does not authorise the API.
 */
export async function requireApiUser(request: Request, context: Readonly<RouterContextProvider>): Promise<ApiAuth> {
  const token = readBearerToken(request);
  if (!token) throw errorResponse(translatorFor(context).t, apiErrors.unauthorized());
  const auth = await authenticateAccessToken(context.get(dbContext), context.get(envContext).JWT_SECRET, token);
  if (!auth) throw errorResponse(translatorFor(context).t, apiErrors.invalidToken());
  return auth;
}

/** As requireApiUser, then a 403 envelope for anyone whose role is not superadmin (in any case). */
export async function requireApiSuperadmin(request: Request, context: Readonly<RouterContextProvider>): Promise<ApiAuth> {
  const auth = await requireApiUser(request, context);
  if (!isSuperadmin(auth.user.role)) throw errorResponse(translatorFor(context).t, apiErrors.forbidden());
  return auth;
}
