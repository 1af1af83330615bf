import { and, eq, sql } from "drizzle-orm";
import { MAX_USER_TOTAL_MINOR } from "~/money/amounts";
import { userToday } from "~/calendar/time-zones";
import type { GoalInput, GoalProgressInput } from "~/features/goals/model";
import { findCurrency } from "~/features/rates/queries.server";
import { recordActivityQuery, type Actor } from "~/platform/db/activity.server";
import { inList } from "~/platform/db/bound-lists.server";
import type { Db } from "~/platform/db/client.server";
import { checkViolated, isUniqueViolation } from "~/platform/db/errors.server";
import { markRestoredQuery, recordDeletionQuery, restorableDeletion, snapshotArray } from "~/platform/db/deleted-records.server";
import { goalEntries, savingsGoals } from "~/platform/db/schema";
import { findGoal, type GoalRow } from "./queries.server";

// The only write path for savings goals, for the web page and the API alike. A goal's saved
// amount is the sum of its entries: every write that adds an entry sets saved_minor from that
// sum in the same batch, so the two never disagree, and the CHECK on saved_minor refuses a
// batch that would take it below zero. Each change and its activity entry are one batch.
// A goal is set in an active currency; one already in a currency the admin has since turned off
// keeps it, but none is moved into one. The rule is here, so the page and the API agree.

/** Why a write was refused; errors.ts gives each its status and message for both faces. */
export type GoalRefusal = "notFound" | "belowZero" | "tooLarge" | "currencyLocked" | "currencyInactive";
export type GoalOutcome = { kind: "ok"; goal: GoalRow } | { kind: GoalRefusal };

export type UpdateGoalInput = GoalInput & { id: string };
export type GoalProgress = GoalProgressInput & { id: string };

/** saved_minor from the goal's entries, as one statement for the batch that added one. */
function resumSaved(db: Db, userId: string, goalId: string) {
  return db
    .update(savingsGoals)
    .set({
      savedMinor: sql`(select coalesce(sum(${goalEntries.amountMinor}), 0) from ${goalEntries} where ${goalEntries.goalId} = ${goalId})`,
      updatedAt: new Date(),
    })
    .where(and(eq(savingsGoals.id, goalId), eq(savingsGoals.userId, userId)));
}

/** An entry dated the user's today (decision 032). */
function entryInsert(db: Db, actor: Actor, goalId: string, amountMinor: number, note: string | null) {
  return db.insert(goalEntries).values({ goalId, userId: actor.userId, date: userToday(actor), amountMinor, note });
}

/** Whether a goal may be set in `code`: an active currency. */
async function isActiveCurrency(db: Db, code: string): Promise<boolean> {
  return (await findCurrency(db, code, { activeOnly: true })) !== undefined;
}

export async function createGoal(db: Db, actor: Actor, input: GoalInput): Promise<GoalOutcome> {
  if (!(await isActiveCurrency(db, input.currencyCode))) return { kind: "currencyInactive" };
  const id = crypto.randomUUID();
  const saved = input.savedMinor ?? 0;
  await db.batch([
    db.insert(savingsGoals).values({
      id,
      userId: actor.userId,
      name: input.name,
      currencyCode: input.currencyCode,
      targetMinor: input.targetMinor,
      savedMinor: saved,
      targetDate: input.targetDate,
      description: input.description,
    }),
    // What is saved already is the first entry, so the history adds up from the start.
    ...(saved > 0 ? [entryInsert(db, actor, id, saved, null)] : []),
    recordActivityQuery(db, { userId: actor.userId, action: "goal_create", description: input.name, details: { name: input.name }, ipAddress: actor.ip }),
  ]);
  const goal = await findGoal(db, actor.userId, id);
  return goal ? { kind: "ok", goal } : { kind: "notFound" };
}

/**
 * Changes the goal's details. A saved amount that differs from the entries' sum is recorded as
 * an entry of the difference (the API's current_amount; the form's "saved so far"). The
 * currency cannot change once entries exist: they are amounts in the old currency; without
 * entries it may change to an active one only (the goal's own stays allowed once inactive).
 */
