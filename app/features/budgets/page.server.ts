import type { MonthStart } from "~/calendar/months";
import { listCategories } from "~/features/categories/queries.server";
import { plannedSpendingUsd } from "~/features/recurring/queries.server";
import { monthEndOf } from "~/calendar/months";
import type { Db } from "~/platform/db/client.server";
import { hasBudgetsToCopy, listBudgetMonth } from "./queries.server";
import { budgetFigures, budgetMonthTotals } from "./model";
import type { BudgetCategory, BudgetView } from "./ui/budget-status";

// What /budgets shows of a month's budgets: each with its figures, the month's totals, and
// the expense categories the form offers. Shared by the page's loader and the dashboard.

export type BudgetMonthView = {
  budgets: BudgetView[];
  totals: ReturnType<typeof budgetMonthTotals>;
  /** Every expense category the user may budget. */
  categories: BudgetCategory[];
  /** Whether the month before has budgets to copy: for categories this month has none for (the Copy button). */
  previousHasBudgets: boolean;
};

export function toBudgetViews(rows: Awaited<ReturnType<typeof listBudgetMonth>>): BudgetView[] {
  return rows.map((row) => ({
    id: row.id,
    categoryId: row.categoryId,
    category: { id: row.categoryId, name: row.category.name, icon: row.category.icon, color: row.category.color },
    amountCents: row.amountCents,
    alertThreshold: row.alertThreshold,
    spentCents: row.spentCents,
    ...budgetFigures(row.amountCents, row.spentCents, row.alertThreshold),
  }));
}

export async function loadBudgetMonth(db: Db, userId: string, month: MonthStart): Promise<BudgetMonthView> {
  const [rows, previous, categories] = await Promise.all([
    listBudgetMonth(db, userId, month),
    hasBudgetsToCopy(db, userId, month),
    listCategories(db, userId),
  ]);
  return {
    budgets: toBudgetViews(rows),
    totals: budgetMonthTotals(rows),
    categories: categories.filter((c) => c.type === "expense").map((c) => ({ id: c.id, name: c.name, icon: c.icon, color: c.color })),
    previousHasBudgets: previous,
  };
}

/** The month's budgets that are near or over their limit, the worst first: the dashboard's alerts. */
export async function loadBudgetAlerts(db: Db, userId: string, month: MonthStart): Promise<BudgetView[]> {
  const views = toBudgetViews(await listBudgetMonth(db, userId, month));
  const rank = { over: 0, near: 1, ok: 2 } as const;
  return views.filter((b) => b.status !== "ok").sort((a, b) => rank[a.status] - rank[b.status] || b.percent - a.percent);
}

/**
 * The current month's budgets with, each, what the user's expense schedules in its category
 * still post this month (from the month's first day: a date already posted or skipped is not
 * counted, one due and not yet posted is), estimated in USD at today's rate (issue 24).
 */
export async function withPlannedSpending(db: Db, userId: string, budgets: BudgetView[], month: MonthStart, today: string): Promise<BudgetView[]> {
  if (budgets.length === 0) return budgets;
  const planned = new Map((await plannedSpendingUsd(db, userId, month, monthEndOf(month), today)).map((p) => [p.categoryId, p]));
  return budgets.map((budget) => {
    const found = planned.get(budget.categoryId);
    return { ...budget, planned: found ? { estimateUsdCents: found.estimateUsdCents, missingRates: found.missingRates } : null };
  });
}
