import { expect, test } from "vitest";
import { divideHalfAwayFromZero, wholePercent } from "./ratio";

test("a division rounds half away from zero, once, on both sides of zero", () => {
  expect(divideHalfAwayFromZero(5n, 2n)).toBe(3n);
  expect(divideHalfAwayFromZero(-5n, 2n)).toBe(-3n);
  expect(divideHalfAwayFromZero(5n, -2n)).toBe(-3n);
  expect(divideHalfAwayFromZero(7n, 3n)).toBe(2n);
  expect(divideHalfAwayFromZero(8n, 3n)).toBe(3n);
  expect(divideHalfAwayFromZero(0n, 3n)).toBe(0n);
  expect(() => divideHalfAwayFromZero(1n, 0n)).toThrow(RangeError);
});

test("whole percents: ties go up, just below a tie goes down, and big amounts stay exact", () => {
  expect(wholePercent(1, 200)).toBe(1); // 0.5 % → 1 %
  expect(wholePercent(199, 40000)).toBe(0); // 0.4975 % → 0 %
  expect(wholePercent(159, 200)).toBe(80); // 79.5 % → 80 %
  expect(wholePercent(15899, 20000)).toBe(79); // 79.495 % → 79 %
  expect(wholePercent(20001, 20000)).toBe(100); // 100.005 % → 100 %
  expect(wholePercent(99_999_999_999_999, 99_999_999_999_998)).toBe(100);
  expect(wholePercent(-1, 200)).toBe(-1);
});
