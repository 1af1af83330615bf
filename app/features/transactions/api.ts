import { z } from "zod";
import { SEARCH_MAX, searchParamSchema } from "~/text/search-text";
import { BASE_CURRENCY } from "~/money/currencies";
import { calendarDateOf, isIsoDate, MAX_PAYMENTS, MAX_TAGS } from "~/features/transactions/model";
import { defineOperation } from "~/platform/http/operation";
import { wholeNumberParam } from "~/platform/http/query-params";
import { apiTransactionSchema } from "./api-json";

// Spec section 3's create payload (absolute amount, yyyy-MM-dd date, type, categoryId,
// currencyCode default USD, exchangeRate) and its multi-payment payload. The shapes here are
// deliberately loose about types (numbers or strings for amounts and rates); the rules and
// their messages are those of the web form (domain/transactions.ts, db/transaction-input.server.ts).

const decimalInput = z.union([z.string(), z.number()], { error: "errors.invalidValue" });
const upperEnum = <const T extends readonly [string, ...string[]]>(values: T, error: string) =>
  z.string({ error }).trim().toUpperCase().pipe(z.enum(values, { error }));

const isoDate = (required: string) =>
  z.string({ error: required }).trim().min(1, required).refine(isIsoDate, "validation.dateInvalid").meta({ description: "yyyy-MM-dd" });

export const apiPaymentBodySchema = z.object({
  currencyCode: z.string({ error: "validation.currencyRequired" }).trim().toUpperCase().default(BASE_CURRENCY),
  amount: decimalInput.optional().meta({ description: "Positive, at most the currency's decimals" }),
  paymentMethod: z.string().optional().meta({ description: "Cash (default), Credit Card, Debit Card, Bank Transfer, Digital Wallet, Check, Other" }),
  exchangeRate: decimalInput
    .optional()
    .meta({ description: "Units of the currency per 1 USD. Omit to use the rate on file for the date; USD is always 1" }),
});

const transactionFields = {
  type: upperEnum(["INCOME", "EXPENSE"], "validation.typeInvalid")
    .optional()
    .meta({ description: "INCOME or EXPENSE; when omitted, taken from the category's type" }),
  description: z.string({ error: "validation.descriptionRequired" }).max(1000, "validation.tooLong"),
  date: z
    .string({ error: "validation.dateRequired" })
    .trim()
    .min(1, "validation.dateRequired")
    .transform((value, ctx) => calendarDateOf(value) ?? (ctx.addIssue({ code: "custom", message: "validation.dateInvalid" }), z.NEVER))
    .meta({ description: "yyyy-MM-dd, or an ISO timestamp whose date part (as written) is taken" }),
  categoryId: z.string({ error: "validation.categoryRequired" }).max(100),
  amount: decimalInput.optional().meta({ description: "Single payment: the absolute amount" }),
  currencyCode: z.string().trim().toUpperCase().optional().meta({ description: "Single payment: default USD" }),
  exchangeRate: decimalInput.optional().meta({ description: "Single payment: units per 1 USD; default the rate on file (1 for USD)" }),
  conversionRate: decimalInput.optional().meta({ description: "Same as exchangeRate (the client form's name)" }),
  paymentMethod: z.string().optional().meta({ description: "Single payment: default Cash" }),
  payments: z
    .array(apiPaymentBodySchema)
    .max(MAX_PAYMENTS, "validation.tooManyPayments")
    .optional()
    .meta({ description: "Multi-payment: replaces amount/currencyCode/exchangeRate/paymentMethod" }),
  tags: z.array(z.string().max(100)).max(MAX_TAGS, "validation.tooManyTags").optional().meta({ description: "Tag ids" }),
  tagIds: z.array(z.string().max(100)).max(MAX_TAGS, "validation.tooManyTags").optional().meta({ description: "Same as tags" }),
};

