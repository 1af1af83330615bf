import { apiRoute, endpoint } from "~/platform/http/handler.server";
import { askedPeriod, reportTrendsJson, reportTrendsOperation } from "~/features/reports/api";
import { defaultGrouping } from "~/features/reports/model/period";
import { reportTrend } from "~/features/reports/queries/report.server";
import { dbContext } from "~/context.server";

// Named exports, not a destructuring: React Router's build must see `loader` and `action` by name.
const route = apiRoute([
  endpoint(reportTrendsOperation, async ({ context, auth, query: { grouping, ...query } }) => {
    const period = askedPeriod(query.period, auth.user);
    const chosen = grouping ?? defaultGrouping(period);
    return reportTrendsJson(await reportTrend(context.get(dbContext), auth.user.id, period, chosen), period, chosen);
  }),
]);

export const loader = route.loader;
export const action = route.action;
