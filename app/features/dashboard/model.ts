// The dashboard's calendar and arithmetic, pure so they can be tested without a database.

export type DateRange = { startDate: string; endDate: string };

const pad = (n: number) => String(n).padStart(2, "0");

/** The calendar month containing `date` (UTC), `monthsBack` months earlier, as yyyy-MM-dd bounds (both inclusive). */
export function monthRange(date: Date, monthsBack = 0): DateRange {
  const year = date.getUTCFullYear();
  const month = date.getUTCMonth() - monthsBack;
  const first = new Date(Date.UTC(year, month, 1));
  const last = new Date(Date.UTC(year, month + 1, 0));
  const iso = (d: Date) => `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
  return { startDate: iso(first), endDate: iso(last) };
}

/**
 * Month-over-month change of the net balance in tenths of a percent (spec section 9: relative
 * to the absolute value of last month's net), rounded half away from zero once, in exact
 * integer arithmetic. null when last month's net is zero: there is no honest percentage then.
 *
 * (current − previous) ÷ |previous| × 100, e.g. 150 → 300 is +100.0 % (1000 tenths), and
 * −100 → −50 is +50.0 % (500): a smaller loss is an improvement even though both are negative.
 */
export function netChangeTenthsOfPercent(currentCents: number, previousCents: number): number | null {
  if (!Number.isSafeInteger(currentCents) || !Number.isSafeInteger(previousCents)) {
    throw new RangeError("amounts must be integer cents");
  }
  if (previousCents === 0) return null;
  const numerator = (BigInt(currentCents) - BigInt(previousCents)) * 1000n;
  const denominator = BigInt(Math.abs(previousCents));
  const negative = numerator < 0n;
  const magnitude = negative ? -numerator : numerator;
  // Half away from zero: add half the divisor to the magnitude before the integer division.
  const rounded = (2n * magnitude + denominator) / (2n * denominator);
  return Number(negative ? -rounded : rounded);
}

/** "+12.5 %", "−3 %", "0 %" in the user's language, from tenths of a percent. */
export function formatPercentChange(tenths: number, locale: string): string {
  return new Intl.NumberFormat(locale, {
    style: "percent",
    maximumFractionDigits: 1,
    signDisplay: "exceptZero",
  }).format(tenths / 1000);
}
