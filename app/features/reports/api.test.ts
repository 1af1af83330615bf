import { expect, test } from "vitest";
import { summaryJson } from "~/features/transactions/api";
import { reportSummaryJson } from "./api";

const summary = {
  count: 3,
  incomeUsdCents: 250_000,
  expenseUsdCents: 12_345,
  byCurrency: [
    { currencyCode: "JPY", incomeMinor: 0, expenseMinor: 1529, incomeUsdCents: 0, expenseUsdCents: 1019 },
    { currencyCode: "USD", incomeMinor: 250_000, expenseMinor: 11_326, incomeUsdCents: 250_000, expenseUsdCents: 11_326 },
  ],
};
const decimals = new Map([["JPY", 0], ["USD", 2]]);
const period = { startDate: "2026-11-01", endDate: "2026-11-30", month: null };

test("the reports summary and the transactions summary shape one period's figures alike: yen without decimals, dollars with two", () => {
  const report = reportSummaryJson(summary, decimals, period);
  const transactions = summaryJson(summary, decimals);
  expect(report.summary.map((c) => [c.currency, c.income, c.expense, c.total])).toEqual([
    ["JPY", 0, 1529, -1529],
    ["USD", 2500, 113.26, 2386.74],
  ]);
  expect(transactions.byCurrency.map((c) => [c.currency, c.income, c.expense, c.total])).toEqual(report.summary.map((c) => [c.currency, c.income, c.expense, c.total]));
  expect(transactions.byCurrency.map((c) => c.usdEquivalent)).toEqual(
    report.summary.map(({ usdEquivalent: { income, expense, total } }) => ({ income, expense, total })),
  );
  expect(report.totals).toMatchObject({ income: 2500, expense: 123.45, total: 2376.55, totalCents: 237_655, transactionCount: 3, currencyCount: 2 });
  expect(transactions).toMatchObject({ count: 3, income: 2500, expense: 123.45, net: 2376.55 });
});
