import { and, eq, gt, inArray, lte, or } from "drizzle-orm";
import { decodeBase64urlIgnorePadding, encodeBase64urlNoPadding } from "@oslojs/encoding";
import type { Db } from "~/platform/db/client.server";
import { deviceEntries, users } from "~/platform/db/schema";
import { readHostCookie, serializeHostCookie } from "./session-cookie.server";
import { hashToken, hmacSha256, isHmacSha256 } from "./tokens.server";

// Device cookies (OWASP, "Slow Down Online Guessing Attacks with Device Cookies"). The per-account
// login limit stops password guessing, but on its own it lets anyone lock the owner out by
// failing five times. A browser that has signed in to an account before carries a cookie that
// proves it; its attempts on that account count against the entry's own bucket (and the account's
// shared device cap, features/accounts/commands.server.ts) instead of the account's, so the owner gets in while strangers
// are throttled.
//
// The cookie holds up to MAX_ENTRIES entries "nonce.signature", one per account signed in from this
// browser; signature = HMAC-SHA256(secret, "device:v1:" + email + ":" + nonce). It names no account:
// an entry is only recognised by checking it against the email being tried. The signature alone
// would vouch for ever, so each entry is also a row of device_entries (hex SHA-256 of the nonce,
// the user, an expiry): the entry is trusted only while its row lives. A later sign-in from the
// same browser replaces the row, and revokeDeviceEntriesQuery (revoke.server.ts) deletes them all
// on a password change or reset, an email change and a deactivation (decision 002).

const MAX_ENTRIES = 5;
const NONCE_BYTES = 16;
const ENTRY = /^([A-Za-z0-9_-]{22})\.([A-Za-z0-9_-]{43})$/;
/** 90 days, the sessions' absolute limit: past it the browser proves itself again with the password. */
export const DEVICE_ENTRY_LIFETIME_MS = 90 * 24 * 60 * 60 * 1000;

const message = (email: string, nonce: string) => new TextEncoder().encode(`device:v1:${email.toLowerCase()}:${nonce}`);

function readEntries(request: Request): string[] {
  const value = readHostCookie(request, "device");
  if (value === null) return [];
  return value
    .split("~")
    .filter((entry) => ENTRY.test(entry))
    .slice(0, MAX_ENTRIES);
}

/** The entry's nonce when it was issued for this email with this secret, compared in constant time. */
function nonceFor(secret: string, entry: string, email: string): string | null {
  const [, nonce, signature] = ENTRY.exec(entry)!;
  let bytes: Uint8Array;
  try {
    bytes = decodeBase64urlIgnorePadding(signature!);
  } catch {
    return null;
  }
  return isHmacSha256(secret, message(email, nonce!), bytes) ? nonce! : null;
}

/** This browser's entries signed for the email, split from its entries for other accounts. */
function splitEntries(request: Request, secret: string, email: string) {
  const mine: string[] = [];
  const others: string[] = [];
  for (const entry of readEntries(request)) {
    const nonce = nonceFor(secret, entry, email);
    if (nonce) mine.push(hashToken(nonce));
    else others.push(entry);
  }
  return { mine, others };
}

/** A browser the account trusts: its entry's row (the entry's own bucket) and the account it vouches for (the shared cap). */
export type TrustedDevice = { entryId: string; userId: string };

/**
 * The device entry this browser holds for the account, or null when it has none that still vouches:
 * forged, replaced by a later sign-in, expired, revoked, or issued to another user who held the email
 * before (the row names the user, not the address).
 */
export async function trustedDevice(db: Db, request: Request, secret: string, email: string, now = Date.now()): Promise<TrustedDevice | null> {
  if (readEntries(request).length === 0) return null;
  const { mine } = splitEntries(request, secret, email);
  if (mine.length === 0) return null;
  const [row] = await db
    .select({ entryId: deviceEntries.id, userId: deviceEntries.userId })
    .from(deviceEntries)
    .innerJoin(users, eq(users.id, deviceEntries.userId))
    .where(and(inArray(deviceEntries.id, mine), eq(users.email, email.toLowerCase()), eq(users.isActive, true), gt(deviceEntries.expiresAt, new Date(now))))
    .limit(1);
  return row ?? null;
}

/**
 * After a successful sign-in (or registration): a fresh entry for this account stored with its
 * expiry, the entry this browser held for it before deleted (so a copy of the old cookie stops
 * counting), the user's expired entries swept, and the Set-Cookie that carries the new entry beside
 * the browser's entries for other accounts (the oldest dropped past MAX_ENTRIES).
 */
export async function deviceCookieAfterSignIn(
  db: Db,
  request: Request,
  secret: string,
  user: { id: string; email: string },
  now = Date.now(),
): Promise<string> {
  const nonce = encodeBase64urlNoPadding(crypto.getRandomValues(new Uint8Array(NONCE_BYTES)));
  const signature = encodeBase64urlNoPadding(hmacSha256(secret, message(user.email, nonce)));
  const { mine: replaced, others } = splitEntries(request, secret, user.email);
  await db.batch([
    db
      .delete(deviceEntries)
      .where(
        and(
          eq(deviceEntries.userId, user.id),
          replaced.length ? or(inArray(deviceEntries.id, replaced), lte(deviceEntries.expiresAt, new Date(now))) : lte(deviceEntries.expiresAt, new Date(now)),
        ),
      ),
    db.insert(deviceEntries).values({ id: hashToken(nonce), userId: user.id, expiresAt: new Date(now + DEVICE_ENTRY_LIFETIME_MS), createdAt: new Date(now) }),
  ]);
  const value = [`${nonce}.${signature}`, ...others].slice(0, MAX_ENTRIES).join("~");
  return serializeHostCookie(request, "device", value, { maxAge: DEVICE_ENTRY_LIFETIME_MS / 1000 });
}
