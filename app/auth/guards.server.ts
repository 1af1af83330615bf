import { redirect, type MiddlewareFunction, type RouterContextProvider } from "react-router";
import { sessionContext } from "~/middleware/session";
import { isSuperadmin } from "./public-user";
import type { ValidSession } from "./session.server";

/** Only same-site paths: "/x" yes, "//evil.com" and "https://…" no. */
export function safeRedirectPath(to: FormDataEntryValue | string | null | undefined, fallback = "/dashboard") {
  if (typeof to !== "string" || !to.startsWith("/") || to.startsWith("//") || to.startsWith("/\\")) return fallback;
  return to;
}

export function loginRedirect(request: Request) {
  const url = new URL(request.url);
  const back = url.pathname + url.search;
  const target = back === "/" || back === "/dashboard" ? "/auth/login" : `/auth/login?redirectTo=${encodeURIComponent(back)}`;
  return redirect(target);
}

/** Protected layouts: guests go to /auth/login, keeping where they were going. */
export const requireUserMiddleware: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  if (!context.get(sessionContext)) throw loginRedirect(request);
  return next();
};

/** Admin layouts: signed-in non-superadmins go to /dashboard. */
export const requireAdminMiddleware: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  const session = context.get(sessionContext);
  if (!session) throw loginRedirect(request);
  if (!isSuperadmin(session.user.role)) throw redirect("/dashboard");
  return next();
};

/** Guest-only pages (login, register, landing): signed-in visitors go to /dashboard. */
export function redirectSignedIn(context: Readonly<RouterContextProvider>) {
  if (context.get(sessionContext)) throw redirect("/dashboard");
}

/** The session of a route behind requireUserMiddleware. */
export function requireSession(context: Readonly<RouterContextProvider>): ValidSession {
  const session = context.get(sessionContext);
  if (!session) throw redirect("/auth/login");
  return session;
}
