import { restoreGoalOperation } from "~/features/goals/api";
import { restoreGoal } from "~/features/goals/commands.server";
import { refusalError } from "~/platform/http/envelope";
import { apiRoute, endpoint } from "~/platform/http/handler.server";
import { undoRefusals } from "~/platform/http/undo-refusals";
import { dbContext } from "~/context.server";
import { apiGoal, goalCurrencies } from "./view.server";

// Undo of a delete (decision 035). Named exports: React Router's build must see `loader` and `action` by name.
const route = apiRoute([
  endpoint(restoreGoalOperation, async ({ context, params, auth, actor, t }) => {
    const db = context.get(dbContext);
    const outcome = await restoreGoal(db, actor, { id: params.id ?? "" });
    if (outcome.kind !== "ok") throw refusalError(undoRefusals[outcome.kind]);
    return { savings_goal: apiGoal(outcome.goal, await goalCurrencies(db), auth.user), message: t("common.undo.restored") };
  }),
]);

export const loader = route.loader;
export const action = route.action;
