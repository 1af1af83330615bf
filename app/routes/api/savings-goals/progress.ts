import { goalProgressOperation } from "~/features/goals/api";
import { recordGoalProgress } from "~/features/goals/commands.server";
import { goalApiError } from "~/features/goals/errors";
import { goalProgressApiSchema } from "~/features/goals/model";
import { findGoal } from "~/features/goals/queries.server";
import { apiErrors } from "~/platform/http/envelope";
import { apiRoute, endpoint, validateInput } from "~/platform/http/handler.server";
import { dbContext } from "~/context.server";
import { apiGoal, goalCurrencies } from "./view.server";

// Named exports, not a destructuring: React Router's build must see `loader` and `action` by name.
const route = apiRoute([
  endpoint(goalProgressOperation, async ({ context, params, auth, actor, body, t }) => {
    const db = context.get(dbContext);
    const id = params.id ?? "";
    // The amount is read at the goal's currency's decimals; another user's goal answers exactly like a missing one.
    const goal = await findGoal(db, auth.user.id, id);
    if (!goal) throw apiErrors.notFound();
    const currencies = await goalCurrencies(db);
    const input = await validateInput(goalProgressApiSchema(currencies.decimals.get(goal.currencyCode) ?? 2), body);
    const outcome = await recordGoalProgress(db, actor, { ...input, id });
    if (outcome.kind !== "ok") throw goalApiError(outcome.kind);
    return { savings_goal: apiGoal(outcome.goal, currencies), message: t("budgets.messages.goalProgress") };
  }),
]);

export const loader = route.loader;
export const action = route.action;
