import { redirect, type MiddlewareFunction, type RouterContextProvider } from "react-router";
import { sessionContext } from "~/context.server";
import type { Actor } from "~/platform/db/activity.server";
import { clientIp } from "./client-ip.server";
import { isSuperadmin } from "./public-user";
import type { ValidSession } from "./session.server";

/**
 * Where a form may send the visitor back to: a path on this site, else `fallback`.
 * Only printable ASCII is taken (browsers send `location.pathname + search` percent-encoded),
 * so a control character can neither break the Location header nor be dropped by the
 * browser's URL parser, which reads `/\t/evil.example` as `//evil.example`. The path must
 * start with one `/` followed by neither `/` nor `\`, also once percent-decoded, and must not
 * be a single-fetch `.data` request, which answers data instead of a page.
 */
export function safeRedirectPath(to: FormDataEntryValue | string | null | undefined, fallback = "/dashboard") {
  return typeof to === "string" && isSafeRedirectPath(to) ? to : fallback;
}

const REDIRECT_PATH_MAX = 2048;

export function isSafeRedirectPath(to: string): boolean {
  if (to.length > REDIRECT_PATH_MAX || !/^\/[\x21-\x7e]*$/.test(to)) return false;
  const path = to.split(/[?#]/, 1)[0]!;
  let decoded: string;
  try {
    decoded = decodeURIComponent(path);
  } catch {
    return false;
  }
  // Whitespace in the query (a search for "café bar") is the visitor's data; in the path it is an attack.
  if (/^\/[/\\]/.test(decoded) || /[\s\p{Cc}]/u.test(decoded)) return false;
  return !decoded.endsWith(".data");
}

/** The page a single-fetch request (`/expenses.data?_routes=…`, `/_root.data`) is loading. */
function pageAddress(url: URL) {
  if (!url.pathname.endsWith(".data")) return url.pathname + url.search;
  const pathname = url.pathname === "/_root.data" ? "/" : url.pathname.slice(0, -".data".length);
  const search = new URLSearchParams(url.search);
  search.delete("_routes");
  const query = search.toString();
  return query ? `${pathname}?${query}` : pathname;
}

export function loginRedirect(request: Request) {
  const back = pageAddress(new URL(request.url));
  const target =
    back === "/" || back === "/dashboard" || !isSafeRedirectPath(back)
      ? "/auth/login"
      : `/auth/login?redirectTo=${encodeURIComponent(back)}`;
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

/** Who a web action's command acts for: the signed-in user and the request's address. */
export function requireActor(context: Readonly<RouterContextProvider>, request: Request): Actor {
  const { user } = requireSession(context);
  return { userId: user.id, ip: clientIp(request), timeZone: user.timeZone };
}