export const apiTransactionCreateSchema = z.object({ ...transactionFields });
export const apiTransactionUpdateSchema = z
  .object({
    ...transactionFields,
    description: transactionFields.description.optional(),
    date: transactionFields.date.optional(),
    categoryId: transactionFields.categoryId.optional(),
  })
  .meta({ description: "Only the fields that change" });

export type ApiTransactionCreate = z.output<typeof apiTransactionCreateSchema>;
export type ApiTransactionUpdate = z.output<typeof apiTransactionUpdateSchema>;

const usdFilter = (description: string) =>
  z
    .string()
    .trim()
    .regex(/^\d{1,12}(\.\d{1,2})?$/, "errors.invalidAmountFilter")
    .optional()
    .meta({ description });

export const transactionListQuerySchema = z.object({
  page: wholeNumberParam({ min: 1, max: 100_000_000, default: 1, message: "errors.pageInvalid", description: "Page number, from 1" }),
  limit: wholeNumberParam({ min: 1, max: 100, default: 50, message: "errors.limitRange", description: "Rows per page (1–100)" }),
  sortBy: z
    .string()
    .trim()
    .toLowerCase()
    .pipe(z.enum(["date", "amount", "usdamount", "originalamount"], { error: "errors.sortInvalid" }))
    .default("date")
    .meta({ description: "date or amount (the USD total)" }),
  sortOrder: z.string().trim().toLowerCase().pipe(z.enum(["asc", "desc"], { error: "errors.sortInvalid" })).default("desc"),
  type: upperEnum(["INCOME", "EXPENSE"], "validation.typeInvalid").optional(),
  categoryId: z.string().max(100).optional(),
  currencyCode: z.string().trim().toUpperCase().max(10).optional().meta({ description: "Transactions with a payment in this currency" }),
  tagId: z.string().max(100).optional().meta({ description: "Transactions carrying this tag" }),
  search: searchParamSchema
    .optional()
    .meta({ description: `Text in the description, ignoring case and accents. At most ${SEARCH_MAX} characters; longer answers 400` }),
  startDate: z.string().trim().refine(isIsoDate, "validation.dateInvalid").optional(),
  endDate: z.string().trim().refine(isIsoDate, "validation.dateInvalid").optional(),
  minAmount: usdFilter("Lowest USD total, e.g. 10.50"),
  maxAmount: usdFilter("Highest USD total"),
});

const paginationSchema = z.object({
  page: z.number().int(),
  limit: z.number().int(),
  total: z.number().int(),
  totalPages: z.number().int(),
});

const transactionResult = z.object({ transaction: apiTransactionSchema });
const idParam = { id: "The transaction's id" };

export const listTransactionsOperation = defineOperation({
  operationId: "listTransactions",
  method: "GET",
  path: "/api/transactions",
  summary: "The user's transactions, filtered, sorted and paged",
  description: "data.totals holds the USD income, expenses and net of every matching transaction (all pages).",
  tag: "transactions",
  access: "user",
  query: transactionListQuerySchema,
  response: z.object({
    transactions: z.array(apiTransactionSchema),
    pagination: paginationSchema,
    totals: z.object({ income: z.number(), expense: z.number(), net: z.number(), incomeUsdCents: z.number().int(), expenseUsdCents: z.number().int(), netUsdCents: z.number().int() }),
  }),
});

const userTotalLimitNote =
  "Per-user limit (decision 011): the USD cents of all the user's payments add up to at most 1,000,000,000,000,000 (USD 10,000,000,000,000.00), " +
  "and the amounts of the user's payments in any one currency to at most 1,000,000,000,000,000 minor units; a write that would pass either answers 400 " +
  "(errors on amount, or payments.N.amount for the last payment) and changes nothing. Each payment, and each transaction's USD total, is also at most 999,999,999,999.99.";

