import { apiRoute, endpoint } from "~/platform/http/handler.server";
import { idempotencyKeyOf, rememberQuery, replay, requestHash } from "~/platform/http/idempotency.server";
import { createTransactionOperation, listTransactionsOperation } from "~/features/transactions/api";
import { resolveCreate, userTotalLimitError } from "~/features/transactions/api-input.server";
import { toApiTransaction } from "~/features/transactions/api-json";
import { transactionView } from "~/features/transactions/view.server";
import { clientIp } from "~/auth/client-ip.server";
import { findCategory } from "~/features/categories/queries.server";
import { isUniqueViolation, UserTotalLimitError } from "~/platform/db/errors.server";
import { createTransaction, getTransaction, listTransactions, plannedRecord } from "~/features/transactions/commands.server";
import { minorToDecimalString, parseAmount } from "~/money/amounts";
import { dbContext } from "~/context.server";

const usdCents = (text: string | undefined) => {
  if (text === undefined) return undefined;
  const parsed = parseAmount(text, 2);
  return parsed.ok ? parsed.minor : 0;
};
const usd = (cents: number) => Number(minorToDecimalString(cents, 2));

// Named exports, not a destructuring: React Router's build must see `loader` and `action` by name.
const route = apiRoute([
  endpoint(listTransactionsOperation, async ({ context, auth, query, t }) => {
    const db = context.get(dbContext);
    const page = await listTransactions(
      db,
      auth.user.id,
      {
        type: query.type,
        categoryId: query.categoryId,
        currencyCode: query.currencyCode,
        tagIds: query.tagId ? [query.tagId] : undefined,
        search: query.search?.trim() || undefined,
        startDate: query.startDate,
        endDate: query.endDate,
        minUsdCents: usdCents(query.minAmount),
        maxUsdCents: usdCents(query.maxAmount),
      },
      { by: query.sortBy === "date" ? "date" : "amount", order: query.sortOrder },
      { page: query.page, limit: query.limit },
    );
    const view = await transactionView(db, context, t);
    const { incomeUsdCents, expenseUsdCents, netUsdCents } = page.totals;
    return {
      transactions: page.transactions.map((record) => toApiTransaction(record, view)),
      pagination: { page: query.page, limit: query.limit, total: page.total, totalPages: Math.ceil(page.total / query.limit) },
      totals: { income: usd(incomeUsdCents), expense: usd(expenseUsdCents), net: usd(netUsdCents), incomeUsdCents, expenseUsdCents, netUsdCents },
    };
  }),
  endpoint(createTransactionOperation, async ({ request, context, auth, body, t }) => {
    const db = context.get(dbContext);
    const userId = auth.user.id;
    const key = idempotencyKeyOf(request);
    const hash = key ? await requestHash(body) : "";
    if (key) {
      const earlier = await replay(db, userId, key, hash);
      if (earlier) return earlier;
    }
    const value = await resolveCreate(db, userId, body);
    const id = crypto.randomUUID();
    const view = await transactionView(db, context, t);
    if (!key) {
      try {
        await createTransaction(db, userId, value, { ip: clientIp(request) }, { id });
      } catch (error) {
        if (error instanceof UserTotalLimitError) throw userTotalLimitError(body, value, error.limit);
        throw error;
      }
      return { transaction: toApiTransaction((await getTransaction(db, userId, id))!, view) };
    }
    // With a key, the answer is stored in the same batch as the transaction; it is built
    // from what is about to be written, so it is exactly what a later read returns.
    const now = new Date();
    const category = await findCategory(db, userId, value.categoryId);
    const record = plannedRecord(
      id,
      value,
      category ? { id: category.id, name: category.name, color: category.color, icon: category.icon, type: category.type } : null,
      now,
    );
    const responseBody = JSON.stringify({ status: "success", data: { transaction: toApiTransaction(record, view) } });
    try {
      await createTransaction(db, userId, value, { ip: clientIp(request) }, {
        id,
        createdAt: now,
        extra: [rememberQuery(db, userId, key, hash, 201, responseBody)],
      });
    } catch (error) {
      // Refused as a validation error, and not remembered for the key (like every other 400): a retry
      // after deleting other transactions may succeed.
      if (error instanceof UserTotalLimitError) throw userTotalLimitError(body, value, error.limit);
      // The same key raced in from a concurrent retry: nothing of ours was written; answer as it did.
      if (isUniqueViolation(error) || /PRIMARY KEY|constraint/i.test(String(error))) {
        const earlier = await replay(db, userId, key, hash);
        if (earlier) return earlier;
      }
      throw error;
    }
    return new Response(responseBody, { status: 201, headers: { "Content-Type": "application/json" } });
  }),
]);

export const loader = route.loader;
export const action = route.action;
