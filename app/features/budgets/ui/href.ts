import { monthEndOf, type MonthStart, yearMonthOf } from "~/calendar/months";
import { expensesHref } from "~/features/transactions/model/list-query";

// The /budgets page's address: the month (left out for the current one, so the menu's plain
// /budgets is "this month") and the page's modes (?newBudget, ?editGoal=id, ...).

export function budgetsHref(month: MonthStart, current: MonthStart, state: Record<string, string> = {}): string {
  const params = new URLSearchParams();
  if (month !== current) params.set("month", yearMonthOf(month));
  for (const [key, value] of Object.entries(state)) params.set(key, value);
  const query = params.toString().replace(/=(?=&|$)/g, "");
  return query ? `/budgets?${query}` : "/budgets";
}

/** The month part of the page's address, for links that add a mode to it (RowEditDeleteLinks' params). */
export function monthParam(month: MonthStart, current: MonthStart): string {
  return month === current ? "" : `month=${yearMonthOf(month)}`;
}

/** The transactions a budget's "spent" adds up: the month's expenses in its category (issue 27), as expenseCentsByCategory counts them. */
export function spentHref(budget: { categoryId: string }, month: MonthStart): string {
  return expensesHref({ type: "EXPENSE", categoryId: budget.categoryId, from: month, to: monthEndOf(month) });
}
