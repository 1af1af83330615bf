import { deleteBudgetOperation, toApiBudget, updateBudgetOperation } from "~/features/budgets/api";
import { deleteBudget, updateBudget } from "~/features/budgets/commands.server";
import { budgetApiError } from "~/features/budgets/errors";
import { apiRoute, endpoint } from "~/platform/http/handler.server";
import { dbContext } from "~/context.server";

// Named exports, not a destructuring: React Router's build must see `loader` and `action` by name.
const route = apiRoute([
  endpoint(updateBudgetOperation, async ({ context, params, actor, body, t }) => {
    const outcome = await updateBudget(context.get(dbContext), actor, { ...body, id: params.id ?? "" });
    if (outcome.kind !== "ok") throw budgetApiError(outcome.kind);
    return { budget: toApiBudget(outcome.budget), message: t("budgets.messages.updated") };
  }),
  endpoint(deleteBudgetOperation, async ({ context, params, actor, t }) => {
    const outcome = await deleteBudget(context.get(dbContext), actor, { id: params.id ?? "" });
    if (outcome.kind !== "ok") throw budgetApiError(outcome.kind);
    return { id: outcome.budget.id, message: t("budgets.messages.deleted") };
  }),
]);

export const loader = route.loader;
export const action = route.action;
