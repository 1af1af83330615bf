import { apiRoute, endpoint } from "~/platform/http/handler.server";
import { summaryJson, transactionSummaryOperation } from "~/features/transactions/api";
import { currencyDecimals, transactionSummary } from "~/features/transactions/queries.server";
import { dbContext } from "~/context.server";

// Named exports, not a destructuring: React Router's build must see `loader` and `action` by name.
const route = apiRoute([
  endpoint(transactionSummaryOperation, async ({ context, auth, query }) => {
    const db = context.get(dbContext);
    const summary = await transactionSummary(db, auth.user.id, query);
    return { summary: summaryJson(summary, await currencyDecimals(db)) };
  }),
]);

export const loader = route.loader;
export const action = route.action;
