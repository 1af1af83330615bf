import { createScheduleOperation, listSchedulesOperation } from "~/features/recurring/api";
import { catchUpSchedules, createSchedule } from "~/features/recurring/commands.server";
import { issuesApiError } from "~/features/recurring/errors";
import { listSchedules } from "~/features/recurring/queries.server";
import { listedTwice } from "~/platform/http/operation";
import { apiRoute, endpoint } from "~/platform/http/handler.server";
import { dbContext } from "~/context.server";
import { apiSchedule, apiSchedules } from "./view.server";

// Named exports, not a destructuring: React Router's build must see `loader` and `action` by name.
const route = apiRoute([
  endpoint(listSchedulesOperation, async ({ context, auth, t }) => {
    const db = context.get(dbContext);
    // What is due and not yet posted is posted first, so the list's next dates are current (decision 033).
    await catchUpSchedules(db, auth.user.id);
    return listedTwice("recurring_transactions", await apiSchedules(db, auth.user.id, await listSchedules(db, auth.user.id), t));
  }),
  endpoint(createScheduleOperation, async ({ context, auth, actor, body, t }) => {
    const db = context.get(dbContext);
    const outcome = await createSchedule(db, actor, body);
    if (outcome.kind !== "created") throw outcome.kind === "invalid" ? issuesApiError(outcome.issues) : new Error(outcome.kind);
    return {
      recurring_transaction: await apiSchedule(db, auth.user.id, outcome.schedule, t),
      posted: outcome.posted,
      message: t("recurring.messages.created"),
    };
  }),
]);

export const loader = route.loader;
export const action = route.action;
