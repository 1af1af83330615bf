import { deleteGoalOperation, updateGoalOperation } from "~/features/goals/api";
import { deleteGoal, updateGoal } from "~/features/goals/commands.server";
import { goalApiError, goalRefusals } from "~/features/goals/errors";
import { goalApiSchema } from "~/features/goals/schemas";
import { refusalError } from "~/platform/http/envelope";
import { apiRoute, endpoint, validateInput } from "~/platform/http/handler.server";
import { dbContext } from "~/context.server";
import { apiGoal, goalCurrencies, ownGoal } from "./view.server";

// Named exports, not a destructuring: React Router's build must see `loader` and `action` by name.
const route = apiRoute([
  endpoint(updateGoalOperation, async ({ context, params, auth, actor, body, t }) => {
    const db = context.get(dbContext);
    const goal = await ownGoal(db, auth.user.id, params.id);
    const currencies = await goalCurrencies(db);
    // A currency left out keeps the goal's own: it never changes by omission.
    const input = await validateInput(goalApiSchema(currencies.all, goal.currencyCode), body);
    const outcome = await updateGoal(db, actor, { ...input, id: goal.id });
    // On this body the saved amount is current_amount: a refused adjustment is that field's.
    if (outcome.kind === "belowZero") throw refusalError({ ...goalRefusals.belowZero, field: "current_amount" });
    if (outcome.kind !== "ok") throw goalApiError(outcome.kind);
    return { savings_goal: apiGoal(outcome.goal, currencies, auth.user), message: t("budgets.messages.goalUpdated") };
  }),
  endpoint(deleteGoalOperation, async ({ context, params, actor, t }) => {
    const outcome = await deleteGoal(context.get(dbContext), actor, { id: params.id ?? "" });
    if (outcome.kind !== "ok") throw goalApiError(outcome.kind);
    return { id: outcome.goal.id, message: t("budgets.messages.goalDeleted") };
  }),
]);

export const loader = route.loader;
export const action = route.action;
