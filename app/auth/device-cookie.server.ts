import { decodeBase64urlIgnorePadding, encodeBase64urlNoPadding } from "@oslojs/encoding";
import { isSecure } from "./session-cookie.server";

// Device cookies (OWASP, "Slow Down Online Guessing Attacks with Device Cookies"). The per-account
// login limit stops password guessing, but on its own it lets anyone lock the owner out by
// failing five times. A browser that has signed in to an account before carries a cookie that
// proves it; its attempts on that account count against the cookie's own bucket instead of the
// account's, so the owner gets in while strangers are throttled.
//
// The cookie holds up to MAX_ENTRIES entries "nonce.signature", one per account signed in from this
// browser; signature = HMAC-SHA256(secret, "device:v1:" + email + ":" + nonce). It names no account:
// an entry is only recognised by checking it against the email being tried.

const MAX_ENTRIES = 5;
const NONCE_BYTES = 16;
const ENTRY = /^([A-Za-z0-9_-]{22})\.([A-Za-z0-9_-]{43})$/;
/** A year: a device is trusted for as long as people keep a laptop between sign-ins. */
const MAX_AGE_SECONDS = 365 * 24 * 60 * 60;

const cookieName = (request: Request) => (isSecure(request) ? "__Host-device" : "device");

async function hmacKey(secret: string) {
  return crypto.subtle.importKey("raw", new TextEncoder().encode(secret), { name: "HMAC", hash: "SHA-256" }, false, ["sign", "verify"]);
}

const message = (email: string, nonce: string) => new TextEncoder().encode(`device:v1:${email.toLowerCase()}:${nonce}`);

function readEntries(request: Request): string[] {
  const name = cookieName(request);
  for (const part of (request.headers.get("Cookie") ?? "").split(";")) {
    const [key, ...rest] = part.trim().split("=");
    if (key !== name) continue;
    return rest
      .join("=")
      .split("~")
      .filter((entry) => ENTRY.test(entry))
      .slice(0, MAX_ENTRIES);
  }
  return [];
}

/** The entry's nonce when it was issued for this email with this secret; verify() compares in constant time. */
async function nonceFor(key: CryptoKey, entry: string, email: string): Promise<string | null> {
  const [, nonce, signature] = ENTRY.exec(entry)!;
  let bytes: Uint8Array<ArrayBuffer>;
  try {
    bytes = new Uint8Array(decodeBase64urlIgnorePadding(signature!));
  } catch {
    return null;
  }
  return (await crypto.subtle.verify("HMAC", key, bytes, message(email, nonce!))) ? nonce! : null;
}

/** The nonce of this browser's device cookie for the account, or null when it has none (or a forged one). */
export async function trustedDeviceNonce(request: Request, secret: string, email: string): Promise<string | null> {
  const entries = readEntries(request);
  if (entries.length === 0) return null;
  const key = await hmacKey(secret);
  for (const entry of entries) {
    const nonce = await nonceFor(key, entry, email);
    if (nonce) return nonce;
  }
  return null;
}

/**
 * The Set-Cookie after a successful sign-in: a fresh entry for this account (a new nonce, so a
 * stolen old cookie stops counting once the owner signs in again), the browser's entries for other
 * accounts kept, the oldest dropped past MAX_ENTRIES.
 */
export async function deviceCookieAfterSignIn(request: Request, secret: string, email: string): Promise<string> {
  const key = await hmacKey(secret);
  const nonce = encodeBase64urlNoPadding(crypto.getRandomValues(new Uint8Array(NONCE_BYTES)));
  const signature = encodeBase64urlNoPadding(new Uint8Array(await crypto.subtle.sign("HMAC", key, message(email, nonce))));
  const others: string[] = [];
  for (const entry of readEntries(request)) {
    if (!(await nonceFor(key, entry, email))) others.push(entry);
  }
  const value = [`${nonce}.${signature}`, ...others].slice(0, MAX_ENTRIES).join("~");
  const attrs = [`${cookieName(request)}=${value}`, "Path=/", "HttpOnly", "SameSite=Lax", `Max-Age=${MAX_AGE_SECONDS}`];
  if (isSecure(request)) attrs.push("Secure");
  return attrs.join("; ");
}
