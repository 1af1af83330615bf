import { apiRoute, endpoint } from "~/platform/http/handler.server";
import { askedPeriod, reportCategoriesJson, reportCategoriesOperation } from "~/features/reports/api";
import { expenseCategories } from "~/features/reports/queries/report.server";
import { dbContext } from "~/context.server";

// Named exports, not a destructuring: React Router's build must see `loader` and `action` by name.
const route = apiRoute([
  endpoint(reportCategoriesOperation, async ({ context, auth, query }) => {
    const period = askedPeriod(query.period, auth.user);
    return reportCategoriesJson(await expenseCategories(context.get(dbContext), auth.user.id, period), period);
  }),
]);

export const loader = route.loader;
export const action = route.action;
