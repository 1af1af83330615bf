import { parse, serialize } from "cookie";

// The session and device cookies are written through the `cookie` package rather than
// createCookie so that their values are raw tokens (no signing or JSON wrapping) and their names
// can carry the __Host- prefix, which browsers only accept over HTTPS, with Secure, Path=/ and no
// Domain: every cookie of ours is read and written by the two functions below, which keep that policy.

/** Every cookie we set carries Secure exactly when this is true. */
export function isSecure(request: Request) {
  return new URL(request.url).protocol === "https:";
}

/** The cookie's name on this request: `__Host-<base>` over HTTPS, `<base>` over plain HTTP (local development). */
export function hostCookieName(request: Request, base: string) {
  return isSecure(request) ? `__Host-${base}` : base;
}

/** The value the browser sent for our cookie `base` (under its name for this request), or null. */
export function readHostCookie(request: Request, base: string): string | null {
  const header = request.headers.get("Cookie");
  if (!header) return null;
  return parse(header)[hostCookieName(request, base)] ?? null;
}

/** A Set-Cookie for our cookie `base`: host-only, Path=/, HttpOnly, SameSite=Lax, Secure over HTTPS. */
export function serializeHostCookie(request: Request, base: string, value: string, options: { maxAge?: number; expires?: Date } = {}): string {
  return serialize(hostCookieName(request, base), value, {
    path: "/",
    httpOnly: true,
    sameSite: "lax",
    secure: isSecure(request),
    ...options,
  });
}

export function sessionCookieName(request: Request) {
  return hostCookieName(request, "session");
}

export function readSessionToken(request: Request): string | null {
  const value = readHostCookie(request, "session");
  return value !== null && /^[a-z2-7]{32}$/.test(value) ? value : null;
}

export function serializeSessionCookie(
  request: Request,
  token: string,
  opts: { expiresAt: Date; persistent: boolean },
): string {
  if (!opts.persistent) return serializeHostCookie(request, "session", token);
  const maxAge = Math.max(0, Math.floor((opts.expiresAt.getTime() - Date.now()) / 1000));
  return serializeHostCookie(request, "session", token, { maxAge, expires: opts.expiresAt });
}

export function serializeClearedSessionCookie(request: Request): string {
  return serializeHostCookie(request, "session", "", { maxAge: 0 });
}
