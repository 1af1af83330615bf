// Exact shares of integer amounts: a percent of a budget spent, of a goal saved, of a report's
// total. ARCHITECTURE.md section 3's rule: computed in integers and rounded half away from zero,
// once, at the end. No imports.

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

/** part ÷ whole in whole percent (half away from zero): 2 of 3 → 67, 1 of 8 → 13, 1 of 200 → 1 (0.5 rounds up). */
export function wholePercent(part: number, whole: number): number {
  if (!Number.isSafeInteger(part) || !Number.isSafeInteger(whole)) throw new RangeError("amounts must be integers");
  return Number(divideHalfAwayFromZero(BigInt(part) * 100n, BigInt(whole)));
}