export const createTransactionOperation = defineOperation({
  operationId: "createTransaction",
  method: "POST",
  path: "/api/transactions",
  summary: "Record a transaction (single or multi-payment)",
  description:
    "Send an Idempotency-Key header to make retries safe: the same key and body create one transaction and answer the same response; the same key with another body answers 409. " +
    "A non-USD payment without exchangeRate uses the rate on file for the date; when none is known the answer is 400 asking for one (never a silent rate of 1). " +
    userTotalLimitNote,
  tag: "transactions",
  access: "user",
  body: apiTransactionCreateSchema,
  response: transactionResult,
  successStatus: 201,
  errorStatuses: [409],
});

export const getTransactionOperation = defineOperation({
  operationId: "getTransaction",
  method: "GET",
  path: "/api/transactions/{id}",
  summary: "One transaction",
  tag: "transactions",
  access: "user",
  params: idParam,
  response: transactionResult,
  errorStatuses: [404],
});

export const updateTransactionOperation = defineOperation({
  operationId: "updateTransaction",
  method: "PUT",
  path: "/api/transactions/{id}",
  summary: "Change a transaction: only the fields sent change",
  description:
    "amount, currencyCode, exchangeRate and paymentMethod change the single payment (409 on a transaction with several: send payments instead); payments replaces them all. " +
    userTotalLimitNote,
  tag: "transactions",
  access: "user",
  params: idParam,
  body: apiTransactionUpdateSchema,
  response: transactionResult,
  errorStatuses: [404, 409],
});

export const deleteTransactionOperation = defineOperation({
  operationId: "deleteTransaction",
  method: "DELETE",
  path: "/api/transactions/{id}",
  summary: "Delete a transaction with its payments",
  tag: "transactions",
  access: "user",
  params: idParam,
  response: z.object({ id: z.string(), message: z.string() }),
  errorStatuses: [404],
});

const periodQuery = z.object({
  startDate: z.string().trim().refine(isIsoDate, "validation.dateInvalid").optional(),
  endDate: z.string().trim().refine(isIsoDate, "validation.dateInvalid").optional(),
});

const moneyPair = z.object({ income: z.number(), expense: z.number(), total: z.number() });

export const transactionSummaryOperation = defineOperation({
  operationId: "transactionSummary",
  method: "GET",
  path: "/api/transactions/summary",
  summary: "Totals in USD and per currency",
  description: "summary.byCurrency: per payment currency, income, expense and total in that currency and their USD equivalent (spec section 3's summary item).",
  tag: "transactions",
  access: "user",
  query: periodQuery.extend({ currencyCode: z.string().trim().toUpperCase().max(10).optional() }),
  response: z.object({
    summary: z.object({
      count: z.number().int(),
      income: z.number(),
      expense: z.number(),
      net: z.number(),
      byCurrency: z.array(z.object({ currency: z.string(), income: z.number(), expense: z.number(), total: z.number(), usdEquivalent: moneyPair })),
    }),
  }),
});

export const transactionsByCategoryOperation = defineOperation({
  operationId: "transactionsByCategory",
  method: "GET",
  path: "/api/transactions/by-category",
  summary: "USD totals per category and type, largest first",
  tag: "transactions",
  access: "user",
  query: periodQuery,
  response: z.object({
    categories: z.array(
      z.object({ id: z.string().nullable(), name: z.string().nullable(), color: z.string().nullable(), type: z.string(), count: z.number().int(), totalAmount: z.number(), usdCents: z.number().int() }),
    ),
  }),
});

export const transactionsByDateRangeOperation = defineOperation({
  operationId: "transactionsByDateRange",
  method: "GET",
  path: "/api/transactions/by-date-range",
  summary: "USD income and expenses per day between two dates",
  tag: "transactions",
  access: "user",
  query: z.object({ startDate: isoDate("validation.dateRequired"), endDate: isoDate("validation.dateRequired") }),
  response: z.object({ days: z.array(z.object({ date: z.string(), income: z.number(), expenses: z.number() })) }),
});

export const transactionOperations = [
  listTransactionsOperation,
  createTransactionOperation,
  getTransactionOperation,
  updateTransactionOperation,
  deleteTransactionOperation,
  transactionSummaryOperation,
  transactionsByCategoryOperation,
  transactionsByDateRangeOperation,
];
