import { apiRoute, endpoint } from "~/platform/http/handler.server";
import { idempotencyKeyOf, replayedResponse, requestHash } from "~/platform/http/idempotency.server";
import { apiErrors } from "~/platform/http/envelope";
import {
  apiCreateInput,
  apiRefusal,
  createTransactionOperation,
  listTransactionsOperation,
  toApiTransaction,
} from "~/features/transactions/api";
import { createTransaction } from "~/features/transactions/commands.server";
import { getTransaction, impliedType, listTransactions } from "~/features/transactions/queries.server";
import { apiTransactionView, withRateSuggestions } from "./view.server";
import { minorToNumber, parseAmount } from "~/money/amounts";
import { dbContext, envContext } from "~/context.server";
import { fillPastRates } from "~/features/rates/commands.server";
import { rateHistoryOptions } from "~/env.server";
import { UNCATEGORISED } from "~/features/transactions/model/list-query";

const usdCents = (text: string | undefined) => {
  if (text === undefined) return undefined;
  const parsed = parseAmount(text, 2);
  return parsed.ok ? parsed.minor : 0;
};
const usd = (cents: number) => minorToNumber(cents, 2);

// Named exports, not a destructuring: React Router's build must see `loader` and `action` by name.
const route = apiRoute([
  endpoint(listTransactionsOperation, async ({ context, auth, query, t }) => {
    const db = context.get(dbContext);
    const page = await listTransactions(
      db,
      auth.user.id,
      {
        type: query.type,
        // `none`: the transactions without a category, as the list page's filter (issue 27).
        categoryId: query.categoryId === UNCATEGORISED ? undefined : query.categoryId,
        uncategorised: query.categoryId === UNCATEGORISED,
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
    const view = await apiTransactionView(context, t);
    const { incomeUsdCents, expenseUsdCents, netUsdCents } = page.totals;
    return {
      transactions: page.transactions.map((record) => toApiTransaction(record, view)),
      pagination: { page: query.page, limit: query.limit, total: page.total, totalPages: Math.ceil(page.total / query.limit) },
      totals: { income: usd(incomeUsdCents), expense: usd(expenseUsdCents), net: usd(netUsdCents), incomeUsdCents, expenseUsdCents, netUsdCents },
    };
  }),
  endpoint(createTransactionOperation, async ({ request, context, auth, actor, body, t }) => {
    const db = context.get(dbContext);
    const userId = auth.user.id;
    const key = idempotencyKeyOf(request);
    const input = await apiCreateInput(body, (categoryId) => impliedType(db, userId, categoryId));
    await fillPastRates(db, rateHistoryOptions(context.get(envContext)), input.payments.map((p) => ({ currencyCode: p.currencyCode, date: input.date })));
    const view = await apiTransactionView(context, t);
    const outcome = await createTransaction(db, actor, {
      input,
      source: "api",
      idempotency: key
        ? {
            key,
            hash: await requestHash(body),
            answer: (record) => JSON.stringify({ status: "success", data: { transaction: toApiTransaction(record, view) } }),
          }
        : undefined,
    });
    switch (outcome.kind) {
      case "replayed":
        return replayedResponse(outcome);
      case "keyReused":
        throw apiErrors.conflict("api.idempotencyKeyReused");
      case "created":
        if (outcome.answer) return new Response(outcome.answer, { status: 201, headers: { "Content-Type": "application/json" } });
        return { transaction: toApiTransaction((await getTransaction(db, userId, outcome.id))!, view) };
      default:
        throw await withRateSuggestions(context, t, input, outcome.kind === "invalid" ? outcome.issues : [], apiRefusal(outcome, input.multi));
    }
  }),
]);

export const loader = route.loader;
export const action = route.action;
