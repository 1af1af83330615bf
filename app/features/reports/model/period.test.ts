import { expect, test } from "vitest";
import { bucketOf, bucketRange, bucketsOf, defaultGrouping, latestEnd, monthPeriod, readPagePeriod, readRange, trendOf } from "./period";

test("a custom range: real dates, the end not before the start, at most five years", () => {
  const today = "2026-11-25";
  expect(readRange("2026-01-01", "2026-03-31", today)).toEqual({ ok: true, period: { startDate: "2026-01-01", endDate: "2026-03-31", month: null } });
  expect(readRange("2026-03-01", "2026-03-01", today).ok).toBe(true);
  expect(readRange("2026-03-02", "2026-03-01", today)).toEqual({ ok: false, error: "dateRangeInvalid" });
  expect(readRange("2026-02-30", "2026-03-01", today)).toEqual({ ok: false, error: "dateInvalid" });
  expect(readRange("2026-01-01", null, today)).toEqual({ ok: false, error: "dateInvalid" });
  expect(latestEnd("2021-01-01")).toBe("2025-12-31");
  expect(readRange("2021-01-01", "2025-12-31", today).ok).toBe(true);
  expect(readRange("2021-01-01", "2026-01-01", today)).toEqual({ ok: false, error: "rangeTooLong" });
  // From a leap day, five years on is 1 March.
  expect(latestEnd("2024-02-29")).toBe("2029-02-28");
  // From 1 March, the day before: 29 February when the fifth year has one.
  expect(latestEnd("2023-03-01")).toBe("2028-02-29");
  expect(latestEnd("2024-03-01")).toBe("2029-02-28");
});

test("a period's dates are within 1900-01-01 and ten years after today; five years from year 1 is year 6, not 1906", () => {
  const today = "2026-11-25";
  expect(latestEnd("0001-01-01")).toBe("0005-12-31");
  expect(readRange("0001-01-01", "0001-12-31", today)).toEqual({ ok: false, error: "dateOutOfRange" });
  expect(readRange("1899-12-31", "1900-01-31", today)).toEqual({ ok: false, error: "dateOutOfRange" });
  expect(readRange("2036-11-01", "2036-11-26", today)).toEqual({ ok: false, error: "dateOutOfRange" });
  expect(readRange("1900-01-01", "1904-12-31", today).ok).toBe(true);
  expect(readRange("2036-11-01", "2036-11-25", today).ok).toBe(true);
  // A month before 1900 on a page's address reads as this month, as a month that is none does.
  expect(readPagePeriod(new URLSearchParams("month=0050-01"), today)).toMatchObject({ period: { month: "2026-11-01" } });
  expect(readPagePeriod(new URLSearchParams("month=1900-01"), today)).toMatchObject({ period: { month: "1900-01-01" } });
  expect(readPagePeriod(new URLSearchParams("from=0001-01-01&to=0001-12-31"), today)).toEqual({ ok: false, error: "dateOutOfRange" });
});

test("a page's period: the range, else the month asked for, else this month; never a month after this one", () => {
  const today = "2026-11-25";
  const read = (query: string) => readPagePeriod(new URLSearchParams(query), today);
  expect(read("")).toEqual({ ok: true, period: { startDate: "2026-11-01", endDate: "2026-11-30", month: "2026-11-01" } });
  expect(read("month=2026-02")).toEqual({ ok: true, period: { startDate: "2026-02-01", endDate: "2026-02-28", month: "2026-02-01" } });
  expect(read("month=2027-01")).toMatchObject({ period: { month: "2026-11-01" } });
  expect(read("month=garbage")).toMatchObject({ period: { month: "2026-11-01" } });
  expect(read("from=2026-01-01&to=2026-12-31")).toMatchObject({ period: { startDate: "2026-01-01", endDate: "2026-12-31" } });
  expect(read("from=2026-12-31&to=2026-01-01")).toEqual({ ok: false, error: "dateRangeInvalid" });
});

