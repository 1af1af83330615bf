// A report's "percent of total" column (issue 13): each part's share of the whole, in tenths of a
// percent, that add up to exactly 100.0 % when the whole is the sum of the parts.
//
// The rule, written down: every share is first rounded DOWN (floor of part × 1000 ÷ whole); the
// tenths still missing to reach 1000 go one each to the parts with the largest remainders
// (Hamilton's largest-remainder method); equal remainders go to the larger part, then to the
// earlier one. Plain half-away-from-zero rounding of each share (ARCHITECTURE.md 3) can add up to
// 99.9 % or 100.1 %, which a reader checking the column takes for an error.

/** Shares of `parts` (non-negative integers, e.g. USD cents) in tenths of a percent; all zero when the parts sum to zero. */
export function sharesInTenths(parts: readonly number[]): number[] {
  for (const part of parts) if (!Number.isSafeInteger(part) || part < 0) throw new RangeError("parts must be non-negative integers");
  const whole = parts.reduce((sum, part) => sum + BigInt(part), 0n);
  if (whole === 0n) return parts.map(() => 0);
  const floors = parts.map((part) => (BigInt(part) * 1000n) / whole);
  const remainders = parts.map((part, index) => ({ index, part, remainder: (BigInt(part) * 1000n) % whole }));
  let missing = 1000 - Number(floors.reduce((sum, f) => sum + f, 0n));
  remainders.sort((a, b) => (a.remainder === b.remainder ? b.part - a.part || a.index - b.index : a.remainder > b.remainder ? -1 : 1));
  const shares = floors.map(Number);
  for (const { index } of remainders) {
    if (missing <= 0) break;
    shares[index]! += 1;
    missing -= 1;
  }
  return shares;
}
