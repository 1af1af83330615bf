import { z } from "zod";
import { SEARCH_MAX } from "~/text/search-text";
import { dayToDate } from "~/calendar/days";
import { EARLIEST_DAY } from "~/calendar/range";
import { formatDate } from "~/calendar/format";
import { checkAcceptedDay, isoDateField, optionalIsoDateField } from "~/calendar/fields";
import { minorToDecimalString, minorToNumber as decimalNumber, signedAmount } from "~/money/amounts";
import { BASE_CURRENCY, decimalsOf } from "~/money/currencies";
import { parseRate } from "~/money/rates";
import { paymentRateAgeDays, rateSuggestionNote } from "~/features/rates/model";
import { type TransactionInput, transactionInputSchema } from "~/features/transactions/schemas/transaction";
import { calendarDateOf, DEFAULT_PAYMENT_METHOD, DESCRIPTION_MAX, incomeExpenseFigures, MAX_PAYMENTS, MAX_TAGS, TRANSACTION_TYPES, type TransactionType } from "~/features/transactions/model/transaction";
import { type ApiError, apiErrors, type FieldErrors, type Translate } from "~/platform/http/envelope";
import { defineOperation } from "~/platform/http/operation";
import { searchParamSchema, wholeNumberParam } from "~/platform/http/query-params";
import type { SaveRefusal } from "./commands.server";
import type { CategoryTotal, DayTotal, Decimals, Summary, TransactionRecord } from "./queries.server";

// A transaction as the API shows it. The spec's sources name things two ways
// (exchangeRate / conversionRate; originalAmount, usdAmount, signed amount), so both are
// given. Amounts appear as JSON numbers, which print the exact decimal, and as integers of
// minor units (originalAmountMinor, usdCents) for clients that must never touch a float.
// Rates appear as numbers and as the exact decimal string that was stored.

/** What shaping a transaction needs besides the record: decimals, and how old a rate may be before it is called out. */
export type TransactionView = {
  decimals: Decimals;
  staleAfterDays: number;
  /** "Rate from Nov 1, 2026, 22 days old", in the request's language. */
  staleRateText: (rateDate: string, days: number) => string;
};

export const apiPaymentSchema = z
  .object({
    currencyCode: z.string(),
    amount: z.number().meta({ description: "In the currency, at its decimals; always positive" }),
    amountMinor: z.number().int().meta({ description: "Integer minor units of the currency" }),
    paymentMethod: z.string().meta({ description: "cash, credit_card, debit_card, bank_transfer, digital_wallet, check or other" }),
    exchangeRate: z.number().meta({ description: "Units of the currency per 1 USD" }),
    conversionRate: z.number().meta({ description: "Same as exchangeRate (the client form's name)" }),
    exchangeRateExact: z.string().meta({ description: "The stored rate as an exact decimal string" }),
    rateDate: z.string().meta({ description: "The date of the rate used, yyyy-MM-dd" }),
    rateSource: z.string().meta({ description: "fixed (USD), manual (typed), snapshot (built-in) or provider (the configured rate provider)" }),
    rateAgeDays: z.number().int().meta({ description: "Days between rateDate and the transaction's date (0 for USD and typed rates)" }),
    rateWarning: z
      .string()
      .nullable()
      .meta({ description: "Set when a provider's or the snapshot's rate is older than RATE_STALE_AFTER_DAYS (default 7) on the transaction's date, e.g. \"Rate from Nov 1, 2026, 22 days old\"" }),
    usdAmount: z.number(),
    usdCents: z.number().int(),
  })
  .meta({ title: "Payment" });

