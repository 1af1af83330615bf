import { wholePercent } from "~/money/ratio";

// The zod-free part of the budgets model (model.ts re-exports it): the figures a budget shows,
// pure, so the page, the dashboard and the API compute them alike and the browser downloads no
// schema library for them.

/** Spec section 9: the alert threshold is a whole percent, 80 unless the user sets it. */
export const DEFAULT_ALERT_THRESHOLD = 80;
export const MIN_ALERT_THRESHOLD = 1;
export const MAX_ALERT_THRESHOLD = 100;

/** Spec section 8: "over" when spent exceeds the budget, "near" when the percent spent reaches the threshold. */
export type BudgetStatus = "ok" | "near" | "over";

export type BudgetFigures = {
  /** Spent as a whole percent of the budget, rounded half away from zero (ARCHITECTURE.md section 3). */
  percent: number;
  /** Budget − spent in USD cents: what is left, negative by the amount over. */
  remainingCents: number;
  status: BudgetStatus;
};

/**
 * A budget's figures from its amount and what was spent, both in USD cents (the amount is
 * positive). "Over" compares cents, so one cent over is over and exactly the budget is not.
 * "Near" compares the percent the user sees with the threshold, so the status never disagrees
 * with the figure beside it: 79.5 % shows as 80 % and is near an 80 % threshold; 79.49 % is 79 %
 * and is not.
 */
export function budgetFigures(amountCents: number, spentCents: number, alertThreshold: number): BudgetFigures {
  if (!Number.isSafeInteger(amountCents) || amountCents <= 0) throw new RangeError("a budget is a positive count of cents");
  const percent = wholePercent(spentCents, amountCents);
  const status: BudgetStatus = spentCents > amountCents ? "over" : percent >= alertThreshold ? "near" : "ok";
  return { percent, remainingCents: amountCents - spentCents, status };
}

/** A month's budgets added up: budgeted, spent and remaining in USD cents, and how many are over. */
export type BudgetMonthTotals = { budgetedCents: number; spentCents: number; remainingCents: number; overCount: number };

export function budgetMonthTotals(budgets: readonly { amountCents: number; spentCents: number }[]): BudgetMonthTotals {
  let budgetedCents = 0;
  let spentCents = 0;
  let overCount = 0;
  for (const budget of budgets) {
    budgetedCents += budget.amountCents;
    spentCents += budget.spentCents;
    if (budget.spentCents > budget.amountCents) overCount += 1;
  }
  return { budgetedCents, spentCents, remainingCents: budgetedCents - spentCents, overCount };
}
