import { expect, test } from "vitest";
import { formatMinor, toUsdCents, USD } from "./money";

test("a USD amount converts to itself", () => {
  expect(toUsdCents(12345, 2, "1")).toBe(12345);
});

test("ties round half away from zero, once", () => {
  // 1.25 EUR at 2 EUR/USD = 0.625 USD → 63 cents
  expect(toUsdCents(125, 2, "2")).toBe(63);
  // 1.23 at 2 = 0.615 → 62 cents
  expect(toUsdCents(123, 2, "2")).toBe(62);
  // just below a tie rounds down: 1.249 (3 decimals) at 2 = 0.6245 USD → 62
  expect(toUsdCents(1249, 3, "2")).toBe(62);
});

test("zero-decimal currencies scale up to cents", () => {
  // 1,000 JPY at 152.84 JPY/USD = 6.5428… USD → 654 cents
  expect(toUsdCents(1000, 0, "152.84")).toBe(654);
});

test("large-rate currencies keep exact cents", () => {
  // 1,000,000.00 COP at 3871.25 = 258.31… USD
  expect(toUsdCents(100_000_000, 2, "3871.25")).toBe(25831);
});

test("invalid rates are refused rather than treated as 1", () => {
  expect(() => toUsdCents(100, 2, "0")).toThrow(RangeError);
  expect(() => toUsdCents(100, 2, "-1")).toThrow(RangeError);
  expect(() => toUsdCents(100, 2, "1e3")).toThrow(RangeError);
});

test("amounts display as symbol, space, amount at the currency's decimals, grouped per language", () => {
  expect(formatMinor(123456789, USD, "en")).toBe("$ 1,234,567.89");
  expect(formatMinor(5, USD, "en")).toBe("$ 0.05");
  expect(formatMinor(-1050, USD, "en")).toBe("-$ 10.50");
  expect(formatMinor(150000, { symbol: "¥", decimals: 0 }, "en")).toBe("¥ 150,000");
  // Spanish groups with a dot and uses a decimal comma (four-digit numbers are not grouped).
  expect(formatMinor(123456789, { symbol: "COP", decimals: 2 }, "es")).toBe("COP 1.234.567,89");
  expect(formatMinor(999999, USD, "es")).toBe("$ 9999,99");
});

test("the largest safe amount displays exactly, without float rounding", () => {
  expect(formatMinor(Number.MAX_SAFE_INTEGER, USD, "en")).toBe("$ 90,071,992,547,409.91");
});
