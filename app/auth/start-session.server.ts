import { redirect } from "react-router";
import type { Db } from "~/platform/db/client.server";
import { deviceCookieAfterSignIn } from "./device-cookie.server";
import { createSession } from "./session.server";
import { serializeSessionCookie } from "./session-cookie.server";

/**
 * "Start a session", as a sign-in and a registration both end: a new session row and its cookie,
 * this browser trusted with the account from now on (a fresh device entry, device-cookie.server.ts),
 * and the redirect to the already checked return address carrying both cookies.
 */
export async function startSession(
  db: Db,
  request: Request,
  secret: string,
  user: { id: string; email: string },
  options: { persistent: boolean; redirectTo: string },
): Promise<Response> {
  const session = await createSession(db, user.id, options.persistent);
  const headers = new Headers();
  headers.append("Set-Cookie", serializeSessionCookie(request, session.token, session));
  headers.append("Set-Cookie", await deviceCookieAfterSignIn(db, request, secret, user));
  return redirect(options.redirectTo, { headers });
}
