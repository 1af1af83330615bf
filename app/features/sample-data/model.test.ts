import { expect, test } from "vitest";
import { SAMPLE_BUDGET_SPENT_PERCENT, sampleBudgetCents, sampleGoal, sampleTransactions } from "./model";

const rates = new Map([["EUR", "2026-11-01"], ["VES", "2026-11-01"], ["COP", "2026-11-01"]]);

test("on the first of the month every row of this month is dated today, and none is in the future", () => {
  const rows = sampleTransactions("2026-12-01", "en", rates);
  expect(rows.filter((r) => r.date >= "2026-12-01").every((r) => r.date === "2026-12-01")).toBe(true);
  expect(rows.every((r) => r.date <= "2026-12-01" && r.date >= "2026-11-01")).toBe(true);
});

test("the previous month's rows stay inside it, also after a 31-day month into a short one", () => {
  const rows = sampleTransactions("2026-03-10", "en", rates);
  const february = rows.filter((r) => r.date < "2026-03-01");
  expect(february.length).toBeGreaterThan(0);
  expect(february.every((r) => r.date >= "2026-02-01" && r.date <= "2026-02-28")).toBe(true);
});

test("a currency without a rate on file on the row's date is replaced by USD, never given an invented rate", () => {
  const rows = sampleTransactions("2026-11-20", "en", new Map([["EUR", "2026-11-01"]]));
  const codes = (filter: (date: string) => boolean) => new Set(rows.filter((r) => filter(r.date)).map((r) => r.payments[0].currencyCode));
  expect(codes((d) => d >= "2026-11-01")).toEqual(new Set(["USD", "EUR"]));
  expect(codes((d) => d < "2026-11-01")).toEqual(new Set(["USD"]));
  expect(rows.every((r) => /^\d+\.\d\d$/.test(r.payments[0].amount))).toBe(true);
});

test("descriptions and the goal follow the user's language", () => {
  expect(sampleTransactions("2026-11-20", "es", rates).map((r) => r.description)).toContain("Sueldo");
  expect(sampleGoal("2026-11-20", "es").name).toBe("Fondo de emergencia");
});

test("the sample budget is a little more than what the sample spends: near its limit", () => {
  for (const spent of [1, 999, 12_345, 98_765, 1_000_000]) {
    const budget = sampleBudgetCents(spent);
    expect(Number.isSafeInteger(budget)).toBe(true);
    expect(budget % 100).toBe(0);
    expect(spent / budget).toBeLessThanOrEqual(SAMPLE_BUDGET_SPENT_PERCENT / 100);
    if (spent >= 10_000) expect(spent / budget).toBeGreaterThanOrEqual(0.85);
  }
});
