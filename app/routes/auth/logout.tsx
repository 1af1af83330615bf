import { redirect } from "react-router";
import { clientIp } from "~/auth/client-ip.server";
import { invalidateSessionQuery } from "~/auth/session.server";
import { serializeClearedSessionCookie } from "~/auth/session-cookie.server";
import { signOut } from "~/features/accounts/commands.server";
import { dbContext, sessionContext } from "~/context.server";
import { SIGNED_OUT_PARAM } from "~/routes/landing/signed-out";
import type { Route } from "./+types/logout";

/** Spec section 4: logout clears the session even when something fails on the way. */
export async function action({ request, context }: Route.ActionArgs) {
  const session = context.get(sessionContext);
  if (session) {
    const db = context.get(dbContext);
    try {
      await signOut(db, { userId: session.user.id, ip: clientIp(request) }, { sessionId: session.id });
    } catch (error) {
      console.error("logout cleanup failed", error);
      await invalidateSessionQuery(db, session.id).catch(() => undefined);
    }
  }
  // Post/redirect/get: the landing page says the user is signed out, also without JavaScript.
  return redirect(session ? `/?${SIGNED_OUT_PARAM}=1` : "/", { headers: { "Set-Cookie": serializeClearedSessionCookie(request) } });
}

export function loader() {
  return redirect("/");
}
