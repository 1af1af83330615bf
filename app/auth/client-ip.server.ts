/** The visitor's address as Cloudflare reports it; null when not behind Cloudflare (local tests). */
export function clientIp(request: Request): string | null {
  return request.headers.get("CF-Connecting-IP");
}
