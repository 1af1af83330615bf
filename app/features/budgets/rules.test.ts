import { expect, test } from "vitest";
import { budgetFigures, budgetMonthTotals } from "./rules";

test("a budget is near its limit once the percent shown reaches the threshold", () => {
  // $200.00 budget, 80 % threshold.
  expect(budgetFigures(20000, 15999, 80)).toEqual({ percent: 80, remainingCents: 4001, status: "near" }); // 79.995 % shows 80 %
  expect(budgetFigures(20000, 15899, 80)).toEqual({ percent: 79, remainingCents: 4101, status: "ok" }); // 79.495 % shows 79 %
  expect(budgetFigures(20000, 16000, 80).status).toBe("near"); // exactly the threshold
  expect(budgetFigures(20000, 0, 80)).toEqual({ percent: 0, remainingCents: 20000, status: "ok" });
});

test("spent equal to the budget is not over; one cent more is", () => {
  expect(budgetFigures(20000, 20000, 80)).toEqual({ percent: 100, remainingCents: 0, status: "near" });
  expect(budgetFigures(20000, 20001, 80)).toEqual({ percent: 100, remainingCents: -1, status: "over" });
  expect(budgetFigures(20000, 30000, 80)).toEqual({ percent: 150, remainingCents: -10000, status: "over" });
  // A 100 % threshold warns only when the budget is used up to the cent the percent shows.
  expect(budgetFigures(20000, 19899, 100).status).toBe("ok"); // 99.495 %
  expect(budgetFigures(20000, 19900, 100).status).toBe("near"); // 99.5 % shows 100 %
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
  ).toEqual({ budgetedCents: 25000, spentCents: 21235, remainingCents: 3765, overCount: 1 });
  expect(budgetMonthTotals([])).toEqual({ budgetedCents: 0, spentCents: 0, remainingCents: 0, overCount: 0 });
});
