import { expect, test } from "vitest";
import { divideHalfAwayFromZero, MAX_SHOWN_PERCENT, progressPercent, reachesPercent } from "./ratio";

test("a division rounds half away from zero, once, on both sides of zero", () => {
  expect(divideHalfAwayFromZero(5n, 2n)).toBe(3n);
  expect(divideHalfAwayFromZero(-5n, 2n)).toBe(-3n);
  expect(divideHalfAwayFromZero(5n, -2n)).toBe(-3n);
  expect(divideHalfAwayFromZero(7n, 3n)).toBe(2n);
  expect(divideHalfAwayFromZero(8n, 3n)).toBe(3n);
  expect(divideHalfAwayFromZero(0n, 3n)).toBe(0n);
  expect(divideHalfAwayFromZero(1n, 2n)).toBe(1n);
  expect(divideHalfAwayFromZero(-1n, 2n)).toBe(-1n);
  expect(divideHalfAwayFromZero(-7n, -2n)).toBe(4n);
  expect(divideHalfAwayFromZero(-49n, 100n)).toBe(0n);
  expect(divideHalfAwayFromZero(-51n, 100n)).toBe(-1n);
  // Past 2^53 a tie is still a tie: no float on the way.
  expect(divideHalfAwayFromZero(2n ** 60n + 1n, 2n)).toBe(2n ** 59n + 1n);
  expect(() => divideHalfAwayFromZero(1n, 0n)).toThrow(RangeError);
});

test("a progress percent is rounded down, so it never reads as a mark not yet reached", () => {
  expect(progressPercent(7999, 10000)).toBe(79); // 79.99 % → 79 %
  expect(progressPercent(8000, 10000)).toBe(80);
  expect(progressPercent(159, 200)).toBe(79); // 79.5 % → 79 %
  expect(progressPercent(1, 200)).toBe(0); // 0.5 % → 0 %
  expect(progressPercent(20001, 20000)).toBe(100); // 100.005 % → 100 %
  expect(progressPercent(99_999_999_999_999, 99_999_999_999_998)).toBe(100);
  expect(progressPercent(0, 200)).toBe(0);
  expect(progressPercent(-1, 200)).toBe(0);
  expect(() => progressPercent(1, 0)).toThrow(RangeError);
});

test("a percent past 999 is held as 1000 ('more than 999 %'), however large the amounts", () => {
  expect(progressPercent(999, 100)).toBe(999);
  expect(progressPercent(99_999, 10_000)).toBe(999); // 999.99 %
  expect(progressPercent(1000, 100)).toBe(MAX_SHOWN_PERCENT + 1);
  // A 0.01 budget with 9,000,000,000,000.00 spent: 90,000,000,000,000,000 %, past 2^53.
  expect(progressPercent(900_000_000_000_000, 1)).toBe(1000);
  expect(progressPercent(10n ** 30n, 1n)).toBe(1000);
});

test("a percent is reached when part × 100 ≥ percent × whole, exactly", () => {
  expect(reachesPercent(7999, 10000, 80)).toBe(false);
  expect(reachesPercent(8000, 10000, 80)).toBe(true);
  expect(reachesPercent(159, 200, 80)).toBe(false); // 79.5 %
  // Past 2^53 a float product would round; BigInt does not.
  expect(reachesPercent(9_007_199_254_740_991, 9_007_199_254_740_992, 100)).toBe(false);
  expect(reachesPercent(9_007_199_254_740_992, 9_007_199_254_740_992, 100)).toBe(true);
});
