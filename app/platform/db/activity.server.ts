import { and, asc, desc, eq, inArray, is, sql, SQL } from "drizzle-orm";
import type { Db } from "./client.server";
import { activityLog } from "./schema";

export const activityActions = [
  "sign_up",
  "login",
  "login_failed",
  "logout",
  "profile_update",
  /** details.timeZone: the new zone (decision 032). */
  "time_zone_change",
  "password_change",
  "role_change",
  "account_deactivated",
  "account_reactivated",
  "signin_unlocked",
  "transaction_create",
  /** One call of the transactions door that created several (an import, the recurring job): details.count is how many. */
  "transactions_create",
  "transaction_update",
  "transaction_delete",
  /** Undo of a delete (issue 27, decision 035). */
  "transaction_restore",
  "exchange_rate_manual",
  "currency_activate",
  "currency_deactivate",
  "budget_create",
  "budget_update",
  "budget_delete",
  "budget_restore",
  "budget_copy",
  "goal_create",
  "goal_update",
  "goal_delete",
  "goal_restore",
  "goal_progress",
  /** Schedules (issue 24); a schedule's posted occurrences are the transactions door's entries (source "recurring"). */
  "recurring_create",
  "recurring_update",
  "recurring_delete",
  "recurring_skip",
  "recurring_pause",
  "recurring_resume",
  /** Address verification and email change (issue 25); details.email: the address. */
  "email_verified",
  "email_change_requested",
  "email_changed",
  /** The job held an occurrence the transactions door refused: details.date, details.message (a message key), details.recurringId. */
  "recurring_hold",
  /** Password reset by mail (issue 25): a link asked for (details.by "admin" when a superadmin sent it), the password set with one, and on the admin's own log the link they sent (details.email). */
  "password_reset_requested",
  "password_reset",
  "password_reset_sent",
  /** A category's or a tag's delete and its Undo (issue 27, decision 035): details.name. */
  "category_delete",
  "category_restore",
  "tag_delete",
  "tag_restore",
  /** An import's commit (issue 26): details.count (transactions created), details.file (the file's name); and its undo (details.file, details.count removed). */
  "import_commit",
  "import_undo",
  /** "Explore with sample data" and "Remove sample data" (issue 27, decision 040): details.count, the sample transactions. */
  "sample_add",
  "sample_remove",
] as const;
export type ActivityAction = (typeof activityActions)[number];

/** Who does a command: the owner every row is written for, and the address its activity entry records. */
/**
 * Who a command acts for. `timeZone` is the user's IANA zone, for a command that dates something
 * "today" (a goal's entry): the web guard and the API handler fill it from the signed-in user;
 * without it that day is UTC's (decision 032).
 */
export type Actor = { userId: string; ip: string | null; timeZone?: string };

/**
 * An entry's values (decision 025), which the page renders into the action's sentence in the
 * reader's language: e.g. { description: "Coffee" }, { count: 3 }, { role: "user" }, { by: "admin" }.
 * `description` stays the English text the API answers, as written before.
 */
export type ActivityDetails = Record<string, string | number>;

export type ActivityInput = { userId: string; action: ActivityAction; description: string; details: ActivityDetails; ipAddress: string | null };

/** Returned as a query so callers can put it in the same batch as the change it records. */
export function recordActivityQuery(db: Db, entry: ActivityInput) {
  return db.insert(activityLog).values(entry);
}

/**
 * An activity entry written by INSERT … SELECT, for a caller whose change is itself conditional:
 * `rest` is the SELECT's tail (`where …`, or `from … having …`), evaluated in the same batch after
 * the change, so the entry is written only when the change happened. `description` may be SQL
 * over that tail's rows (a count), and `details` SQL giving its JSON (json_object). The SELECT
 * gives every column in the schema's order.
 */
export function recordActivitySelectQuery(
  db: Db,
  entry: Omit<ActivityInput, "description" | "details"> & { description: string | SQL; details: ActivityDetails | SQL },
  rest: SQL,
) {
  const details = is(entry.details, SQL) ? entry.details : JSON.stringify(entry.details);
  return db
    .insert(activityLog)
    .select(
      sql`select lower(hex(randomblob(16))), ${entry.userId}, ${entry.action}, ${entry.description}, ${details}, ${entry.ipAddress}, (unixepoch('subsec') * 1000) ${rest}`,
    );
}

/**
 * An activity entry that also guards its batch: written when `condition` (SQL) holds, and
 * otherwise failing the whole batch, so nothing else in it is written. The entry's user id is
 * selected only where the condition holds; otherwise it is NULL, which the NOT NULL constraint
 * refuses (activityGuardRefused tells that failure apart). Put it before the statements that
 * change what the condition reads: an import's commit checks that the import is still staged, so
 * two commits at once write once.
 */
export function recordActivityGuardQuery(db: Db, entry: ActivityInput, condition: SQL) {
  return db
    .insert(activityLog)
    .select(
      sql`select lower(hex(randomblob(16))), (select ${entry.userId} where ${condition}), ${entry.action}, ${entry.description}, ${JSON.stringify(entry.details)}, ${entry.ipAddress}, (unixepoch('subsec') * 1000)`,
    );
}

/** True when a batch failed on recordActivityGuardQuery's condition (searched through the cause chain). */
export function activityGuardRefused(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e && depth < 5; depth++) {
    if (/NOT NULL constraint failed: activity_log\.user_id/i.test(String(e instanceof Error ? e.message : e))) return true;
    e = e instanceof Error ? e.cause : undefined;
  }
  return false;
}

/** The details of the user's latest `limit` entries of one action, newest first (a feature's own record, e.g. a schedule's hold reason). */
export async function latestActivityDetails(db: Db, userId: string, action: ActivityAction, limit: number): Promise<ActivityDetails[]> {
  const rows = await db
    .select({ details: activityLog.details })
    .from(activityLog)
    .where(and(eq(activityLog.userId, userId), eq(activityLog.action, action)))
    .orderBy(desc(activityLog.createdAt))
    .limit(limit);
  return rows.map((row) => row.details ?? {});
}

export function listRecentActivity(db: Db, userId: string, limit = 10) {
  return db
    .select({
      id: activityLog.id,
      action: activityLog.action,
      description: activityLog.description,
      details: activityLog.details,
      ipAddress: activityLog.ipAddress,
      timestamp: activityLog.createdAt,
    })
    .from(activityLog)
    .where(eq(activityLog.userId, userId))
    .orderBy(desc(activityLog.createdAt))
    .limit(limit);
}

/**
 * Whether the user has been here before: the activity log holds two of their sign-ins, the
 * account's creation (`sign_up`, which signs the new user in) or a sign-in with the password
 * (`login`), counting the one that opened this session. A brand-new user, or one an admin created,
 * is on their first visit until they sign in again; the dashboard greets them "Welcome" rather than
 * "Welcome back" (issue 23). It reads the (user, created_at) index in order and stops at the
 * second match, which for a returning user comes within their first session's entries.
 */
export async function hasVisitedBefore(db: Db, userId: string): Promise<boolean> {
  const rows = await db
    .select({ id: activityLog.id })
    .from(activityLog)
    .where(and(eq(activityLog.userId, userId), inArray(activityLog.action, ["sign_up", "login"])))
    .orderBy(asc(activityLog.createdAt))
    .limit(2);
  return rows.length === 2;
}
