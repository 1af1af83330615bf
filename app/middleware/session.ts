import type { MiddlewareFunction } from "react-router";
import { validateSessionToken } from "~/auth/session.server";
import { readSessionToken, serializeSessionCookie, sessionCookieName } from "~/auth/session-cookie.server";
import { dbContext, sessionContext } from "~/context.server";
import { isApiPath } from "~/platform/http/api-path";

export const sessionMiddleware: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  const path = new URL(request.url).pathname;
  const token = isApiPath(path) ? null : readSessionToken(request);
  const session = token ? await validateSessionToken(context.get(dbContext), token) : null;
  context.set(sessionContext, session);
  const response = await next();
  // Re-send the cookie after a sliding renewal, unless the action already replaced or cleared it.
  const setCookie = response.headers.get("Set-Cookie") ?? "";
  if (session?.renewed && token && !setCookie.includes(`${sessionCookieName(request)}=`)) {
    response.headers.append("Set-Cookie", serializeSessionCookie(request, token, session));
  }
  if (session) response.headers.set("Cache-Control", "no-store");
  return response;
};
