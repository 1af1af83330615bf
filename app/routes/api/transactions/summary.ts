import { apiRoute, endpoint } from "~/platform/http/handler.server";
import { decimalsOf } from "~/money/currencies";
import { transactionSummaryOperation } from "~/features/transactions/api";
import { currencyDecimals, transactionSummary } from "~/features/transactions/queries.server";
import { minorToNumber as amount } from "~/money/amounts";
import { dbContext } from "~/context.server";

// Named exports, not a destructuring: React Router's build must see `loader` and `action` by name.
const route = apiRoute([
  endpoint(transactionSummaryOperation, async ({ context, auth, query }) => {
    const db = context.get(dbContext);
    const summary = await transactionSummary(db, auth.user.id, query);
    const decimals = await currencyDecimals(db);
    return {
      summary: {
        count: summary.count,
        income: amount(summary.incomeUsdCents, 2),
        expense: amount(summary.expenseUsdCents, 2),
        net: amount(summary.incomeUsdCents - summary.expenseUsdCents, 2),
        byCurrency: summary.byCurrency.map((c) => {
          const places = decimalsOf(c.currencyCode, decimals);
          return {
            currency: c.currencyCode,
            income: amount(c.incomeMinor, places),
            expense: amount(c.expenseMinor, places),
            total: amount(c.incomeMinor - c.expenseMinor, places),
            usdEquivalent: {
              income: amount(c.incomeUsdCents, 2),
              expense: amount(c.expenseUsdCents, 2),
              total: amount(c.incomeUsdCents - c.expenseUsdCents, 2),
            },
          };
        }),
      },
    };
  }),
]);

export const loader = route.loader;
export const action = route.action;
