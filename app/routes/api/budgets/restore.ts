import { restoreBudgetOperation, toApiBudget } from "~/features/budgets/api";
import { restoreBudget } from "~/features/budgets/commands.server";
import { refusalError } from "~/platform/http/envelope";
import { apiRoute, endpoint } from "~/platform/http/handler.server";
import { undoRefusals } from "~/platform/http/undo-refusals";
import { dbContext } from "~/context.server";

// Undo of a delete (decision 035). Named exports: React Router's build must see `loader` and `action` by name.
const route = apiRoute([
  endpoint(restoreBudgetOperation, async ({ context, params, actor, t }) => {
    const outcome = await restoreBudget(context.get(dbContext), actor, { id: params.id ?? "" });
    if (outcome.kind !== "ok") throw refusalError(undoRefusals[outcome.kind]);
    return { budget: toApiBudget(outcome.budget), message: t("common.undo.restored") };
  }),
]);

export const loader = route.loader;
export const action = route.action;
