import { budgetProgressOperation, requestedMonth, toApiBudget, toApiBudgetTotals } from "~/features/budgets/api";
import { listBudgetMonth } from "~/features/budgets/queries.server";
import { apiRoute, endpoint } from "~/platform/http/handler.server";
import { dbContext } from "~/context.server";

// Named exports, not a destructuring: React Router's build must see `loader` and `action` by name.
const route = apiRoute([
  endpoint(budgetProgressOperation, async ({ context, auth, query }) => {
    const month = requestedMonth(query, auth.user);
    const rows = await listBudgetMonth(context.get(dbContext), auth.user.id, month);
    return { month, budgets: rows.map(toApiBudget), totals: toApiBudgetTotals(rows) };
  }),
]);

export const loader = route.loader;
export const action = route.action;
