import { and, asc, count, desc, eq, gt, isNull, ne, sql } from "drizzle-orm";
import { foldForSearch } from "~/text/search-text";
import { inList } from "~/platform/db/bound-lists.server";
import type { Db } from "~/platform/db/client.server";
import { accountTokens, type AccountToken, users } from "~/platform/db/schema";
import { hashToken } from "~/auth/tokens.server";
import { userColumns } from "~/auth/user-record.server";
import { displayName, isSuperadmin } from "~/auth/public-user";
import { lockedSignIns } from "~/auth/throttle.server";
import { accountTokenState, type AccountTokenPurpose, type AccountTokenState, type AdminUserRow } from "./model";

// The activity log is written beside every command (platform/db/activity.server.ts); a user's own
// recent entries are an accounts read, for the profile page and GET /api/users/activity.
export { hasVisitedBefore, listRecentActivity } from "~/platform/db/activity.server";

export async function findUserByEmail(db: Db, email: string) {
  const [row] = await db.select().from(users).where(eq(users.email, email)).limit(1);
  return row ?? null;
}

export async function findUserById(db: Db, id: string) {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row ?? null;
}

export type UserListFilter = { search?: string; role?: "superadmin" | "user" | "" };

/**
 * Admin list: name or email contains the search, ignoring case and accents (instr over the stored
 * folded copy; LIKE on D1 refuses patterns over 50 bytes); role filter per spec section 6.
 */
export function listUsers(db: Db, filter: UserListFilter) {
  const conditions = [];
  const search = filter.search?.trim();
  if (search) conditions.push(sql`instr(${users.searchText}, ${foldForSearch(search)}) > 0`);
  if (filter.role === "superadmin") conditions.push(sql`lower(${users.role}) = 'superadmin'`);
  if (filter.role === "user") conditions.push(sql`lower(${users.role}) <> 'superadmin'`);
  return db
    .select(userColumns)
    .from(users)
    .where(conditions.length ? and(...conditions) : undefined)
    .orderBy(asc(users.createdAt))
    .limit(500);
}

/**
 * The admin page's rows: the filtered list, each user marked when their sign-in is locked, by
 * strangers' guesses or by their trusted browsers' shared cap.
 */
export async function listAdminUserRows(db: Db, filter: UserListFilter): Promise<AdminUserRow[]> {
  const [rows, locked] = await Promise.all([listUsers(db, filter), lockedSignIns(db)]);
  return rows.map((u) => ({
    id: u.id,
    name: displayName(u),
    email: u.email,
    isAdmin: isSuperadmin(u.role),
    isActive: u.isActive,
    signInLocked: locked.emails.has(u.email.toLowerCase()) || locked.userIds.has(u.id),
    createdAt: u.createdAt,
  }));
}

export async function countActiveSuperadmins(db: Db, excludingUserId?: string) {
  const [row] = await db
    .select({ n: count() })
    .from(users)
    .where(
      and(
        sql`lower(${users.role}) = 'superadmin'`,
        eq(users.isActive, true),
        excludingUserId ? ne(users.id, excludingUserId) : undefined,
      ),
    );
  return row?.n ?? 0;
}

/**
 * Each listed user's time zone (an IANA name; UTC by default), in one query: a schedule's due
 * dates are the user's local days (issue 24). `userIds` go in as one JSON array (decision 010).
 */
export async function timeZonesOf(db: Db, userIds: readonly string[]): Promise<Map<string, string>> {
  if (userIds.length === 0) return new Map();
  const rows = await db
    .select({ id: users.id, timeZone: users.timeZone })
    .from(users)
    .where(inList(users.id, [...new Set(userIds)]));
  return new Map(rows.map((row) => [row.id, row.timeZone]));
}

/**
 * The token a mailed link carries, read without using it (opening a link must not use it: mail
 * scanners fetch links): its state at `now`, and the stored row when it is valid. A token of
 * another purpose is unknown here.
 */
export async function readAccountToken(
  db: Db,
  input: { token: string; purpose: AccountTokenPurpose; now: Date },
): Promise<{ state: "valid"; token: AccountToken } | { state: Exclude<AccountTokenState, "valid"> }> {
  const [row] = await db
    .select()
    .from(accountTokens)
    .where(and(eq(accountTokens.id, hashToken(input.token)), eq(accountTokens.purpose, input.purpose)))
    .limit(1);
  const state = accountTokenState(row, input.now);
  return state === "valid" && row ? { state, token: row } : { state: state === "valid" ? "unknown" : state };
}

/** The new address of the user's email change still waiting for its link (issue 25), or null. */
export async function pendingEmailChange(db: Db, userId: string, now = new Date()): Promise<string | null> {
  const [row] = await db
    .select({ email: accountTokens.email })
    .from(accountTokens)
    .where(and(eq(accountTokens.userId, userId), eq(accountTokens.purpose, "email_change"), isNull(accountTokens.usedAt), gt(accountTokens.expiresAt, now)))
    .orderBy(desc(accountTokens.createdAt))
    .limit(1);
  return row?.email ?? null;
}