test("grouping: days up to 62, weeks up to a year, months beyond", () => {
  expect(defaultGrouping(monthPeriod("2026-11-01"))).toBe("daily");
  expect(defaultGrouping({ startDate: "2026-01-01", endDate: "2026-03-03", month: null })).toBe("daily"); // 62 days
  expect(defaultGrouping({ startDate: "2026-01-01", endDate: "2026-03-04", month: null })).toBe("weekly"); // 63
  expect(defaultGrouping({ startDate: "2026-01-01", endDate: "2026-12-31", month: null })).toBe("weekly");
  expect(defaultGrouping({ startDate: "2025-01-01", endDate: "2026-12-31", month: null })).toBe("monthly");
});

test("buckets: ISO weeks start on Monday, months on the first, and cover the whole period", () => {
  expect(bucketOf("2026-11-25", "weekly")).toBe("2026-11-23"); // a Wednesday
  expect(bucketOf("2026-11-23", "weekly")).toBe("2026-11-23"); // a Monday
  expect(bucketOf("2026-11-29", "weekly")).toBe("2026-11-23"); // a Sunday
  expect(bucketOf("2026-11-25", "monthly")).toBe("2026-11-01");
  expect(bucketsOf({ startDate: "2026-11-25", endDate: "2026-12-08", month: null }, "weekly")).toEqual(["2026-11-23", "2026-11-30", "2026-12-07"]);
  expect(bucketsOf(monthPeriod("2026-02-01"), "daily")).toHaveLength(28);
  expect(bucketsOf({ startDate: "2025-12-15", endDate: "2026-02-01", month: null }, "monthly")).toEqual(["2025-12-01", "2026-01-01", "2026-02-01"]);
});

test("the trend adds each bucket's cents and carries the running balance, empty buckets included", () => {
  const period = { startDate: "2026-11-01", endDate: "2026-11-14", month: null };
  const days = [
    { date: "2026-11-01", incomeUsdCents: 100_000, expenseUsdCents: 2_501 },
    { date: "2026-11-03", incomeUsdCents: 0, expenseUsdCents: 10_000 },
    { date: "2026-11-10", incomeUsdCents: 50, expenseUsdCents: 99_999 },
  ];
  expect(trendOf(days, period, "weekly")).toEqual([
    { date: "2026-10-26", incomeUsdCents: 100_000, expenseUsdCents: 2_501, balanceUsdCents: 97_499 },
    { date: "2026-11-02", incomeUsdCents: 0, expenseUsdCents: 10_000, balanceUsdCents: 87_499 },
    { date: "2026-11-09", incomeUsdCents: 50, expenseUsdCents: 99_999, balanceUsdCents: -12_450 },
  ]);
  const daily = trendOf(days, period, "daily");
  expect(daily).toHaveLength(14);
  expect(daily[1]).toEqual({ date: "2026-11-02", incomeUsdCents: 0, expenseUsdCents: 0, balanceUsdCents: 97_499 });
  expect(daily.at(-1)!.balanceUsdCents).toBe(-12_450);
});

test("a bucket's days are its own, clipped to the period: a day, a week from Monday, a month", () => {
  const period = { startDate: "2026-10-01", endDate: "2026-12-15" };
  expect(bucketRange("2026-11-03", "daily", period)).toEqual({ from: "2026-11-03", to: "2026-11-03" });
  // 2026-10-01 is a Thursday: its week starts on Monday 28 September, before the period.
  expect(bucketRange("2026-09-28", "weekly", period)).toEqual({ from: "2026-10-01", to: "2026-10-04" });
  expect(bucketRange("2026-11-02", "weekly", period)).toEqual({ from: "2026-11-02", to: "2026-11-08" });
  expect(bucketRange("2026-11-01", "monthly", period)).toEqual({ from: "2026-11-01", to: "2026-11-30" });
  expect(bucketRange("2026-12-01", "monthly", period)).toEqual({ from: "2026-12-01", to: "2026-12-15" });
  expect(bucketRange("2028-02-01", "monthly", { startDate: "2028-01-01", endDate: "2028-12-31" })).toEqual({ from: "2028-02-01", to: "2028-02-29" });
});
