import { expect, test } from "vitest";
import { formatMoney, minorToNumber, parseAmount } from "./amounts";
import { isBaseCurrency, USD } from "./currencies";
import { addMonths, dayToDate, daysBetween, isoDay, monthEndOf, monthStartOf, readMonth } from "./dates";
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

test("an ISO day is the UTC calendar date, and dayToDate reads it back as UTC midnight", () => {
  expect(isoDay(new Date("2026-11-23T23:59:59-05:00"))).toBe("2026-11-24");
  expect(dayToDate("2026-02-28").toISOString()).toBe("2026-02-28T00:00:00.000Z");
  expect(isoDay(dayToDate("2026-12-31"))).toBe("2026-12-31");
});

test("a rate and an amount share one grouping and decimal sign per language", () => {
  expect(formatRate("3871.25", "en")).toBe("3,871.25");
  expect(formatRate("3871.25", "es")).toBe("3.871,25");
});

test("months: read from a page's yyyy-MM or the API's yyyy-MM-01, stepped across years, bounded by their last day", () => {
  expect(readMonth("2026-11")).toBe("2026-11-01");
  expect(readMonth("2026-11-01")).toBe("2026-11-01");
  for (const bad of ["2026-13", "2026-00", "2026-11-02", "26-11", "2026-1", "", null, 202611]) expect(readMonth(bad)).toBeNull();
  expect(addMonths("2026-12-01", 1)).toBe("2027-01-01");
  expect(addMonths("2026-01-01", -1)).toBe("2025-12-01");
  expect(addMonths("2026-03-01", -13)).toBe("2025-02-01");
  expect(monthEndOf("2028-02-01")).toBe("2028-02-29");
  expect(monthEndOf("2026-02-01")).toBe("2026-02-28");
  expect(monthEndOf("2026-12-01")).toBe("2026-12-31");
  expect(monthStartOf("2026-11-25")).toBe("2026-11-01");
  expect(daysBetween("2026-11-25", "2026-11-25")).toBe(0);
  expect(daysBetween("2026-11-25", "2026-11-26")).toBe(1);
  expect(daysBetween("2026-11-25", "2026-11-24")).toBe(-1);
  // Across a daylight-saving change nowhere matters: days are UTC.
  expect(daysBetween("2026-03-01", "2026-04-01")).toBe(31);
});
