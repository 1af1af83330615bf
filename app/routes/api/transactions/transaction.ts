import { apiErrors } from "~/platform/http/envelope";
import { apiRoute, endpoint } from "~/platform/http/handler.server";
import {
  apiUpdateInput,
  apiRefusal,
  deleteTransactionOperation,
  getTransactionOperation,
  toApiTransaction,
  updateTransactionOperation,
} from "~/features/transactions/api";
import { transactionApiError } from "~/features/transactions/errors";
import { deleteTransaction, updateTransaction } from "~/features/transactions/commands.server";
import { getTransaction, impliedType } from "~/features/transactions/queries.server";
import { apiTransactionView, withRateSuggestions } from "./view.server";
import { dbContext, envContext } from "~/context.server";
import { fillPastRates } from "~/features/rates/commands.server";
import { rateHistoryOptions } from "~/env.server";

// Another user's transaction answers 404, exactly like a missing one (ARCHITECTURE.md 5).
// Named exports, not a destructuring: React Router's build must see `loader` and `action` by name.
const route = apiRoute([
  endpoint(getTransactionOperation, async ({ context, params, auth, t }) => {
    const db = context.get(dbContext);
    const record = await getTransaction(db, auth.user.id, params.id ?? "");
    if (!record) throw apiErrors.notFound();
    const view = await apiTransactionView(context, t);
    return { transaction: toApiTransaction(record, view) };
  }),
  endpoint(updateTransactionOperation, async ({ context, params, auth, actor, body, t }) => {
    const db = context.get(dbContext);
    const userId = auth.user.id;
    const id = params.id ?? "";
    const record = await getTransaction(db, userId, id);
    if (!record) throw apiErrors.notFound();
    const view = await apiTransactionView(context, t);
    const changed = await apiUpdateInput(record, body, view.decimals, (categoryId) => impliedType(db, userId, categoryId));
    if (!changed.ok) throw transactionApiError("multiPayment");
    const { input } = changed;
    await fillPastRates(db, rateHistoryOptions(context.get(envContext)), input.payments.map((p) => ({ currencyCode: p.currencyCode, date: input.date })));
    const outcome = await updateTransaction(db, actor, { id, input, recorded: record });
    switch (outcome.kind) {
      case "updated":
        return { transaction: toApiTransaction((await getTransaction(db, userId, id))!, view) };
      case "notFound":
        throw apiErrors.notFound();
      default:
        throw await withRateSuggestions(context, t, input, outcome.kind === "invalid" ? outcome.issues : [], apiRefusal(outcome, input.multi));
    }
  }),
  endpoint(deleteTransactionOperation, async ({ context, params, actor, t }) => {
    const id = params.id ?? "";
    const outcome = await deleteTransaction(context.get(dbContext), actor, { id });
    if (outcome.kind === "notFound") throw apiErrors.notFound();
    return { id, message: t("api.transactionDeleted") };
  }),
]);

export const loader = route.loader;
export const action = route.action;
