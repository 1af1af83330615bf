// The session cookie is written by hand rather than through createCookie so that
// its value is the raw token (no signing or JSON wrapping) and its name can carry
// the __Host- prefix, which browsers only accept over HTTPS.

/** Every cookie we set carries Secure exactly when this is true. */
export function isSecure(request: Request) {
  return new URL(request.url).protocol === "https:";
}

export function sessionCookieName(request: Request) {
  return isSecure(request) ? "__Host-session" : "session";
}

export function readSessionToken(request: Request): string | null {
  const name = sessionCookieName(request);
  const header = request.headers.get("Cookie");
  if (!header) return null;
  for (const part of header.split(";")) {
    const [k, ...v] = part.trim().split("=");
    if (k === name) {
      const value = v.join("=");
      return /^[a-z2-7]{32}$/.test(value) ? value : null;
    }
  }
  return null;
}

export function serializeSessionCookie(
  request: Request,
  token: string,
  opts: { expiresAt: Date; persistent: boolean },
): string {
  const attrs = [`${sessionCookieName(request)}=${token}`, "Path=/", "HttpOnly", "SameSite=Lax"];
  if (isSecure(request)) attrs.push("Secure");
  if (opts.persistent) {
    const maxAge = Math.max(0, Math.floor((opts.expiresAt.getTime() - Date.now()) / 1000));
    attrs.push(`Max-Age=${maxAge}`, `Expires=${opts.expiresAt.toUTCString()}`);
  }
  return attrs.join("; ");
}

export function serializeClearedSessionCookie(request: Request): string {
  const attrs = [`${sessionCookieName(request)}=`, "Path=/", "HttpOnly", "SameSite=Lax", "Max-Age=0"];
  if (isSecure(request)) attrs.push("Secure");
  return attrs.join("; ");
}
