import type { MiddlewareFunction } from "react-router";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Cookie-authenticated writes must come from our own pages: the browser says so
 * with Sec-Fetch-Site, or failing that with an Origin equal to ours. The JSON API
 * is exempt because a cookie never authorises it (bearer tokens only).
 */
export function isCrossSiteWrite(request: Request): boolean {
  if (SAFE_METHODS.has(request.method)) return false;
  const url = new URL(request.url);
  if (url.pathname === "/api" || url.pathname.startsWith("/api/")) return false;
  const site = request.headers.get("Sec-Fetch-Site");
  if (site) return site !== "same-origin";
  return request.headers.get("Origin") !== url.origin;
}

export const csrfMiddleware: MiddlewareFunction<Response> = async ({ request }, next) => {
  if (isCrossSiteWrite(request)) {
    return new Response("Forbidden: cross-site request refused", {
      status: 403,
      headers: { "Content-Type": "text/plain; charset=utf-8" },
    });
  }
  return next();
};
