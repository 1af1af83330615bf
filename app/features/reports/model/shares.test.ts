import { expect, test } from "vitest";
import { sharesInTenths } from "./shares";

const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);

test("three equal parts: 33.4 + 33.3 + 33.3, the extra tenth to the first", () => {
  expect(sharesInTenths([100, 100, 100])).toEqual([334, 333, 333]);
});

test("the tenths left over go to the largest remainders, so the column adds up to 100.0 %", () => {
  // 1/7 = 142.857…, 2/7 = 285.714…, 4/7 = 571.428…: floors 142 + 285 + 571 = 998, two tenths to the .857 and .714.
  expect(sharesInTenths([1, 2, 4])).toEqual([143, 286, 571]);
  // Half-away-from-zero on each would give 16.7 × 6 = 100.2 %.
  expect(sharesInTenths([1, 1, 1, 1, 1, 1])).toEqual([167, 167, 167, 167, 166, 166]);
  expect(sum(sharesInTenths([1, 1, 1, 1, 1, 1]))).toBe(1000);
});

test("equal remainders favour the larger part", () => {
  // 0.5 tenth each for the 1 and the 3 (of 2,000): the 3 gets it.
  expect(sharesInTenths([1997, 1, 2])).toEqual([999, 0, 1]);
});

test("a tiny part may round to 0.0 %, the whole still 100.0 %; nothing spent gives zeros", () => {
  expect(sharesInTenths([1, 99_999_999])).toEqual([0, 1000]);
  expect(sharesInTenths([0, 0])).toEqual([0, 0]);
  expect(sharesInTenths([])).toEqual([]);
  expect(sharesInTenths([5])).toEqual([1000]);
});

test("exact for the largest totals (decision 011's limit), and a thousand random columns each add up to 1000", () => {
  expect(sharesInTenths([999_999_999_999_999, 1])).toEqual([1000, 0]);
  let seed = 7;
  const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
  for (let i = 0; i < 1000; i++) {
    const parts = Array.from({ length: 1 + Math.floor(random() * 12) }, () => Math.floor(random() * 10 ** (1 + Math.floor(random() * 9))));
    const shares = sharesInTenths(parts);
    expect(sum(shares)).toBe(sum(parts) === 0 ? 0 : 1000);
    // Each share is its exact value rounded down or up, never further.
    const whole = sum(parts);
    shares.forEach((share, j) => whole && expect(Math.abs(share - (parts[j]! * 1000) / whole)).toBeLessThan(1));
  }
});

test("refuses what is not a count", () => {
  expect(() => sharesInTenths([1.5])).toThrow(RangeError);
  expect(() => sharesInTenths([-1])).toThrow(RangeError);
});
