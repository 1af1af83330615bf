import { apiRoute, endpoint } from "~/platform/http/handler.server";
import { reportTrendsOperation } from "~/features/reports/api";
import { defaultGrouping } from "~/features/reports/period";
import { reportTrend } from "~/features/reports/queries.server";
import { minorToNumber } from "~/money/amounts";
import { dbContext } from "~/context.server";

const usd = (cents: number) => minorToNumber(cents, 2);

// Named exports, not a destructuring: React Router's build must see `loader` and `action` by name.
const route = apiRoute([
  endpoint(reportTrendsOperation, async ({ context, auth, query: { period, grouping } }) => {
    const chosen = grouping ?? defaultGrouping(period);
    const trend = await reportTrend(context.get(dbContext), auth.user.id, period, chosen);
    return {
      trends: trend.map((p) => ({
        date: p.date,
        income: usd(p.incomeUsdCents),
        expenses: usd(p.expenseUsdCents),
        balance: usd(p.balanceUsdCents),
        incomeCents: p.incomeUsdCents,
        expensesCents: p.expenseUsdCents,
        balanceCents: p.balanceUsdCents,
      })),
      period: { startDate: period.startDate, endDate: period.endDate, grouping: chosen },
    };
  }),
]);

export const loader = route.loader;
export const action = route.action;
