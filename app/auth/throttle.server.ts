import { and, eq, gte, inArray, lt, or, sql } from "drizzle-orm";
import type { Db } from "~/platform/db/client.server";
import { deviceEntries, throttleBuckets } from "~/platform/db/schema";

export type ThrottleRule = { capacity: number; perMs: number };

// ARCHITECTURE.md 5: login, register, refresh and password change, per account and per IP.
// Per-account limits stop guessing one password; per-IP limits are looser because many
// people can share one address.
export const throttleRules = {
  loginAccount: { capacity: 5, perMs: 60_000 },
  // A trusted browser's own attempts (device-cookie.server.ts), and what all of one account's
  // trusted browsers may try together: whoever keeps several entries gets no more than this.
  loginDevice: { capacity: 5, perMs: 60_000 },
  loginDevices: { capacity: 10, perMs: 10 * 60_000 },
  loginIp: { capacity: 30, perMs: 60_000 },
  registerIp: { capacity: 20, perMs: 60 * 60_000 },
  refreshFamily: { capacity: 30, perMs: 60_000 },
  refreshIp: { capacity: 60, perMs: 60_000 },
  passwordAccount: { capacity: 5, perMs: 60_000 },
  // "Forgot password?" (issue 25): an address gets at most 3 links in 15 minutes (nobody's inbox
  // is flooded), an IP 10 requests (whichever addresses); the reset form 10 tries a minute per IP.
  forgotAccount: { capacity: 3, perMs: 15 * 60_000 },
  forgotIp: { capacity: 10, perMs: 15 * 60_000 },
  resetIp: { capacity: 10, perMs: 60_000 },
  // "Send again" of the address verification link (issue 25): a few a quarter of an hour per user.
  verifyResendAccount: { capacity: 3, perMs: 15 * 60_000 },
} satisfies Record<string, ThrottleRule>;

export type ThrottleResult = { allowed: true } | { allowed: false; retryAfterSeconds: number };

/**
 * Takes one token from the bucket `key` in a single upsert, so concurrent
 * requests cannot both take the last token. Tokens are stored in thousandths.
 */
export async function takeToken(db: Db, key: string, rule: ThrottleRule, now = Date.now()): Promise<ThrottleResult> {
  const full = rule.capacity * 1000;
  // milli-tokens regained per millisecond = capacity*1000 / perMs
  const refilled = sql`min(${full}, ${throttleBuckets.milliTokens} + ((${now} - ${throttleBuckets.updatedAt}) * ${full}) / ${rule.perMs})`;
  const [row] = await db
    .insert(throttleBuckets)
    .values({ key, milliTokens: full - 1000, granted: true, updatedAt: now })
    .onConflictDoUpdate({
      target: throttleBuckets.key,
      set: {
        // Both expressions read the row's old values, so they agree on the refill.
        milliTokens: sql`case when ${refilled} >= 1000 then ${refilled} - 1000 else ${refilled} end`,
        granted: sql`${refilled} >= 1000`,
        updatedAt: now,
      },
    })
    .returning({ milliTokens: throttleBuckets.milliTokens, granted: throttleBuckets.granted });
  if (!row || row.granted) return { allowed: true };
  const missing = 1000 - row.milliTokens;
  return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((missing * rule.perMs) / full / 1000)) };
}

/** The per-account login bucket strangers' attempts on an account share (attemptLogin; a superadmin can empty it). */
export const loginAccountKey = (email: string) => `login:account:${email.toLowerCase()}`;
/** A trusted browser's own bucket, named by its device entry's id. */
export const loginDeviceKey = (entryId: string) => `login:device:${entryId}`;
/** The cap all of an account's trusted browsers share, named by the user (an entry vouches for a user, not an address). */
export const loginDevicesKey = (userId: string) => `login:devices:${userId}`;

/**
 * The keys after `prefix` whose bucket has no token left now. A range scan over the primary key
 * of the few buckets below one token, refilled here as takeToken would.
 */
async function emptyBuckets(db: Db, prefix: string, rule: ThrottleRule, now: number): Promise<Set<string>> {
  const full = rule.capacity * 1000;
  const rows = await db
    .select()
    .from(throttleBuckets)
    // ";" sorts right after ":", so this is every key that starts with the prefix.
    .where(and(gte(throttleBuckets.key, prefix), lt(throttleBuckets.key, `${prefix.slice(0, -1)};`), lt(throttleBuckets.milliTokens, 1000)));
  const empty = new Set<string>();
  for (const row of rows) {
    const refilled = Math.min(full, row.milliTokens + ((now - row.updatedAt) * full) / rule.perMs);
    if (refilled < 1000) empty.add(row.key.slice(prefix.length));
  }
  return empty;
}

/**
 * Whose sign-in is locked now, for /admin/users: the emails whose per-account bucket is empty
 * (strangers' guesses), and the users whose trusted browsers have used up their shared cap.
 */
export async function lockedSignIns(db: Db, now = Date.now()): Promise<{ emails: Set<string>; userIds: Set<string> }> {
  const [emails, userIds] = await Promise.all([
    emptyBuckets(db, loginAccountKey(""), throttleRules.loginAccount, now),
    emptyBuckets(db, loginDevicesKey(""), throttleRules.loginDevices, now),
  ]);
  return { emails, userIds };
}

/**
 * Empties every sign-in bucket that holds an account: the strangers' one of its email, the cap of
 * its trusted browsers, and each of their own buckets. A query, for the caller's batch.
 */
export function clearSignInBucketsQuery(db: Db, user: { id: string; email: string }) {
  const ownBuckets = db
    .select({ key: sql<string>`${loginDeviceKey("")} || ${deviceEntries.id}` })
    .from(deviceEntries)
    .where(eq(deviceEntries.userId, user.id));
  return db
    .delete(throttleBuckets)
    .where(or(inArray(throttleBuckets.key, [loginAccountKey(user.email), loginDevicesKey(user.id)]), inArray(throttleBuckets.key, ownBuckets)));
}
