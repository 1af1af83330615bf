import { restoreTransactionOperation, toApiTransaction } from "~/features/transactions/api";
import { restoreTransaction } from "~/features/transactions/commands.server";
import { getTransaction } from "~/features/transactions/queries.server";
import { refusalError } from "~/platform/http/envelope";
import { apiRoute, endpoint } from "~/platform/http/handler.server";
import { undoRefusals } from "~/platform/http/undo-refusals";
import { dbContext } from "~/context.server";
import { apiTransactionView } from "./view.server";

// Undo of a delete (decision 035). Named exports: React Router's build must see `loader` and `action` by name.
const route = apiRoute([
  endpoint(restoreTransactionOperation, async ({ context, params, auth, actor, t }) => {
    const db = context.get(dbContext);
    const outcome = await restoreTransaction(db, actor, { id: params.id ?? "" });
    if (outcome.kind !== "restored") throw refusalError(undoRefusals[outcome.kind]);
    const view = await apiTransactionView(context, t);
    return { transaction: toApiTransaction((await getTransaction(db, auth.user.id, outcome.id))!, view) };
  }),
]);

export const loader = route.loader;
export const action = route.action;
