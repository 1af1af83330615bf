import { expect, test } from "vitest";
import { annualSaving, freeMonthsOnAnnual } from "./pricing";

// What the landing page shows for each plan is tested through the Worker
// (tests/integration/landing-pricing.test.ts); these are the rules behind its figures.

test("annual billing saves twelve monthly payments minus the annual price", () => {
  expect(annualSaving({ monthly: 10, annual: 100 })).toBe(20);
  expect(annualSaving({ monthly: 10, annual: 120 })).toBe(0);
});

test("the free months on annual billing are the fewest any plan gives", () => {
  expect(freeMonthsOnAnnual([{ monthly: 10, annual: 90 }, { monthly: 10, annual: 100 }])).toBe(2);
  expect(freeMonthsOnAnnual([{ monthly: 9, annual: 90 }])).toBe(2);
  expect(freeMonthsOnAnnual([])).toBe(0);
});
