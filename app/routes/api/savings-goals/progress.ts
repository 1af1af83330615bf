import { goalProgressOperation } from "~/features/goals/api";
import { decimalsOf } from "~/money/currencies";
import { recordGoalProgress } from "~/features/goals/commands.server";
import { goalApiError } from "~/features/goals/errors";
import { goalProgressApiSchema } from "~/features/goals/schemas";
import { apiRoute, endpoint, validateInput } from "~/platform/http/handler.server";
import { dbContext } from "~/context.server";
import { apiGoal, goalCurrencies, ownGoal } from "./view.server";

// Named exports, not a destructuring: React Router's build must see `loader` and `action` by name.
const route = apiRoute([
  endpoint(goalProgressOperation, async ({ context, params, auth, actor, body, t }) => {
    const db = context.get(dbContext);
    const goal = await ownGoal(db, auth.user.id, params.id);
    const currencies = await goalCurrencies(db);
    const input = await validateInput(goalProgressApiSchema(decimalsOf(goal.currencyCode, currencies.decimals)), body);
    const outcome = await recordGoalProgress(db, actor, { ...input, id: goal.id });
    if (outcome.kind !== "ok") throw goalApiError(outcome.kind);
    return { savings_goal: apiGoal(outcome.goal, currencies, auth.user), message: t("budgets.messages.goalProgress") };
  }),
]);

export const loader = route.loader;
export const action = route.action;
