// Which requests are the JSON API's: /api and everything under /api/, never a page whose path
// merely starts with the letters (/apix). The API reads no web session, skips the form CSRF
// check (it takes bearer tokens, not cookies) and answers its errors in JSON.

export function isApiPath(pathname: string): boolean {
  return pathname === "/api" || pathname.startsWith("/api/");
}
