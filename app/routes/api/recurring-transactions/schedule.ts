import { deleteScheduleOperation, getScheduleOperation, updateScheduleOperation } from "~/features/recurring/api";
import { deleteSchedule, updateSchedule } from "~/features/recurring/commands.server";
import { issuesApiError, recurringApiError } from "~/features/recurring/errors";
import { apiRoute, endpoint } from "~/platform/http/handler.server";
import { dbContext } from "~/context.server";
import { apiSchedule, ownSchedule } from "./view.server";

// Named exports, not a destructuring: React Router's build must see `loader` and `action` by name.
const route = apiRoute([
  endpoint(getScheduleOperation, async ({ context, params, auth, t }) => {
    const db = context.get(dbContext);
    return { recurring_transaction: await apiSchedule(db, auth.user.id, await ownSchedule(db, auth.user.id, params.id), t) };
  }),
  endpoint(updateScheduleOperation, async ({ context, params, auth, actor, body, t }) => {
    const db = context.get(dbContext);
    const outcome = await updateSchedule(db, actor, params.id ?? "", body);
    if (outcome.kind === "notFound") throw recurringApiError("notFound");
    if (outcome.kind === "invalid") throw issuesApiError(outcome.issues);
    return { recurring_transaction: await apiSchedule(db, auth.user.id, outcome.schedule, t), message: t("recurring.messages.updated") };
  }),
  endpoint(deleteScheduleOperation, async ({ context, params, actor, t }) => {
    const outcome = await deleteSchedule(context.get(dbContext), actor, params.id ?? "");
    if (outcome.kind === "notFound") throw recurringApiError("notFound");
    return { id: outcome.id, message: t("recurring.messages.deleted") };
  }),
]);

export const loader = route.loader;
export const action = route.action;
