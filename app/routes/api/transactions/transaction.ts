import { apiErrors } from "~/platform/http/envelope";
import { apiRoute, endpoint } from "~/platform/http/handler.server";
import { deleteTransactionOperation, getTransactionOperation, updateTransactionOperation } from "~/features/transactions/api";
import { resolveUpdate, userTotalLimitError } from "~/features/transactions/api-input.server";
import { toApiTransaction } from "~/features/transactions/api-json";
import { transactionView } from "~/features/transactions/view.server";
import { clientIp } from "~/auth/client-ip.server";
import { UserTotalLimitError } from "~/platform/db/errors.server";
import { deleteTransaction, getTransaction, updateTransaction } from "~/features/transactions/commands.server";
import { dbContext } from "~/context.server";

// Another user's transaction answers 404, exactly like a missing one (ARCHITECTURE.md 5).
// Named exports, not a destructuring: React Router's build must see `loader` and `action` by name.
const route = apiRoute([
  endpoint(getTransactionOperation, async ({ context, params, auth, t }) => {
    const db = context.get(dbContext);
    const record = await getTransaction(db, auth.user.id, params.id ?? "");
    if (!record) throw apiErrors.notFound();
    return { transaction: toApiTransaction(record, await transactionView(db, context, t)) };
  }),
  endpoint(updateTransactionOperation, async ({ request, context, params, auth, body, t }) => {
    const db = context.get(dbContext);
    const userId = auth.user.id;
    const id = params.id ?? "";
    const record = await getTransaction(db, userId, id);
    if (!record) throw apiErrors.notFound();
    const view = await transactionView(db, context, t);
    const outcome = await resolveUpdate(db, userId, record, body, view.decimals);
    if (!outcome.ok) throw apiErrors.conflict("errors.multiPaymentUpdate");
    let updated: boolean;
    try {
      updated = await updateTransaction(db, userId, id, outcome.value, { ip: clientIp(request) });
    } catch (error) {
      if (error instanceof UserTotalLimitError) throw userTotalLimitError(body, outcome.value, error.limit);
      throw error;
    }
    if (!updated) throw apiErrors.notFound();
    return { transaction: toApiTransaction((await getTransaction(db, userId, id))!, view) };
  }),
  endpoint(deleteTransactionOperation, async ({ request, context, params, auth, t }) => {
    const id = params.id ?? "";
    if (!(await deleteTransaction(context.get(dbContext), auth.user.id, id, { ip: clientIp(request) }))) throw apiErrors.notFound();
    return { id, message: t("errors.transactionDeleted") };
  }),
]);

export const loader = route.loader;
export const action = route.action;
