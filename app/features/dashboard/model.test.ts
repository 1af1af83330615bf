import { expect, test } from "vitest";
import { firstRunChecklist, formatPercentChange, monthRange, netChangeTenthsOfPercent, netDifferenceCents, shownChange } from "./model";

test("a month's bounds are its first and last day, in UTC", () => {
  expect(monthRange(new Date("2026-11-23T10:00:00Z"))).toEqual({ startDate: "2026-11-01", endDate: "2026-11-30" });
  expect(monthRange(new Date("2026-11-23T10:00:00Z"), 1)).toEqual({ startDate: "2026-10-01", endDate: "2026-10-31" });
  // Late on the last day of a month in UTC is still that month, whatever the server's zone.
  expect(monthRange(new Date("2026-01-31T23:59:59Z"))).toEqual({ startDate: "2026-01-01", endDate: "2026-01-31" });
});

test("last month across a year boundary and February in leap and common years", () => {
  expect(monthRange(new Date("2027-01-05T00:00:00Z"), 1)).toEqual({ startDate: "2026-12-01", endDate: "2026-12-31" });
  expect(monthRange(new Date("2028-03-31T00:00:00Z"), 1)).toEqual({ startDate: "2028-02-01", endDate: "2028-02-29" });
  expect(monthRange(new Date("2026-03-31T00:00:00Z"), 1)).toEqual({ startDate: "2026-02-01", endDate: "2026-02-28" });
});

test("the change is relative to last month's net", () => {
  expect(netChangeTenthsOfPercent(30000, 15000)).toBe(1000n); // +100.0 %
  expect(netChangeTenthsOfPercent(7500, 15000)).toBe(-500n); // −50.0 %
  expect(netChangeTenthsOfPercent(15000, 15000)).toBe(0n);
  expect(netChangeTenthsOfPercent(0, 15000)).toBe(-1000n);
});

test("a change that rounds to zero is not shown; another is given as its exact digits", () => {
  expect(shownChange(0n)).toBeNull();
  expect(shownChange(null)).toBeNull();
  expect(shownChange(-500n)).toBe("-500");
});

test("with last month at zero there is no percentage", () => {
  expect(netChangeTenthsOfPercent(12345, 0)).toBeNull();
  expect(netChangeTenthsOfPercent(0, 0)).toBeNull();
  expect(netChangeTenthsOfPercent(-500, 0)).toBeNull();
});

test("a negative last month divides by its absolute value, so less of a loss is a rise", () => {
  expect(netChangeTenthsOfPercent(-5000, -10000)).toBe(500n); // −100 → −50: +50 %
  expect(netChangeTenthsOfPercent(-20000, -10000)).toBe(-1000n); // −100 → −200: −100 %
  expect(netChangeTenthsOfPercent(5000, -10000)).toBe(1500n); // −100 → +50: +150 %
});

test("ties round half away from zero, in both directions", () => {
  // +0.05 % exactly: 1 cent more on 2,000 cents → 0.5 tenths → 1
  expect(netChangeTenthsOfPercent(2001, 2000)).toBe(1n);
  // −0.05 % exactly → −1, not 0
  expect(netChangeTenthsOfPercent(1999, 2000)).toBe(-1n);
  // just below a tie rounds toward zero: 1/2001 ≈ 0.4998 tenths → 0
  expect(netChangeTenthsOfPercent(2002, 2001)).toBe(0n);
  // −99.95 % → −100.0 %
  expect(netChangeTenthsOfPercent(1, 2000)).toBe(-1000n);
});

test("large amounts stay exact", () => {
  const big = 900_000_000_000_000; // 9 × 10^14 cents
  expect(netChangeTenthsOfPercent(big * 2, big)).toBe(1000n);
  expect(netChangeTenthsOfPercent(big + 1, big)).toBe(0n);
  expect(() => netChangeTenthsOfPercent(0.5, 100)).toThrow(RangeError);
});

test("at extreme sizes the change keeps every digit, and is written exactly", () => {
  // A cent last month, USD 9,999,999,999,999.99 this month: +99,999,999,999,999,800 % exactly.
  const tenths = netChangeTenthsOfPercent(999_999_999_999_999, 1);
  expect(tenths).toBe(999_999_999_999_998_000n);
  expect(formatPercentChange(shownChange(tenths)!, "en")).toBe("+99,999,999,999,999,800%");
  // 0.07 → 9,007,199,254,741.00: 12,867,427,506,772,757.1 %, whose tenth a float (…756) loses.
  const odd = netChangeTenthsOfPercent(900_719_925_474_100, 7);
  expect(odd).toBe(128_674_275_067_727_571n);
  expect(formatPercentChange(shownChange(odd)!, "en")).toBe("+12,867,427,506,772,757.1%");
  expect(formatPercentChange(odd!, "es").replace(/\s/g, " ")).toBe("+12.867.427.506.772.757,1 %");
});

test("the change is written with its sign in the user's language", () => {
  expect(formatPercentChange(1235, "en")).toBe("+123.5%");
  expect(formatPercentChange(-500, "en")).toBe("-50%");
  expect(formatPercentChange(0, "en")).toBe("0%");
  expect(formatPercentChange(1235, "es").replace(/\s/g, " ")).toBe("+123,5 %");
  expect(formatPercentChange(123450, "en")).toBe("+12,345%");
  // Grouped as every other percent and amount is in Spanish, four digits too (a report's share reads "1.234,5 %").
  expect(formatPercentChange(12345, "es").replace(/\s/g, " ")).toBe("+1.234,5 %");
  expect(formatPercentChange(-12340, "es").replace(/\s/g, " ")).toBe("-1.234 %");
});

test("a month in the years 1 to 99 is that month, not one of the 1900s", () => {
  expect(monthRange(new Date("0050-03-15T00:00:00Z"))).toEqual({ startDate: "0050-03-01", endDate: "0050-03-31" });
  expect(monthRange(new Date("0100-01-15T00:00:00Z"), 1)).toEqual({ startDate: "0099-12-01", endDate: "0099-12-31" });
});

test("the net's absolute difference is this month's net minus last month's, in exact integer cents", () => {
  // −$100.00 last month, $713.80 this month: the percent reads +813.8 %, the difference +$813.80.
  expect(netDifferenceCents(71380, -10000)).toBe("81380");
  expect(netDifferenceCents(-71380, 10000)).toBe("-81380");
  expect(netDifferenceCents(2001, 2000)).toBe("1");
  // Two nets at the largest a user can record differ by more than 2^53 cents, still exactly.
  expect(netDifferenceCents(Number.MAX_SAFE_INTEGER, -Number.MAX_SAFE_INTEGER)).toBe("18014398509481982");
  expect(() => netDifferenceCents(0.5, 0)).toThrow(RangeError);
});

test("the first-run checklist ticks each step once it is done, and a currency besides the dollar counts as seeing your currencies", () => {
  const none = { hasTransaction: false, currencies: [], hasBudget: false, hasGoal: false, hasSchedule: false };
  expect(firstRunChecklist(none).map((item) => [item.key, item.done])).toEqual([
    ["transaction", false],
    ["currencies", false],
    ["budget", false],
    ["goal", false],
    ["schedule", false],
  ]);
  expect(firstRunChecklist({ ...none, hasTransaction: true, currencies: ["USD"] }).filter((i) => i.done).map((i) => i.key)).toEqual(["transaction"]);
  const all = firstRunChecklist({ hasTransaction: true, currencies: ["EUR", "USD"], hasBudget: true, hasGoal: true, hasSchedule: true });
  expect(all.every((item) => item.done)).toBe(true);
});
