import { apiRoute, endpoint } from "~/platform/http/handler.server";
import { askedPeriod, reportSummaryJson, reportSummaryOperation } from "~/features/reports/api";
import { currencyDecimals, transactionSummary } from "~/features/transactions/queries.server";
import { dbContext } from "~/context.server";

// Named exports, not a destructuring: React Router's build must see `loader` and `action` by name.
const route = apiRoute([
  endpoint(reportSummaryOperation, async ({ context, auth, query }) => {
    const period = askedPeriod(query.period, auth.user);
    const db = context.get(dbContext);
    const [summary, decimals] = await Promise.all([
      transactionSummary(db, auth.user.id, { startDate: period.startDate, endDate: period.endDate }),
      currencyDecimals(db),
    ]);
    return reportSummaryJson(summary, decimals, period);
  }),
]);

export const loader = route.loader;
export const action = route.action;
