import { and, gte, lt, sql } from "drizzle-orm";
import type { Db } from "~/platform/db/client.server";
import { throttleBuckets } from "~/platform/db/schema";

export type ThrottleRule = { capacity: number; perMs: number };

// ARCHITECTURE.md 5: login, register, refresh and password change, per account and per IP.
// Per-account limits stop guessing one password; per-IP limits are looser because many
// people can share one address.
export const throttleRules = {
  loginAccount: { capacity: 5, perMs: 60_000 },
  loginIp: { capacity: 30, perMs: 60_000 },
  registerIp: { capacity: 20, perMs: 60 * 60_000 },
  refreshFamily: { capacity: 30, perMs: 60_000 },
  refreshIp: { capacity: 60, perMs: 60_000 },
  passwordAccount: { capacity: 5, perMs: 60_000 },
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
const LOGIN_ACCOUNT_PREFIX = loginAccountKey("");

/**
 * The emails whose per-account login bucket has no token left now, for /admin/users. A range scan
 * over the primary key of the few buckets below one token, refilled here as takeToken would.
 */
export async function lockedLoginEmails(db: Db, now = Date.now()): Promise<Set<string>> {
  const rule = throttleRules.loginAccount;
  const full = rule.capacity * 1000;
  const rows = await db
    .select()
    .from(throttleBuckets)
    // ";" sorts right after ":", so this is every key that starts with the prefix.
    .where(and(gte(throttleBuckets.key, LOGIN_ACCOUNT_PREFIX), lt(throttleBuckets.key, `${LOGIN_ACCOUNT_PREFIX.slice(0, -1)};`), lt(throttleBuckets.milliTokens, 1000)));
  const locked = new Set<string>();
  for (const row of rows) {
    const refilled = Math.min(full, row.milliTokens + ((now - row.updatedAt) * full) / rule.perMs);
    if (refilled < 1000) locked.add(row.key.slice(LOGIN_ACCOUNT_PREFIX.length));
  }
  return locked;
}
