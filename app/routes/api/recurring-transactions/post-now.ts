import { postNowOperation } from "~/features/recurring/api";
import { postNextNow } from "~/features/recurring/commands.server";
import { issuesApiError, needsRateApiError, recurringApiError } from "~/features/recurring/errors";
import { findSchedule } from "~/features/recurring/queries.server";
import { apiRoute, endpoint } from "~/platform/http/handler.server";
import { dbContext } from "~/context.server";
import { apiSchedule } from "./view.server";

// Named exports, not a destructuring: React Router's build must see `loader` and `action` by name.
const route = apiRoute([
  endpoint(postNowOperation, async ({ context, params, auth, actor, body, t }) => {
    const db = context.get(dbContext);
    const outcome = await postNextNow(db, actor, params.id ?? "", { rates: body.rates });
    switch (outcome.kind) {
      case "posted": {
        const schedule = (await findSchedule(db, auth.user.id, params.id ?? ""))!;
        return {
          recurring_transaction: await apiSchedule(db, auth.user.id, schedule, t),
          transactionId: outcome.transactionId,
          occurrenceDate: outcome.dueDate,
          date: outcome.date,
          message: t("recurring.messages.posted"),
        };
      }
      case "needsRate":
        throw needsRateApiError(outcome.needsRate);
      case "invalid":
        throw issuesApiError(outcome.issues);
      default:
        throw recurringApiError(outcome.kind);
    }
  }),
]);

export const loader = route.loader;
export const action = route.action;
