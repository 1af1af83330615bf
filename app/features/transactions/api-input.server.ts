import type { z } from "zod";
import { findCategory } from "~/features/categories/queries.server";
import type { Db } from "~/platform/db/client.server";
import type { UserTotalLimit } from "~/platform/db/errors.server";
import { resolveTransaction, userTotalLimitIssue, type InputIssue, type ResolvedTransaction } from "~/features/transactions/resolve.server";
import type { TransactionRecord } from "~/features/transactions/commands.server";
import { minorToDecimalString, parseRate } from "~/money/amounts";
import { transactionInputSchema } from "~/features/transactions/model";
import { apiErrors, type ApiError, type FieldErrors } from "~/platform/http/envelope";
import type { ApiTransactionCreate, ApiTransactionUpdate } from "./api";
import type { Decimals } from "./api-json";

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
function invalid(issues: readonly { path: readonly PropertyKey[]; message: string }[], multi: boolean): ApiError {
  const errors: FieldErrors = {};
  for (const issue of issues) {
    const field = apiPath(issue.path, multi);
    (errors[field] ??= []).includes(issue.message) || errors[field]!.push(issue.message);
  }
  return apiErrors.validation(issues[0]?.message ?? "errors.validationFailed", errors);
}

function singlePayment(body: ApiTransactionCreate | ApiTransactionUpdate, base?: RawPayment): RawPayment {
  return {
    currencyCode: body.currencyCode ?? base?.currencyCode ?? "USD",
    amount: body.amount ?? base?.amount,
    method: body.paymentMethod ?? base?.method ?? "cash",
    // A new currency without a rate takes the rate on file, not the old currency's rate.
    rate: body.exchangeRate ?? body.conversionRate ?? (body.currencyCode && body.currencyCode !== base?.currencyCode ? undefined : base?.rate),
  };
}

function multiPayments(body: ApiTransactionCreate | ApiTransactionUpdate): RawPayment[] {
  return (body.payments ?? []).map((p) => ({
    currencyCode: p.currencyCode,
    amount: p.amount,
    method: p.paymentMethod ?? "cash",
    rate: p.exchangeRate,
  }));
}

/** Spec section 5: with no type given, the category's type decides (income → INCOME, else EXPENSE). */
async function typeFor(db: Db, userId: string, given: string | undefined, categoryId: string | undefined) {
  if (given) return given;
  const category = categoryId ? await findCategory(db, userId, categoryId) : undefined;
  return category?.type === "income" ? "INCOME" : "EXPENSE";
}

async function resolveRaw(db: Db, userId: string, raw: RawInput, recorded?: Pick<TransactionRecord, "date" | "payments">): Promise<ResolvedTransaction> {
  const parsed = await transactionInputSchema.safeParseAsync(raw, { error: () => "errors.invalidValue" });
  if (!parsed.success) throw invalid(parsed.error.issues as z.core.$ZodIssue[], raw.multi);
  const resolved = await resolveTransaction(db, userId, parsed.data, recorded);
  if (!resolved.ok) throw invalid(resolved.issues as InputIssue[], raw.multi);
  return resolved.value;
}

/** exchangeRate and conversionRate name the same rate (spec section 3 uses both); two different values are refused, not one picked. */
function refuseConflictingRates(body: ApiTransactionCreate | ApiTransactionUpdate): void {
  if (body.exchangeRate === undefined || body.conversionRate === undefined) return;
  const [exchange, conversion] = [parseRate(body.exchangeRate), parseRate(body.conversionRate)];
  const same = exchange.ok && conversion.ok ? exchange.rate === conversion.rate : String(body.exchangeRate).trim() === String(body.conversionRate).trim();
  if (!same) throw invalid([{ path: ["payments", 0, "rate"], message: "validation.rateConflict" }], false);
}

export async function resolveCreate(db: Db, userId: string, body: ApiTransactionCreate): Promise<ResolvedTransaction> {
  refuseConflictingRates(body);
  const multi = body.payments !== undefined;
  return resolveRaw(db, userId, {
    type: await typeFor(db, userId, body.type, body.categoryId),
    description: body.description,
    date: body.date,
    categoryId: body.categoryId,
    tagIds: body.tagIds ?? body.tags ?? [],
    payments: multi ? multiPayments(body) : [singlePayment(body)],
    multi,
  });
}

export type UpdateOutcome = { ok: true; value: ResolvedTransaction } | { ok: false; error: "multiPayment" };

/** The stored transaction with only the sent fields changed, checked as a whole again. */
export async function resolveUpdate(
  db: Db,
  userId: string,
  record: TransactionRecord,
  body: ApiTransactionUpdate,
  decimals: Decimals,
): Promise<UpdateOutcome> {
  refuseConflictingRates(body);
  const stored: RawPayment[] = record.payments.map((p) => ({
    currencyCode: p.currencyCode,
    amount: minorToDecimalString(p.amountMinor, decimals.get(p.currencyCode) ?? 2),
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
  const type = body.type ?? (body.categoryId ? await typeFor(db, userId, undefined, body.categoryId) : record.type);
  const value = await resolveRaw(db, userId, {
    type,
    description: body.description ?? record.description,
    date: body.date ?? record.date,
    categoryId,
    tagIds: body.tagIds ?? body.tags ?? record.tagIds,
    payments,
    multi,
  }, record);
  return { ok: true, value };
}

/** The 400 for a write the database refused for passing a per-user limit (decision 011), on the API's amount field. */
export function userTotalLimitError(body: ApiTransactionCreate | ApiTransactionUpdate, value: ResolvedTransaction, limit: UserTotalLimit): ApiError {
  return invalid([userTotalLimitIssue(value, limit)], body.payments !== undefined || value.payments.length > 1);
}
