// Exact shares of integer amounts: a percent of a budget spent, of a goal saved, of a report's
// total. Computed in integers (BigInt, so no size of amount can lose a digit or throw), rounded
// once, at the end. No imports (rates.ts rounds its quotients with the same division).

/** numerator ÷ denominator as an integer, rounded half away from zero. The denominator must not be zero. */
export function divideHalfAwayFromZero(numerator: bigint, denominator: bigint): bigint {
  if (denominator === 0n) throw new RangeError("division by zero");
  const negative = numerator < 0n !== denominator < 0n;
  const n = numerator < 0n ? -numerator : numerator;
  const d = denominator < 0n ? -denominator : denominator;
  // Half away from zero: add half the divisor to the magnitude before the integer division.
  const rounded = (2n * n + d) / (2n * d);
  return negative ? -rounded : rounded;
}

/**
 * The largest percent written out in full. A progress percent above it (a 0.01 budget with a
 * large expense, a 0.01 goal with a large saved amount) is held as MAX_SHOWN_PERCENT + 1 and
 * shown as ">999 %" (formatPercent), so it is always a small exact number, whatever the amounts.
 */
export const MAX_SHOWN_PERCENT = 999;

function toBigInt(value: number | bigint): bigint {
  if (typeof value === "bigint") return value;
  if (!Number.isInteger(value)) throw new RangeError("amounts must be integers");
  return BigInt(value);
}

/**
 * part ÷ whole as a whole percent rounded DOWN, for progress (spent of a budget, saved of a
 * goal): a figure never reads as having reached a mark it has not (79.99 % shows 79 %, never
 * 80 %), so it agrees with a status compared exactly against a whole-percent threshold. Capped at
 * MAX_SHOWN_PERCENT + 1 ("more than 999 %"); a negative part counts as 0. The whole must be positive.
 */
export function progressPercent(part: number | bigint, whole: number | bigint): number {
  const p = toBigInt(part);
  const w = toBigInt(whole);
  if (w <= 0n) throw new RangeError("the whole must be positive");
  if (p <= 0n) return 0;
  const percent = (p * 100n) / w;
  return percent > BigInt(MAX_SHOWN_PERCENT) ? MAX_SHOWN_PERCENT + 1 : Number(percent);
}

/** Whether part ÷ whole has reached `percent`, compared exactly: part × 100 ≥ percent × whole. */
export function reachesPercent(part: number | bigint, whole: number | bigint, percent: number): boolean {
  return toBigInt(part) * 100n >= toBigInt(percent) * toBigInt(whole);
}
