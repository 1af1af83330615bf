import { expect, test } from "vitest";
import { budgetFigures, budgetMonthTotals } from "./model";

test("a budget is near its limit once the percent spent reaches the threshold, compared exactly", () => {
  // $100.00 budget, 80 % threshold: 79.99 is not near and shows 79 %; 80.00 is near and shows 80 %.
  expect(budgetFigures(10000, 7999, 80)).toEqual({ percent: 79, remainingCents: 2001, status: "ok" });
  expect(budgetFigures(10000, 8000, 80)).toEqual({ percent: 80, remainingCents: 2000, status: "near" });
  // $200.00 budget: 79.995 % is not near and shows 79 %, never "80 %".
  expect(budgetFigures(20000, 15999, 80)).toEqual({ percent: 79, remainingCents: 4001, status: "ok" });
  expect(budgetFigures(20000, 16000, 80).status).toBe("near"); // exactly the threshold
  expect(budgetFigures(20000, 0, 80)).toEqual({ percent: 0, remainingCents: 20000, status: "ok" });
});

test("spent equal to the budget is not over; one cent more is", () => {
  expect(budgetFigures(20000, 20000, 80)).toEqual({ percent: 100, remainingCents: 0, status: "near" });
  expect(budgetFigures(20000, 20001, 80)).toEqual({ percent: 100, remainingCents: -1, status: "over" });
  expect(budgetFigures(20000, 30000, 80)).toEqual({ percent: 150, remainingCents: -10000, status: "over" });
  // A 100 % threshold warns only when the budget is used up to the cent.
  expect(budgetFigures(20000, 19999, 100)).toEqual({ percent: 99, remainingCents: 1, status: "ok" }); // 99.995 %
  expect(budgetFigures(20000, 20000, 100).status).toBe("near");
});

test("a 0.01 budget with 9,000,000,000,000.00 spent has a capped percent and is over", () => {
  expect(budgetFigures(1, 900_000_000_000_000, 80)).toEqual({ percent: 1000, remainingCents: -899_999_999_999_999, status: "over" });
  // The largest budget with the largest spend a user can record is exact too.
  expect(budgetFigures(99_999_999_999_999, 99_999_999_999_998, 100)).toEqual({ percent: 99, remainingCents: 1, status: "ok" });
});

test("a budget must be a positive count of cents", () => {
  expect(() => budgetFigures(0, 10, 80)).toThrow(RangeError);
  expect(() => budgetFigures(10.5, 10, 80)).toThrow(RangeError);
});

test("a month's totals add every budget's cents and count those over", () => {
  expect(
    budgetMonthTotals([
      { amountCents: 20000, spentCents: 20001 },
      { amountCents: 5000, spentCents: 1234 },
    ]),
  ).toEqual({ budgetedCents: 25000n, spentCents: 21235n, remainingCents: 3765n, overCount: 1, overCents: 1n, leftCents: 3766n });
  expect(budgetMonthTotals([])).toEqual({ budgetedCents: 0n, spentCents: 0n, remainingCents: 0n, overCount: 0, overCents: 0n, leftCents: 0n });
});

test("overspending is summed on its own, never netted against what the other budgets have left", () => {
  // Travel $130.89 over, Food $100.01 over by one cent, Housing and Health with $125.10 left in all:
  // the month nets to "$5.80 over", but two budgets are $130.90 over and the others have $125.10 left.
  const totals = budgetMonthTotals([
    { amountCents: 20000, spentCents: 33089 },
    { amountCents: 10000, spentCents: 10001 },
    { amountCents: 50000, spentCents: 40000 },
    { amountCents: 5000, spentCents: 2490 },
  ]);
  expect(totals).toMatchObject({ overCount: 2, overCents: 13090n, leftCents: 12510n, remainingCents: -580n });
  expect(totals.leftCents - totals.overCents).toBe(totals.remainingCents);
  // A budget spent exactly is not over and has nothing left.
  expect(budgetMonthTotals([{ amountCents: 100, spentCents: 100 }])).toMatchObject({ overCount: 0, overCents: 0n, leftCents: 0n });
});

test("91 maximal budgets add up past 2^53 without losing a cent", () => {
  const max = 99_999_999_999_999; // USD 999,999,999,999.99
  const totals = budgetMonthTotals(Array.from({ length: 91 }, () => ({ amountCents: max, spentCents: 1 })));
  expect(totals.budgetedCents).toBe(9_099_999_999_999_909n);
  expect(totals.remainingCents).toBe(9_099_999_999_999_818n);
  expect(totals.leftCents).toBe(9_099_999_999_999_818n);
  const over = budgetMonthTotals(Array.from({ length: 91 }, () => ({ amountCents: 1, spentCents: max })));
  expect(over.overCents).toBe(9_099_999_999_999_818n);
});
