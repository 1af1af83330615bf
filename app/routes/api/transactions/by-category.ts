import { apiRoute, endpoint } from "~/platform/http/handler.server";
import { categoryTotalsJson, transactionsByCategoryOperation } from "~/features/transactions/api";
import { totalsByCategory } from "~/features/transactions/queries.server";
import { dbContext } from "~/context.server";

// Named exports, not a destructuring: React Router's build must see `loader` and `action` by name.
const route = apiRoute([
  endpoint(transactionsByCategoryOperation, async ({ context, auth, query }) => ({
    categories: categoryTotalsJson(await totalsByCategory(context.get(dbContext), auth.user.id, query)),
  })),
]);

export const loader = route.loader;
export const action = route.action;