export const apiTransactionSchema = z
  .object({
    id: z.string(),
    type: z.enum(TRANSACTION_TYPES),
    description: z.string(),
    date: z.string().meta({ description: "yyyy-MM-dd" }),
    categoryId: z.string().nullable(),
    category: z.object({ id: z.string(), name: z.string(), color: z.string(), icon: z.string(), type: z.string() }).nullable(),
    currencyCode: z.string().nullable().meta({ description: "The payments' currency; null when they are in several" }),
    originalAmount: z.number().nullable().meta({ description: "Sum of the payments in currencyCode; null when several currencies" }),
    originalAmountMinor: z.number().int().nullable(),
    amount: z.number().nullable().meta({ description: "originalAmount signed: negative for an expense" }),
    exchangeRate: z.number().nullable().meta({ description: "The payments' rate when they share one, else null" }),
    conversionRate: z.number().nullable(),
    usdAmount: z.number().meta({ description: "The USD total: the sum of the payments' USD amounts" }),
    usdCents: z.number().int(),
    paymentMethod: z.string().meta({ description: "The payment method, or multi when the payments differ" }),
    multiCurrency: z.boolean(),
    payments: z.array(apiPaymentSchema),
    warnings: z.array(z.string()).meta({ description: "Each payment's rateWarning, prefixed with its currency" }),
    tags: z.array(z.string()).meta({ description: "Tag ids" }),
    tagIds: z.array(z.string()),
    recurringId: z.string().nullable().meta({ description: "The recurring transaction that posted it; null for others (and once that schedule is deleted)" }),
    occurrenceDate: z.string().nullable().meta({ description: "The schedule's due date it posts (its date may differ: posted early by post-now); null for others" }),
    createdAt: z.string().meta({ format: "date-time" }),
    updatedAt: z.string().meta({ format: "date-time" }),
  })
  .meta({ title: "Transaction" });

export type ApiTransaction = z.infer<typeof apiTransactionSchema>;

export function toApiTransaction(record: TransactionRecord, view: TransactionView): ApiTransaction {
  const places = (code: string) => decimalsOf(code, view.decimals);
  const apiPayments = record.payments.map((p) => {
    const rate = Number(p.rate);
    const rateAge = paymentRateAgeDays({ date: p.rateDate, source: p.rateSource }, record.date);
    const stale = rateAge > view.staleAfterDays;
    return {
      currencyCode: p.currencyCode,
      amount: decimalNumber(p.amountMinor, places(p.currencyCode)),
      amountMinor: p.amountMinor,
      paymentMethod: p.method,
      exchangeRate: rate,
      conversionRate: rate,
      exchangeRateExact: p.rate,
      rateDate: p.rateDate,
      rateSource: p.rateSource,
      rateAgeDays: rateAge,
      rateWarning: stale ? view.staleRateText(p.rateDate, rateAge) : null,
      usdAmount: decimalNumber(p.usdCents, 2),
      usdCents: p.usdCents,
    };
  });
  const codes = new Set(record.payments.map((p) => p.currencyCode));
  const single = codes.size === 1 ? [...codes][0]! : null;
  const originalMinor = single ? record.payments.reduce((sum, p) => sum + p.amountMinor, 0) : null;
  const rates = new Set(record.payments.map((p) => p.rate));
  const sharedRate = single && rates.size === 1 ? Number([...rates][0]) : null;
  const methods = new Set(record.payments.map((p) => p.method));
  return {
    id: record.id,
    type: record.type,
    description: record.description,
    date: record.date,
    categoryId: record.categoryId,
    category: record.category,
    currencyCode: single,
    originalAmount: single && originalMinor !== null ? decimalNumber(originalMinor, places(single)) : null,
    originalAmountMinor: originalMinor,
    amount: single && originalMinor !== null ? decimalNumber(signedAmount(record.type, originalMinor), places(single)) : null,
    exchangeRate: sharedRate,
    conversionRate: sharedRate,
    usdAmount: decimalNumber(record.usdCents, 2),
    usdCents: record.usdCents,
    paymentMethod: methods.size === 1 ? [...methods][0]! : "multi",
    multiCurrency: codes.size > 1,
    payments: apiPayments,
    warnings: apiPayments.flatMap((p) => (p.rateWarning ? [`${p.currencyCode}: ${p.rateWarning}`] : [])),
    tags: record.tagIds,
    tagIds: record.tagIds,
    recurringId: record.recurringId,
    occurrenceDate: record.occurrenceDate,
    createdAt: record.createdAt.toISOString(),
    updatedAt: record.updatedAt.toISOString(),
  };
}

// Spec section 3's create payload (absolute amount, yyyy-MM-dd date, type, categoryId,
// currencyCode default USD, exchangeRate) and its multi-payment payload. The shapes here are
// deliberately loose about types (numbers or strings for amounts and rates); the rules and
// their messages are those of the web form (schemas/transaction.ts, model/resolve.ts).

const decimalInput = z.union([z.string(), z.number()], { error: "errors.invalidValue" });
const upperEnum = <const T extends readonly [string, ...string[]]>(values: T, error: string) =>
  z.string({ error }).trim().toUpperCase().pipe(z.enum(values, { error }));

