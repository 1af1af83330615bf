import { and, asc, desc, eq, inArray } from "drizzle-orm";
import type { Db } from "~/platform/db/client.server";
import { goalEntries, savingsGoals } from "~/platform/db/schema";

// Reads of savings goals, always for one user.

export type GoalRow = {
  id: string;
  name: string;
  currencyCode: string;
  targetMinor: number;
  savedMinor: number;
  targetDate: string | null;
  description: string | null;
  createdAt: Date;
  updatedAt: Date;
};

export type GoalEntryRow = { id: string; goalId: string; date: string; amountMinor: number; note: string | null; createdAt: Date };

export const goalColumns = {
  id: savingsGoals.id,
  name: savingsGoals.name,
  currencyCode: savingsGoals.currencyCode,
  targetMinor: savingsGoals.targetMinor,
  savedMinor: savingsGoals.savedMinor,
  targetDate: savingsGoals.targetDate,
  description: savingsGoals.description,
  createdAt: savingsGoals.createdAt,
  updatedAt: savingsGoals.updatedAt,
};

const entryColumns = {
  id: goalEntries.id,
  goalId: goalEntries.goalId,
  date: goalEntries.date,
  amountMinor: goalEntries.amountMinor,
  note: goalEntries.note,
  createdAt: goalEntries.createdAt,
};

/** The user's goals, oldest first (the order they were set). */
export function listGoals(db: Db, userId: string): Promise<GoalRow[]> {
  return db.select(goalColumns).from(savingsGoals).where(eq(savingsGoals.userId, userId)).orderBy(asc(savingsGoals.createdAt), asc(savingsGoals.id));
}

/** One of the user's goals; undefined for a missing id or another user's. */
export async function findGoal(db: Db, userId: string, id: string): Promise<GoalRow | undefined> {
  const [row] = await db
    .select(goalColumns)
    .from(savingsGoals)
    .where(and(eq(savingsGoals.id, id), eq(savingsGoals.userId, userId)));
  return row;
}

/** Every entry of the user's goals, newest first, for the goals' histories; found through the goals' index. */
export function listGoalEntries(db: Db, userId: string): Promise<GoalEntryRow[]> {
  const usersGoals = db.select({ id: savingsGoals.id }).from(savingsGoals).where(eq(savingsGoals.userId, userId));
  return db
    .select(entryColumns)
    .from(goalEntries)
    .where(and(inArray(goalEntries.goalId, usersGoals), eq(goalEntries.userId, userId)))
    .orderBy(desc(goalEntries.date), desc(goalEntries.createdAt), desc(goalEntries.id));
}

/** Whether the user has any savings goal (the dashboard's first-run checklist, issue 27). */
export async function hasAnyGoal(db: Db, userId: string): Promise<boolean> {
  const rows = await db.select({ id: savingsGoals.id }).from(savingsGoals).where(eq(savingsGoals.userId, userId)).limit(1);
  return rows.length > 0;
}
