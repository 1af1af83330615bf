import { and, asc, eq, notExists, sql, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import { addMonths, monthEndOf, type MonthStart } from "~/calendar/months";
import { expenseCentsByCategory } from "~/features/transactions/queries.server";
import type { Db } from "~/platform/db/client.server";
import { budgets, categories } from "~/platform/db/schema";

// Reads of budgets, always for one user. What was spent comes from the transactions feature's
// query over stored USD cents, joined in the same SQL statement.

export type BudgetRow = {
  id: string;
  categoryId: string;
  category: { name: string; icon: string; color: string; isDefault: boolean };
  amountCents: number;
  month: MonthStart;
  alertThreshold: number;
  spentCents: number;
  createdAt: Date;
  updatedAt: Date;
};

export const budgetColumns = {
  id: budgets.id,
  categoryId: budgets.categoryId,
  amountCents: budgets.amountUsdCents,
  month: budgets.month,
  alertThreshold: budgets.alertThreshold,
  createdAt: budgets.createdAt,
  updatedAt: budgets.updatedAt,
};

function budgetsWithSpending(db: Db, userId: string, month: MonthStart) {
  const spent = expenseCentsByCategory(db, userId, { startDate: month, endDate: monthEndOf(month) });
  return db
    .select({
      ...budgetColumns,
      category: { name: categories.name, icon: categories.icon, color: categories.color, isDefault: categories.isDefault },
      spentCents: sql<number>`coalesce(${spent.spentCents}, 0)`,
    })
    .from(budgets)
    .innerJoin(categories, eq(categories.id, budgets.categoryId))
    .leftJoin(spent, eq(spent.categoryId, budgets.categoryId));
}

function toBudgetRow(row: Omit<BudgetRow, "month" | "spentCents"> & { month: string; spentCents: number | string }): BudgetRow {
  return { ...row, month: row.month as MonthStart, spentCents: Number(row.spentCents) };
}

/** The month's budgets with what was spent in each, by category name. */
export async function listBudgetMonth(db: Db, userId: string, month: MonthStart): Promise<BudgetRow[]> {
  const rows = await budgetsWithSpending(db, userId, month)
    .where(and(eq(budgets.userId, userId), eq(budgets.month, month)))
    .orderBy(asc(categories.nameKey), asc(budgets.id));
  return rows.map(toBudgetRow);
}

/** One of the user's budgets with its month's spending; undefined for a missing id or another user's. */
export async function findBudget(db: Db, userId: string, id: string): Promise<BudgetRow | undefined> {
  const [owned] = await db.select({ month: budgets.month }).from(budgets).where(and(eq(budgets.id, id), eq(budgets.userId, userId)));
  if (!owned) return undefined;
  const [row] = await budgetsWithSpending(db, userId, owned.month as MonthStart).where(and(eq(budgets.id, id), eq(budgets.userId, userId)));
  return row ? toBudgetRow(row) : undefined;
}

/** Whether the user has any budget in `month` (the page offers to copy them). */
/**
 * Whether the month before `month` has a budget for a category that `month` has none for: what
 * copying the month before would copy. Once copied (or budgeted by hand) there is nothing left.
 */
export async function hasBudgetsToCopy(db: Db, userId: string, month: MonthStart): Promise<boolean> {
  const source = alias(budgets, "source");
  const taken = alias(budgets, "taken");
  const [row] = await db
    .select({ id: source.id })
    .from(source)
    .where(
      and(
        eq(source.userId, userId),
        eq(source.month, addMonths(month, -1)),
        notExists(db.select({ id: taken.id }).from(taken).where(and(eq(taken.userId, userId), eq(taken.categoryId, source.categoryId), eq(taken.month, month)))),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/**
 * Whether any of the user's budgets is for the category, as a condition for a caller's own
 * statement (the categories feature's DELETE). With the owner named it uses the (user, category) index.
 */
export const budgetsUseCategory = (userId: string, categoryId: string | SQL): SQL =>
  sql`exists (select 1 from ${budgets} where ${budgets.userId} = ${userId} and ${budgets.categoryId} = ${categoryId})`;

/** How many of the user's budgets are for the category (over all months). */
export async function countBudgetsInCategory(db: Db, userId: string, categoryId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)` })
    .from(budgets)
    .where(and(eq(budgets.userId, userId), eq(budgets.categoryId, categoryId)));
  return Number(row?.n ?? 0);
}

/** Whether any of the user's budgets is for the category. */
export async function categoryHasBudgets(db: Db, userId: string, categoryId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: budgets.id })
    .from(budgets)
    .where(and(eq(budgets.userId, userId), eq(budgets.categoryId, categoryId)))
    .limit(1);
  return Boolean(row);
}

/** Whether the user has set any budget (the dashboard's first-run checklist, issue 27). */
export async function hasAnyBudget(db: Db, userId: string): Promise<boolean> {
  const rows = await db.select({ id: budgets.id }).from(budgets).where(eq(budgets.userId, userId)).limit(1);
  return rows.length > 0;
}
