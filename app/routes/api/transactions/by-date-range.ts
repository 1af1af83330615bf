import { apiRoute, endpoint } from "~/platform/http/handler.server";
import { dayTotalsJson, transactionsByDateRangeOperation } from "~/features/transactions/api";
import { totalsByDate } from "~/features/transactions/queries.server";
import { dbContext } from "~/context.server";

// Named exports, not a destructuring: React Router's build must see `loader` and `action` by name.
const route = apiRoute([
  endpoint(transactionsByDateRangeOperation, async ({ context, auth, query }) => ({
    days: dayTotalsJson(await totalsByDate(context.get(dbContext), auth.user.id, query)),
  })),
]);

export const loader = route.loader;
export const action = route.action;
