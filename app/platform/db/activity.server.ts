import { desc, eq, is, sql, SQL } from "drizzle-orm";
import type { Db } from "./client.server";
import { activityLog } from "./schema";

export const activityActions = [
  "sign_up",
  "login",
  "login_failed",
  "logout",
  "profile_update",
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
  "exchange_rate_manual",
  "currency_activate",
  "currency_deactivate",
  "budget_create",
  "budget_update",
  "budget_delete",
  "budget_copy",
  "goal_create",
  "goal_update",
  "goal_delete",
  "goal_progress",
  /** Schedules (issue 24); a schedule's posted occurrences are the transactions door's entries (source "recurring"). */
  "recurring_create",
  "recurring_update",
  "recurring_delete",
  "recurring_skip",
  "recurring_pause",
  "recurring_resume",
] as const;
export type ActivityAction = (typeof activityActions)[number];

/** Who does a command: the owner every row is written for, and the address its activity entry records. */
export type Actor = { userId: string; ip: string | null };

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
