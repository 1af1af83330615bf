import { createGoalOperation, listGoalsOperation } from "~/features/goals/api";
import { createGoal } from "~/features/goals/commands.server";
import { goalApiError } from "~/features/goals/errors";
import { goalApiSchema } from "~/features/goals/schemas";
import { listGoalEntries, listGoals, type GoalEntryRow } from "~/features/goals/queries.server";
import { listedTwice } from "~/platform/http/operation";
import { apiRoute, endpoint, validateInput } from "~/platform/http/handler.server";
import { dbContext } from "~/context.server";
import { apiGoal, goalCurrencies } from "./view.server";

// Named exports, not a destructuring: React Router's build must see `loader` and `action` by name.
const route = apiRoute([
  endpoint(listGoalsOperation, async ({ context, auth }) => {
    const db = context.get(dbContext);
    const [goals, entries, currencies] = await Promise.all([listGoals(db, auth.user.id), listGoalEntries(db, auth.user.id), goalCurrencies(db)]);
    const byGoal = new Map<string, GoalEntryRow[]>();
    for (const entry of entries) byGoal.set(entry.goalId, [...(byGoal.get(entry.goalId) ?? []), entry]);
    return listedTwice(
      "savings_goals",
      goals.map((goal) => apiGoal(goal, currencies, auth.user, byGoal.get(goal.id) ?? [])),
    );
  }),
  endpoint(createGoalOperation, async ({ context, auth, actor, body, t }) => {
    const db = context.get(dbContext);
    const currencies = await goalCurrencies(db);
    const input = await validateInput(goalApiSchema(currencies.all), body);
    const outcome = await createGoal(db, actor, input);
    if (outcome.kind !== "ok") throw goalApiError(outcome.kind);
    return { savings_goal: apiGoal(outcome.goal, currencies, auth.user), message: t("budgets.messages.goalCreated") };
  }),
]);

export const loader = route.loader;
export const action = route.action;