export async function updateGoal(db: Db, actor: Actor, { id, ...input }: UpdateGoalInput): Promise<GoalOutcome> {
  const existing = await findGoal(db, actor.userId, id);
  if (!existing) return { kind: "notFound" };
  if (input.currencyCode !== existing.currencyCode) {
    const [entry] = await db.select({ id: goalEntries.id }).from(goalEntries).where(eq(goalEntries.goalId, id)).limit(1);
    if (entry) return { kind: "currencyLocked" };
    if (!(await isActiveCurrency(db, input.currencyCode))) return { kind: "currencyInactive" };
  }
  const difference = input.savedMinor === undefined ? 0 : input.savedMinor - existing.savedMinor;
  const owned = and(eq(savingsGoals.id, id), eq(savingsGoals.userId, actor.userId));
  try {
    await db.batch([
      db
        .update(savingsGoals)
        .set({ name: input.name, currencyCode: input.currencyCode, targetMinor: input.targetMinor, targetDate: input.targetDate, description: input.description, updatedAt: new Date() })
        .where(owned),
      ...(difference !== 0 ? [entryInsert(db, actor, id, difference, null), resumSaved(db, actor.userId, id)] : []),
      recordActivityQuery(db, { userId: actor.userId, action: "goal_update", description: input.name, details: { name: input.name }, ipAddress: actor.ip }),
    ]);
  } catch (error) {
    // A withdrawal recorded meanwhile made the adjustment take the sum below zero.
    if (isSavedBelowZero(error)) return { kind: "belowZero" };
    throw error;
  }
  const goal = await findGoal(db, actor.userId, id);
  return goal ? { kind: "ok", goal } : { kind: "notFound" };
}

/**
 * What a goal's delete keeps for Undo (issue 27, decision 035): its row and its entries as stored
 * (an entry's created_at in milliseconds, as the column holds it, so the restore copies it in SQL).
 */
export type GoalSnapshot = {
  goal: typeof savingsGoals.$inferSelect;
  entries: (Omit<typeof goalEntries.$inferSelect, "createdAt"> & { createdAt: number })[];
};

export async function deleteGoal(db: Db, actor: Actor, { id }: { id: string }): Promise<GoalOutcome> {
  const { userId } = actor;
  const goal = await findGoal(db, userId, id);
  if (!goal) return { kind: "notFound" };
  const [[row], entries] = await Promise.all([
    db.select().from(savingsGoals).where(and(eq(savingsGoals.id, id), eq(savingsGoals.userId, userId))),
    db.select().from(goalEntries).where(and(eq(goalEntries.goalId, id), eq(goalEntries.userId, userId))).orderBy(goalEntries.date, goalEntries.createdAt),
  ]);
  if (!row) return { kind: "notFound" };
  const snapshot: GoalSnapshot = { goal: row, entries: entries.map((entry) => ({ ...entry, createdAt: entry.createdAt.getTime() })) };
  // The entries go with the goal: explicitly, since libSQL enforces ON DELETE CASCADE only when asked to.
  const [, , deleted] = await db.batch([
    recordDeletionQuery(db, { userId, kind: "goal", recordId: id, snapshot }, sql`exists (select 1 from savings_goals where id = ${id} and user_id = ${userId})`),
    db.delete(goalEntries).where(and(eq(goalEntries.goalId, id), eq(goalEntries.userId, userId))),
    db
      .delete(savingsGoals)
      .where(and(eq(savingsGoals.id, id), eq(savingsGoals.userId, userId)))
      .returning({ id: savingsGoals.id }),
    recordActivityQuery(db, { userId, action: "goal_delete", description: goal.name, details: { name: goal.name }, ipAddress: actor.ip }),
  ]);
  return deleted.length > 0 ? { kind: "ok", goal } : { kind: "notFound" };
}

/**
 * Undo of a delete within the window (decision 035): the goal and every entry of its history come
 * back as they were (same ids, amounts, dates, saved amount), with its activity entry and the
 * snapshot marked restored, in one batch. Never deleted, already restored, too old or another
 * user's: "notFound".
 */
export type RestoreGoalOutcome = { kind: "ok"; goal: GoalRow } | { kind: "notFound" };

