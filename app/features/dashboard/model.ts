import { formatPercentTenths } from "~/text/count";
import { isoDay } from "~/calendar/days";
import { addMonths, monthEndOf, monthStartOf } from "~/calendar/months";
import { divideHalfAwayFromZero } from "~/money/ratio";
import type { MonthsOverview } from "~/features/transactions/model/transaction";

// The dashboard's calendar, arithmetic and figures, pure so they can be tested without a database.

export type DateRange = { startDate: string; endDate: string };

/**
 * The calendar month containing `date` (a yyyy-MM-dd day, such as the user's today, or an instant
 * read in UTC), `monthsBack` months earlier, as yyyy-MM-dd bounds (both inclusive).
 */
export function monthRange(date: Date | string, monthsBack = 0): DateRange {
  const first = addMonths(monthStartOf(typeof date === "string" ? date : isoDay(date)), -monthsBack);
  return { startDate: first, endDate: monthEndOf(first) };
}

/**
 * Month-over-month change of the net balance in tenths of a percent (spec section 9: relative
 * to the absolute value of last month's net), rounded half away from zero once, in exact
 * integer arithmetic. null when last month's net is zero: there is no honest percentage then.
 * A BigInt: from a cent last month to USD 10,000,000,000,000.00 this month is 10^18 tenths,
 * past 2^53, and every digit of it is kept.
 *
 * (current − previous) ÷ |previous| × 100, e.g. 150 → 300 is +100.0 % (1000 tenths), and
 * −100 → −50 is +50.0 % (500): a smaller loss is an improvement even though both are negative.
 */
export function netChangeTenthsOfPercent(currentCents: number, previousCents: number): bigint | null {
  if (!Number.isSafeInteger(currentCents) || !Number.isSafeInteger(previousCents)) {
    throw new RangeError("amounts must be integer cents");
  }
  if (previousCents === 0) return null;
  return divideHalfAwayFromZero((BigInt(currentCents) - BigInt(previousCents)) * 1000n, BigInt(Math.abs(previousCents)));
}

/**
 * "+12.5 %", "−3 %", "0 %" in the user's language, from tenths of a percent (a BigInt, or its
 * digits as the loader sends them), formatted from the exact decimal, never through a float.
 */
export function formatPercentChange(tenths: bigint | number | string, locale: string): string {
  return formatPercentTenths(tenths, locale, { change: true });
}

/**
 * Spec section 2: the change against last month is shown only when non-zero (it rounds to
 * 0.0 % too). Given as its digits ("1235", "-500"): exact, and plain loader data.
 */
export function shownChange(tenths: bigint | null): string | null {
  return tenths === null || tenths === 0n ? null : tenths.toString();
}

/**
 * The net's change against last month in USD cents (this month − last month), as exact digits
 * for the loader: shown beside the percent, which across a change of sign ("-813.8 %") follows
 * the spec's rule but says little on its own (issue 23). BigInt: two nets of up to
 * 10,000,000,000,000.00 each differ by more than 2^53 cents.
 */
export function netDifferenceCents(currentCents: number, previousCents: number): string {
  if (!Number.isSafeInteger(currentCents) || !Number.isSafeInteger(previousCents)) {
    throw new RangeError("amounts must be integer cents");
  }
  return (BigInt(currentCents) - BigInt(previousCents)).toString();
}

/** A currency as the dashboard formats its amounts. */
export type DashboardCurrency = { code: string; symbol: string; decimals: number };

/** The currencies this month's figures and the recent transactions use, for formatting them. */
export function usedCurrencies(
  money: Pick<MonthsOverview, "byCurrency" | "recent">,
  all: readonly { code: string; symbol: string; decimalPlaces: number }[],
): DashboardCurrency[] {
  const used = new Set([...money.byCurrency.map((c) => c.currencyCode), ...money.recent.flatMap((r) => r.payments.map((p) => p.currencyCode))]);
  return all.filter((c) => used.has(c.code)).map((c) => ({ code: c.code, symbol: c.symbol, decimals: c.decimalPlaces }));
}

/** A code's symbol and decimals; an unknown one shows its code with two decimals. */
export function currencyOf(currencies: readonly DashboardCurrency[], code: string) {
  const found = currencies.find((c) => c.code === code);
  return found ? { code, symbol: found.symbol, decimals: found.decimals } : { code, decimals: 2 };
}

/** What the first-run checklist ticks itself from (issue 27), read from each feature. */
export type ChecklistFacts = {
  hasTransaction: boolean;
  /** Every currency the user has paid in, by code. */
  currencies: readonly string[];
  hasBudget: boolean;
  hasGoal: boolean;
  hasSchedule: boolean;
};

export type ChecklistItem = { key: "transaction" | "currencies" | "budget" | "goal" | "schedule"; done: boolean; href: string };

/**
 * A new user's first steps, in the order the dashboard lists them, each done by doing it: a
 * first transaction, a currency besides the dollar, a budget, a savings goal, a schedule.
 */
export function firstRunChecklist(facts: ChecklistFacts): ChecklistItem[] {
  return [
    { key: "transaction", done: facts.hasTransaction, href: "/expenses/new" },
    { key: "currencies", done: facts.currencies.some((code) => code !== "USD"), href: "/help#help-currencies" },
    { key: "budget", done: facts.hasBudget, href: "/budgets" },
    { key: "goal", done: facts.hasGoal, href: "/budgets#goals-heading" },
    { key: "schedule", done: facts.hasSchedule, href: "/recurring?new" },
  ];
}
