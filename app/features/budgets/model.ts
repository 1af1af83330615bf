import { MAX_USER_TOTAL_MINOR } from "~/money/amounts";
import { progressPercent, reachesPercent } from "~/money/ratio";
import type { MonthStart } from "~/calendar/months";

// The budgets model without zod (the schemas are in schemas.ts): the figures a budget shows,
// pure, so the page, the dashboard and the API compute them alike and the browser downloads no
// schema library for them.

/** Spec section 9: the alert threshold is a whole percent, 80 unless the user sets it. */
export const DEFAULT_ALERT_THRESHOLD = 80;
export const MIN_ALERT_THRESHOLD = 1;
export const MAX_ALERT_THRESHOLD = 100;

/**
 * The most one month's budgets may add up to, in USD cents: USD 10,000,000,000,000.00, the
 * bound decision 011 puts on a user's recorded totals. A write that would take the month past it
 * is refused (decision 018), so the month's totals and their API decimals stay exact.
 */
export const MAX_BUDGET_MONTH_CENTS = MAX_USER_TOTAL_MINOR;

/** Spec section 8: "over" when spent exceeds the budget, "near" when the percent spent reaches the threshold. */
export type BudgetStatus = "ok" | "near" | "over";

export type BudgetFigures = {
  /**
   * Spent as a whole percent of the budget, rounded down (money/ratio.ts progressPercent), so it
   * never shows a threshold as reached before it is; 1000 stands for "more than 999 %".
   */
  percent: number;
  /** Budget − spent in USD cents: what is left, negative by the amount over. */
  remainingCents: number;
  status: BudgetStatus;
};

/**
 * A budget's figures from its amount and what was spent, both in USD cents (the amount is
 * positive). "Over" compares cents, so one cent over is over and exactly the budget is not.
 * "Near" compares exactly (spent × 100 ≥ threshold × amount): 79.99 of 100.00 with an 80 %
 * threshold is not near, and shows 79 %; 80.00 is near and shows 80 %.
 */
export function budgetFigures(amountCents: number, spentCents: number, alertThreshold: number): BudgetFigures {
  if (!Number.isSafeInteger(amountCents) || amountCents <= 0) throw new RangeError("a budget is a positive count of cents");
  const percent = progressPercent(spentCents, amountCents);
  const status: BudgetStatus = spentCents > amountCents ? "over" : reachesPercent(spentCents, amountCents, alertThreshold) ? "near" : "ok";
  return { percent, remainingCents: amountCents - spentCents, status };
}

/**
 * A month's budgets added up: budgeted, spent and remaining in USD cents, how many are over and
 * by how much in all, and what is left in the others. `remainingCents` nets overspending
 * against what other budgets have left ("Over $5.80" while one budget alone is $130.89 over), so
 * the page says `overCents` (the overspends only) and `leftCents` (what the budgets not over have
 * left) instead; remainingCents = leftCents − overCents. BigInt: a month written before
 * MAX_BUDGET_MONTH_CENTS held can add up past 2^53, and its page must still show every cent.
 */
export type BudgetMonthTotals = {
  budgetedCents: bigint;
  spentCents: bigint;
  remainingCents: bigint;
  overCount: number;
  /** The sum of (spent − budget) over the budgets that are over: never netted against the others. */
  overCents: bigint;
  /** The sum of (budget − spent) over the budgets that are not over. */
  leftCents: bigint;
};

export function budgetMonthTotals(budgets: readonly { amountCents: number; spentCents: number }[]): BudgetMonthTotals {
  let budgetedCents = 0n;
  let spentCents = 0n;
  let overCount = 0;
  let overCents = 0n;
  let leftCents = 0n;
  for (const budget of budgets) {
    const amount = BigInt(budget.amountCents);
    const spent = BigInt(budget.spentCents);
    budgetedCents += amount;
    spentCents += spent;
    if (spent > amount) {
      overCount += 1;
      overCents += spent - amount;
    } else {
      leftCents += amount - spent;
    }
  }
  return { budgetedCents, spentCents, remainingCents: budgetedCents - spentCents, overCount, overCents, leftCents };
}

/** What a budget write takes: an expense category, an amount in USD cents, a month, a threshold. */
export type BudgetInput = { categoryId: string; amountCents: number; month: MonthStart; alertThreshold: number };