export async function restoreGoal(db: Db, actor: Actor, { id }: { id: string }): Promise<RestoreGoalOutcome> {
  const { userId } = actor;
  const deletion = await restorableDeletion<GoalSnapshot>(db, userId, "goal", id);
  if (!deletion) return { kind: "notFound" };
  const { goal } = deletion.snapshot;
  try {
    const [marked] = await db.batch([
      markRestoredQuery(db, userId, deletion.id),
      db.insert(savingsGoals).values({ ...goal, userId, createdAt: new Date(goal.createdAt), updatedAt: new Date(goal.updatedAt) }),
      // The history in one statement however long it is, read from the stored snapshot by json_each.
      db.insert(goalEntries).select(
        sql`select json_extract(e.value, '$.id'), ${id}, ${userId}, json_extract(e.value, '$.date'), json_extract(e.value, '$.amountMinor'),
          json_extract(e.value, '$.note'), json_extract(e.value, '$.createdAt')
          from ${snapshotArray(deletion.id, "$.entries")} as e`,
      ),
      recordActivityQuery(db, { userId, action: "goal_restore", description: goal.name, details: { name: goal.name }, ipAddress: actor.ip }),
    ]);
    if (marked.length === 0) return { kind: "notFound" };
  } catch (error) {
    // Restored by a request at the same moment: the ids are taken, and this batch wrote nothing.
    if (isUniqueViolation(error)) return { kind: "notFound" };
    throw error;
  }
  const restored = await findGoal(db, userId, id);
  return restored ? { kind: "ok", goal: restored } : { kind: "notFound" };
}

/** Adds a deposit (positive) or a withdrawal (negative); refused when it would leave less than nothing saved. */
export async function recordGoalProgress(db: Db, actor: Actor, { id, amountMinor, note }: GoalProgress): Promise<GoalOutcome> {
  const goal = await findGoal(db, actor.userId, id);
  if (!goal) return { kind: "notFound" };
  if (goal.savedMinor + amountMinor < 0) return { kind: "belowZero" };
  // The sum stays an exact JavaScript number, as every user total does (decision 011).
  if (goal.savedMinor + amountMinor > MAX_USER_TOTAL_MINOR) return { kind: "tooLarge" };
  try {
    await db.batch([
      entryInsert(db, actor, id, amountMinor, note),
      resumSaved(db, actor.userId, id),
      recordActivityQuery(db, { userId: actor.userId, action: "goal_progress", description: goal.name, details: { name: goal.name }, ipAddress: actor.ip }),
    ]);
  } catch (error) {
    // Another withdrawal landed between the check and this batch: the CHECK refused the sum.
    if (isSavedBelowZero(error)) return { kind: "belowZero" };
    throw error;
  }
  const updated = await findGoal(db, actor.userId, id);
  return updated ? { kind: "ok", goal: updated } : { kind: "notFound" };
}

const isSavedBelowZero = (error: unknown) => checkViolated(error, "savings_goals_saved_not_negative");

/** A goal with its history, as a caller's batch writes it (sample data, issue 27). */
export type GoalWithEntries = GoalInput & { id: string; entries: readonly { date: string; amountMinor: number; note: string | null }[] };

/**
 * A goal's INSERT and its entries', for a caller's batch (sample data, issue 27): saved_minor is
 * the entries' sum, as every write here keeps it. The caller picks an active currency; no
 * activity entry (the caller writes its own).
 */
export function insertGoalQueries(db: Db, userId: string, goal: GoalWithEntries) {
  const saved = goal.entries.reduce((sum, entry) => sum + entry.amountMinor, 0);
  return [
    db.insert(savingsGoals).values({
      id: goal.id,
      userId,
      name: goal.name,
      currencyCode: goal.currencyCode,
      targetMinor: goal.targetMinor,
      savedMinor: saved,
      targetDate: goal.targetDate,
      description: goal.description,
    }),
    ...(goal.entries.length > 0 ? [db.insert(goalEntries).values(goal.entries.map((entry) => ({ goalId: goal.id, userId, ...entry })))] : []),
  ];
}

/** Deletes the user's goals among `ids` with their entries, as two statements for a caller's batch (one JSON parameter each). */
export function deleteGoalsQueries(db: Db, userId: string, ids: readonly string[]) {
  return [
    db.delete(goalEntries).where(and(eq(goalEntries.userId, userId), inList(goalEntries.goalId, ids))),
    db.delete(savingsGoals).where(and(eq(savingsGoals.userId, userId), inList(savingsGoals.id, ids))),
  ] as const;
}
