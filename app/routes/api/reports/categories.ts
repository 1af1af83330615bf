import { apiRoute, endpoint } from "~/platform/http/handler.server";
import { reportCategoriesOperation } from "~/features/reports/api";
import { expenseCategories } from "~/features/reports/queries.server";
import { minorToNumber } from "~/money/amounts";
import { dbContext } from "~/context.server";

// Named exports, not a destructuring: React Router's build must see `loader` and `action` by name.
const route = apiRoute([
  endpoint(reportCategoriesOperation, async ({ context, auth, query: { period } }) => {
    const categories = await expenseCategories(context.get(dbContext), auth.user.id, period);
    return {
      categories: categories.map((c) => ({
        id: c.categoryId,
        name: c.name,
        color: c.color,
        icon: c.icon,
        totalAmount: minorToNumber(c.usdCents, 2),
        totalCents: c.usdCents,
        percent: minorToNumber(c.shareTenths, 1),
        percentTenths: c.shareTenths,
      })),
      period: { startDate: period.startDate, endDate: period.endDate },
    };
  }),
]);

export const loader = route.loader;
export const action = route.action;