const isoDate = (required: string) =>
  isoDateField(required).meta({ description: `yyyy-MM-dd, from ${EARLIEST_DAY} to ten years after today` });
/** A list's or a summary's optional date filter: a real date within the accepted range. */
const dateFilter = () => optionalIsoDateField();

export const apiPaymentBodySchema = z.object({
  currencyCode: z.string({ error: "validation.currencyRequired" }).trim().toUpperCase().default(BASE_CURRENCY),
  amount: decimalInput.optional().meta({ description: "Positive, at most the currency's decimals" }),
  paymentMethod: z.string().optional().meta({ description: "Cash (default), Credit Card, Debit Card, Bank Transfer, Digital Wallet, Check, Other" }),
  exchangeRate: decimalInput
    .optional()
    .meta({ description: "Units of the currency per 1 USD. Omit to use the rate on file for the date; USD is always 1" }),
});

const transactionFields = {
  type: upperEnum(TRANSACTION_TYPES, "validation.typeInvalid")
    .optional()
    .meta({ description: "INCOME or EXPENSE; when omitted, taken from the category's type" }),
  // The form's limit (model/transaction.ts), so the document's maxLength is what every write enforces.
  description: z
    .string({ error: "validation.descriptionRequired" })
    .max(DESCRIPTION_MAX, "validation.tooLong")
    .meta({ description: `Required, trimmed; at most ${DESCRIPTION_MAX} characters, line breaks allowed` }),
  date: z
    .string({ error: "validation.dateRequired" })
    .trim()
    .min(1, "validation.dateRequired")
    .transform((value, ctx) => calendarDateOf(value) ?? (ctx.addIssue({ code: "custom", message: "validation.dateInvalid" }), z.NEVER))
    .superRefine(checkAcceptedDay)
    .meta({ description: `yyyy-MM-dd, or an ISO timestamp whose date part (as written) is taken; from ${EARLIEST_DAY} to ten years after today (UTC)` }),
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
    .regex(/^\d{1,12}(\.\d{1,2})?$/, "api.invalidAmountFilter")
    .optional()
    .meta({ description });

export const transactionListQuerySchema = z.object({
  page: wholeNumberParam({ min: 1, max: 100_000_000, default: 1, message: "api.pageInvalid", description: "Page number, from 1" }),
  limit: wholeNumberParam({ min: 1, max: 100, default: 50, message: "api.limitRange", description: "Rows per page (1–100)" }),
  sortBy: z
    .string()
    .trim()
    .toLowerCase()
    .pipe(z.enum(["date", "amount", "usdamount", "originalamount"], { error: "api.sortInvalid" }))
    .default("date")
    .meta({ description: "date or amount (the USD total)" }),
  sortOrder: z.string().trim().toLowerCase().pipe(z.enum(["asc", "desc"], { error: "api.sortInvalid" })).default("desc"),
  type: upperEnum(TRANSACTION_TYPES, "validation.typeInvalid").optional(),
  categoryId: z.string().max(100).optional().meta({ description: "Transactions in this category; none for those without one" }),
  currencyCode: z.string().trim().toUpperCase().max(10).optional().meta({ description: "Transactions with a payment in this currency" }),
  tagId: z.string().max(100).optional().meta({ description: "Transactions carrying this tag" }),
  search: searchParamSchema
    .optional()
    .meta({ description: `Text in the description, ignoring case and accents. At most ${SEARCH_MAX} characters; longer answers 400` }),
  startDate: dateFilter(),
  endDate: dateFilter(),
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
    rateSuggestionNote +
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
    rateSuggestionNote +
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
  startDate: dateFilter(),
  endDate: dateFilter(),
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

export const restoreTransactionOperation = defineOperation({
  operationId: "restoreTransaction",
  method: "POST",
  path: "/api/transactions/{id}/restore",
  summary: "Undo the delete of a transaction",
  description:
    "Undo of a delete within 24 hours of it (decision 035): the transaction comes back exactly as it was, with the same id, its payments (stored rates and USD cents unchanged) and its tags. " +
    "Never deleted, already restored, deleted more than 24 hours ago, or another user's: 404, and nothing changes. " +
    "Refused with 409, changing nothing, when it cannot come back exactly: its category or one of its tags has been deleted since, " +
    "or it would take the user's totals past their limit.",
  tag: "transactions",
  access: "user",
  params: idParam,
  response: transactionResult,
  errorStatuses: [404, 409],
});

export const transactionOperations = [
  listTransactionsOperation,
  createTransactionOperation,
  getTransactionOperation,
  updateTransactionOperation,
  deleteTransactionOperation,
  restoreTransactionOperation,
  transactionSummaryOperation,
  transactionsByCategoryOperation,
  transactionsByDateRangeOperation,
];


/** Everything toApiTransaction needs for this request: the currencies' decimals, the stale-rate threshold, the request's language. */
export function transactionView(options: { decimals: Decimals; staleAfterDays: number; locale: string; t: Translate }): TransactionView {
  const { decimals, staleAfterDays, locale, t } = options;
  return {
    decimals,
    staleAfterDays,
    staleRateText: (rateDate, days) => t("money.staleRate", { date: formatDate(dayToDate(rateDate), locale), count: days }),
  };
}

// The API's payloads (spec section 3) → the one transaction input the web form also uses,
// so both faces apply the same rules with the same messages. Field names in errors are the
// API's own (amount, exchangeRate, paymentMethod…), not the form's.

type RawPayment = { currencyCode?: string; amount?: string | number; method?: string; rate?: string | number };
type RawInput = {
  type?: string;
  description?: string;
  date?: string;
  categoryId?: string;
  tagIds?: string[];
  payments: RawPayment[];
  multi: boolean;
};

const singleFieldNames: Record<string, string> = { amount: "amount", currencyCode: "currencyCode", rate: "exchangeRate", method: "paymentMethod" };
const paymentFieldNames: Record<string, string> = { rate: "exchangeRate", method: "paymentMethod" };

function apiPath(path: readonly PropertyKey[], multi: boolean): string {
  const [head, index, field] = path.map(String);
  if (head === "payments" && field !== undefined) {
    return multi ? `payments.${index}.${paymentFieldNames[field] ?? field}` : (singleFieldNames[field] ?? field);
  }
  if (head === "tagIds") return "tags";
  return path.map(String).join(".");
}

/** A 400 whose message is the first problem and whose errors name the API's fields. */
export function apiValidationError(issues: readonly { path: readonly PropertyKey[]; message: string }[], multi: boolean): ApiError {
  const errors: FieldErrors = {};
  for (const issue of issues) {
    const field = apiPath(issue.path, multi);
    (errors[field] ??= []).includes(issue.message) || errors[field]!.push(issue.message);
  }
  return apiErrors.validation(issues[0]?.message ?? "api.validationFailed", errors);
}

function singlePayment(body: ApiTransactionCreate | ApiTransactionUpdate, base?: RawPayment): RawPayment {
  return {
    currencyCode: body.currencyCode ?? base?.currencyCode ?? BASE_CURRENCY,
    amount: body.amount ?? base?.amount,
    method: body.paymentMethod ?? base?.method ?? DEFAULT_PAYMENT_METHOD,
    // A new currency without a rate takes the rate on file, not the old currency's rate.
    rate: body.exchangeRate ?? body.conversionRate ?? (body.currencyCode && body.currencyCode !== base?.currencyCode ? undefined : base?.rate),
  };
}

function multiPayments(body: ApiTransactionCreate | ApiTransactionUpdate): RawPayment[] {
  return (body.payments ?? []).map((p) => ({
    currencyCode: p.currencyCode,
    amount: p.amount,
    method: p.paymentMethod ?? DEFAULT_PAYMENT_METHOD,
    rate: p.exchangeRate,
  }));
}

/**
 * A refused save as the API answers it: a 400 whose errors name the API's fields. A database
 * that could not be read is the server's failure: its error goes on as it came.
 */
export function apiRefusal(refusal: SaveRefusal, multi: boolean): unknown {
  switch (refusal.kind) {
    case "invalid":
      return apiValidationError(refusal.issues, multi);
    case "overLimit":
      return apiValidationError([refusal.issue], multi);
    case "unreadable":
      return refusal.cause;
  }
}

/** The one transaction input, or the 400 naming the API's fields. */
async function parseRaw(raw: RawInput): Promise<TransactionInput> {
  const parsed = await transactionInputSchema.safeParseAsync(raw, { error: () => "errors.invalidValue" });
  if (!parsed.success) throw apiValidationError(parsed.error.issues, raw.multi);
  return parsed.data;
}

/** The type a category gives a transaction sent without one (spec section 5): read by the caller. */
export type ImpliedType = (categoryId: string) => Promise<TransactionType>;

/** exchangeRate and conversionRate name the same rate (spec section 3 uses both); two different values are refused, not one picked. */
function refuseConflictingRates(body: ApiTransactionCreate | ApiTransactionUpdate): void {
  if (body.exchangeRate === undefined || body.conversionRate === undefined) return;
  const [exchange, conversion] = [parseRate(body.exchangeRate), parseRate(body.conversionRate)];
  const same = exchange.ok && conversion.ok ? exchange.rate === conversion.rate : String(body.exchangeRate).trim() === String(body.conversionRate).trim();
  if (!same) throw apiValidationError([{ path: ["payments", 0, "rate"], message: "api.rateConflict" }], false);
}

/** A create's body as the one transaction input; a 400 naming the API's fields when it is not one. */
export async function apiCreateInput(body: ApiTransactionCreate, impliedType: ImpliedType): Promise<TransactionInput> {
  refuseConflictingRates(body);
  const multi = body.payments !== undefined;
  return parseRaw({
    type: body.type ?? (await impliedType(body.categoryId)),
    description: body.description,
    date: body.date,
    categoryId: body.categoryId,
    tagIds: body.tagIds ?? body.tags ?? [],
    payments: multi ? multiPayments(body) : [singlePayment(body)],
    multi,
  });
}

export type ApiUpdateInput = { ok: true; input: TransactionInput } | { ok: false; error: "multiPayment" };

/** The stored transaction with only the sent fields changed, to be checked as a whole again. */
export async function apiUpdateInput(
  record: TransactionRecord,
  body: ApiTransactionUpdate,
  decimals: Decimals,
  impliedType: ImpliedType,
): Promise<ApiUpdateInput> {
  refuseConflictingRates(body);
  const stored: RawPayment[] = record.payments.map((p) => ({
    currencyCode: p.currencyCode,
    amount: minorToDecimalString(p.amountMinor, decimalsOf(p.currencyCode, decimals)),
    method: p.method,
    rate: p.rate,
  }));
  const touchesSingle = [body.amount, body.currencyCode, body.exchangeRate, body.conversionRate, body.paymentMethod].some((v) => v !== undefined);
  let payments = stored;
  let multi = stored.length > 1;
  if (body.payments !== undefined) {
    payments = multiPayments(body);
    multi = true;
  } else if (touchesSingle) {
    if (stored.length > 1) return { ok: false, error: "multiPayment" };
    payments = [singlePayment(body, stored[0])];
  }
  const categoryId = body.categoryId ?? record.categoryId ?? undefined;
  const type = body.type ?? (body.categoryId ? await impliedType(body.categoryId) : record.type);
  const input = await parseRaw({
    type,
    description: body.description ?? record.description,
    date: body.date ?? record.date,
    categoryId,
    tagIds: body.tagIds ?? body.tags ?? record.tagIds,
    payments,
    multi,
  });
  return { ok: true, input };
}

// The JSON of the totals endpoints, shaped here so a route only reads and returns. A currency's
// amounts are numbers at its decimals; USD at 2 (incomeExpenseFigures, shared with the reports API).

/** GET /api/transactions/summary: USD totals, and per payment currency its own figures and their USD equivalent. */
export function summaryJson(summary: Summary, decimals: Decimals) {
  const usd = incomeExpenseFigures(summary.incomeUsdCents, summary.expenseUsdCents, 2);
  return {
    count: summary.count,
    income: usd.income,
    expense: usd.expense,
    net: usd.total,
    byCurrency: summary.byCurrency.map((c) => ({
      currency: c.currencyCode,
      ...incomeExpenseFigures(c.incomeMinor, c.expenseMinor, decimalsOf(c.currencyCode, decimals)),
      usdEquivalent: incomeExpenseFigures(c.incomeUsdCents, c.expenseUsdCents, 2),
    })),
  };
}

/** GET /api/transactions/by-category: USD totals per category and type. */
export function categoryTotalsJson(rows: readonly CategoryTotal[]) {
  return rows.map((r) => ({
    id: r.categoryId,
    name: r.name,
    color: r.color,
    type: r.type,
    count: r.count,
    totalAmount: decimalNumber(r.usdCents, 2),
    usdCents: r.usdCents,
  }));
}

/** GET /api/transactions/by-date-range: USD income and expenses per day. */
export function dayTotalsJson(days: readonly DayTotal[]) {
  return days.map((d) => ({ date: d.date, income: decimalNumber(d.incomeUsdCents, 2), expenses: decimalNumber(d.expenseUsdCents, 2) }));
}
