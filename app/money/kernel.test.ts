import { expect, test } from "vitest";
import { formatMoney, minorToNumber, parseAmount } from "./amounts";
import { isBaseCurrency, USD } from "./currencies";
import { BASE_RATE, formatRate, toUsdCents } from "./rates";

test("minor units become the JSON number they write, at the currency's decimals", () => {
  expect(minorToNumber(123450, 2)).toBe(1234.5);
  expect(minorToNumber(-5, 2)).toBe(-0.05);
  expect(minorToNumber(1500, 0)).toBe(1500);
  expect(minorToNumber(999_999_999_999_999, 2)).toBe(9_999_999_999_999.99);
});

test("USD is the base: its rate is 1 and its amounts, typed in cents, convert to themselves", () => {
  expect(isBaseCurrency(" usd ")).toBe(true);
  expect(isBaseCurrency("EUR")).toBe(false);
  const typed = parseAmount("123.45", USD.decimals);
  expect(typed).toEqual({ ok: true, minor: 12345 });
  expect(parseAmount("123.456", USD.decimals)).toEqual({ ok: false, error: "tooManyDecimals" });
  expect(toUsdCents(12345, USD.decimals, BASE_RATE)).toBe(12345);
  expect(formatMoney(12345, USD, "en")).toBe("$ 123.45");
});

test("a rate and an amount share one grouping and decimal sign per language", () => {
  expect(formatRate("3871.25", "en")).toBe("3,871.25");
  expect(formatRate("3871.25", "es")).toBe("3.871,25");
});
