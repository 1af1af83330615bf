import { createBudgetOperation, listBudgetsOperation, requestedMonth, toApiBudget } from "~/features/budgets/api";
import { createBudget } from "~/features/budgets/commands.server";
import { budgetApiError } from "~/features/budgets/errors";
import { listBudgetMonth } from "~/features/budgets/queries.server";
import { listedTwice } from "~/platform/http/operation";
import { apiRoute, endpoint } from "~/platform/http/handler.server";
import { dbContext } from "~/context.server";

// Named exports, not a destructuring: React Router's build must see `loader` and `action` by name.
const route = apiRoute([
  endpoint(listBudgetsOperation, async ({ context, auth, query }) => {
    const month = requestedMonth(query, auth.user);
    const budgets = (await listBudgetMonth(context.get(dbContext), auth.user.id, month)).map(toApiBudget);
    return { month, ...listedTwice("budgets", budgets) };
  }),
  endpoint(createBudgetOperation, async ({ context, actor, body, t }) => {
    const outcome = await createBudget(context.get(dbContext), actor, body);
    if (outcome.kind !== "ok") throw budgetApiError(outcome.kind);
    return { budget: toApiBudget(outcome.budget), message: t("budgets.messages.created") };
  }),
]);

export const loader = route.loader;
export const action = route.action;
