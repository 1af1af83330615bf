import { pauseScheduleOperation } from "~/features/recurring/api";
import { pauseSchedule } from "~/features/recurring/commands.server";
import { recurringApiError } from "~/features/recurring/errors";
import { apiRoute, endpoint } from "~/platform/http/handler.server";
import { dbContext } from "~/context.server";
import { apiSchedule } from "./view.server";

// Named exports, not a destructuring: React Router's build must see `loader` and `action` by name.
const route = apiRoute([
  endpoint(pauseScheduleOperation, async ({ context, params, auth, actor, t }) => {
    const db = context.get(dbContext);
    const outcome = await pauseSchedule(db, actor, params.id ?? "");
    if (outcome.kind !== "ok") throw recurringApiError(outcome.kind);
    return { recurring_transaction: await apiSchedule(db, auth.user.id, outcome.schedule, t), message: t("recurring.messages.paused") };
  }),
]);

export const loader = route.loader;
export const action = route.action;
