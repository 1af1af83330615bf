import { redirect } from "react-router";
import { clientIp } from "~/auth/client-ip.server";
import { invalidateSessionQuery } from "~/auth/session.server";
import { serializeClearedSessionCookie } from "~/auth/session-cookie.server";
import { recordActivityQuery } from "~/platform/db/activity.server";
import { dbContext } from "~/context.server";
import { sessionContext } from "~/context.server";
import type { Route } from "./+types/logout";

/** Spec section 4: logout clears the session even when something fails on the way. */
export async function action({ request, context }: Route.ActionArgs) {
  const session = context.get(sessionContext);
  if (session) {
    const db = context.get(dbContext);
    try {
      await db.batch([
        invalidateSessionQuery(db, session.id),
        recordActivityQuery(db, { userId: session.user.id, action: "logout", description: "Signed out", ipAddress: clientIp(request) }),
      ]);
    } catch (error) {
      console.error("logout cleanup failed", error);
      await invalidateSessionQuery(db, session.id).catch(() => undefined);
    }
  }
  return redirect("/", { headers: { "Set-Cookie": serializeClearedSessionCookie(request) } });
}

export function loader() {
  return redirect("/");
}
