import { apiRoute, endpoint } from "~/platform/http/handler.server";
import { decimalsOf } from "~/money/currencies";
import { reportSummaryOperation } from "~/features/reports/api";
import { currencyDecimals, transactionSummary } from "~/features/transactions/queries.server";
import { minorToNumber } from "~/money/amounts";
import { dbContext } from "~/context.server";

const figures = (income: number, expense: number, places: number) => ({
  income: minorToNumber(income, places),
  expense: minorToNumber(expense, places),
  total: minorToNumber(income - expense, places),
});
const usd = (incomeCents: number, expenseCents: number) => ({
  ...figures(incomeCents, expenseCents, 2),
  incomeCents,
  expenseCents,
  totalCents: incomeCents - expenseCents,
});

// Named exports, not a destructuring: React Router's build must see `loader` and `action` by name.
const route = apiRoute([
  endpoint(reportSummaryOperation, async ({ context, auth, query: { period } }) => {
    const db = context.get(dbContext);
    const [summary, decimals] = await Promise.all([
      transactionSummary(db, auth.user.id, { startDate: period.startDate, endDate: period.endDate }),
      currencyDecimals(db),
    ]);
    return {
      summary: summary.byCurrency.map((c) => {
        const places = decimalsOf(c.currencyCode, decimals);
        return {
          currency: c.currencyCode,
          decimals: places,
          ...figures(c.incomeMinor, c.expenseMinor, places),
          incomeMinor: c.incomeMinor,
          expenseMinor: c.expenseMinor,
          totalMinor: c.incomeMinor - c.expenseMinor,
          usdEquivalent: usd(c.incomeUsdCents, c.expenseUsdCents),
        };
      }),
      totals: { ...usd(summary.incomeUsdCents, summary.expenseUsdCents), transactionCount: summary.count, currencyCount: summary.byCurrency.length },
      period: { startDate: period.startDate, endDate: period.endDate },
    };
  }),
]);

export const loader = route.loader;
export const action = route.action;
