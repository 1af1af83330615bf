import type { MiddlewareFunction } from "react-router";
import { nonceContext } from "~/context.server";

export const securityHeadersMiddleware: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  const nonce = btoa(String.fromCharCode(...bytes));
  context.set(nonceContext, nonce);
  const response = await next();
  applySecurityHeaders(request, response.headers, nonce);
  return response;
};

export function applySecurityHeaders(request: Request, headers: Headers, nonce: string) {
  headers.set(
    "Content-Security-Policy",
    [
      // Fonts, images, styles and fetches all come from this origin; anything else is refused.
      "default-src 'self'",
      `script-src 'nonce-${nonce}' 'strict-dynamic'`,
      // Tag and category colours are style attributes rendered on the server (and the dev
      // server injects <style> elements), which 'self' alone would block.
      "style-src 'self' 'unsafe-inline'",
      "object-src 'none'",
      "base-uri 'none'",
      "frame-ancestors 'none'",
      "form-action 'self'",
    ].join("; "),
  );
  if (new URL(request.url).protocol === "https:") {
    headers.set("Strict-Transport-Security", "max-age=63072000; includeSubDomains");
  }
  headers.set("X-Content-Type-Options", "nosniff");
  headers.set("Referrer-Policy", "strict-origin-when-cross-origin");
}
