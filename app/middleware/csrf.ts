import type { MiddlewareFunction } from "react-router";
import { isApiPath } from "~/platform/http/api-path";
import { earlyRefusal } from "./request-body";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Cookie-authenticated writes must come from our own pages: the browser says so
 * with Sec-Fetch-Site, or failing that with an Origin equal to ours. The JSON API
 * is exempt because a cookie never authorises it (bearer tokens only).
 */
export function isCrossSiteWrite(request: Request): boolean {
  if (SAFE_METHODS.has(request.method)) return false;
  const url = new URL(request.url);
  if (isApiPath(url.pathname)) return false;
  const site = request.headers.get("Sec-Fetch-Site");
  if (site) return site !== "same-origin";
  return request.headers.get("Origin") !== url.origin;
}

/** 403 in the visitor's language (issue 9: it was English only). */
export function csrfRefusal(request: Request) {
  return earlyRefusal(request, 403, "errors.crossSiteRefused");
}

export const csrfMiddleware: MiddlewareFunction<Response> = async ({ request }, next) => {
  if (isCrossSiteWrite(request)) return csrfRefusal(request);
  return next();
};
