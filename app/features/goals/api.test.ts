import { expect, test } from "vitest";
import { toApiGoal } from "./api";
import type { GoalRow } from "./queries.server";

const at = new Date("2026-11-25T10:00:00Z");
const goal = (fields: Partial<GoalRow>): GoalRow => ({
  id: "g1",
  name: "Trip",
  currencyCode: "USD",
  targetMinor: 100_000,
  savedMinor: 25_050,
  targetDate: null,
  description: null,
  createdAt: at,
  updatedAt: at,
  ...fields,
});

test("a goal shows its amounts at its currency's decimals in both namings, with the minor units beside them", () => {
  const shown = toApiGoal(goal({}), { decimals: 2, today: "2026-11-25" });
  expect(shown).toMatchObject({
    target_amount: 1000,
    targetAmount: 1000,
    targetAmountMinor: 100_000,
    current_amount: 250.5,
    currentAmount: 250.5,
    currentAmountMinor: 25_050,
    remaining: 749.5,
    remainingMinor: 74_950,
    percent: 25,
    completed: false,
    target_date: null,
    months_remaining: null,
    past_due: false,
    per_month_needed: null,
  });
  expect(shown).not.toHaveProperty("entries");
  expect(toApiGoal(goal({ currencyCode: "JPY", targetMinor: 150_000, savedMinor: 0 }), { decimals: 0, today: "2026-11-25" })).toMatchObject({ target_amount: 150_000, remaining: 150_000 });
});

test("31 days ahead is two 30-day months, and the monthly amount is rounded up so two of them reach the target", () => {
  const shown = toApiGoal(goal({ targetDate: "2026-12-26", targetMinor: 100_001, savedMinor: 0 }), { decimals: 2, today: "2026-11-25" });
  expect(shown).toMatchObject({ months_remaining: 2, monthsRemaining: 2, past_due: false, per_month_needed: 500.01, perMonthNeededMinor: 50_001 });
});

test("due today is 0 months and nothing per month; the day after, past due with no months", () => {
  expect(toApiGoal(goal({ targetDate: "2026-11-25" }), { decimals: 2, today: "2026-11-25" })).toMatchObject({ months_remaining: 0, past_due: false, per_month_needed: null });
  expect(toApiGoal(goal({ targetDate: "2026-11-25" }), { decimals: 2, today: "2026-11-26" })).toMatchObject({ months_remaining: null, past_due: true, pastDue: true, per_month_needed: null });
});

test("a reached target is completed, with nothing remaining and nothing more needed per month", () => {
  const shown = toApiGoal(goal({ savedMinor: 120_000, targetDate: "2027-06-01" }), { decimals: 2, today: "2026-11-25" });
  expect(shown).toMatchObject({ completed: true, remaining: 0, percent: 120, per_month_needed: null, months_remaining: 7 });
});

test("entries are shown signed, in the goal's currency", () => {
  const entries = [{ id: "e1", goalId: "g1", date: "2026-11-25", amountMinor: -1_005, note: "repair", createdAt: at }];
  expect(toApiGoal(goal({}), { decimals: 2, today: "2026-11-25", entries }).entries).toEqual([
    { id: "e1", date: "2026-11-25", amount: -10.05, amountMinor: -1_005, note: "repair", createdAt: at.toISOString() },
  ]);
});
