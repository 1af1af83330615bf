import { and } from "drizzle-orm";
import { isBelowMinimumRate, MAX_USD_CENTS, normalizeRate, parseAmount, sumMinor, toUsdCents } from "~/domain/money";
import { amountMessage, type PaymentMethod, type TransactionInput, type TransactionType } from "~/domain/transactions";
import { inList } from "./bound-lists.server";
import { findCategory } from "./categories.server";
import type { Db } from "./client.server";
import { listCurrencies } from "./currencies.server";
import { ownerCheck } from "./owner-check.server";
import { findRateOn } from "./rates.server";
import { tags } from "./schema";

// Turns a well-shaped transaction input into what is stored: amounts in minor units at
// their currency's decimals, each payment's rate with its date and source, USD cents
// computed once (ARCHITECTURE.md 3 and 4). Checks what needs the database: the category
// and tags are the user's (or a default category), the currencies exist and are active,
// and a rate is known or given. Never falls back to a rate of 1.

export type ResolvedPayment = {
  position: number;
  currencyCode: string;
  amountMinor: number;
  method: PaymentMethod;
  rate: string;
  rateDate: string;
  rateSource: string;
  usdCents: number;
};

export type ResolvedTransaction = {
  type: TransactionType;
  description: string;
  date: string;
  categoryId: string;
  tagIds: string[];
  payments: ResolvedPayment[];
  usdCents: number;
};

export type InputIssue = { path: (string | number)[]; message: string };
export type Resolution = { ok: true; value: ResolvedTransaction } | { ok: false; issues: InputIssue[] };

/** The payments an edited transaction has now: their currencies stay usable and their recorded rates keep their source. */
export type RecordedPayment = { currencyCode: string; rate: string; rateDate: string; rateSource: string };

export async function resolveTransaction(
  db: Db,
  userId: string,
  input: TransactionInput,
  recorded: readonly RecordedPayment[] = [],
): Promise<Resolution> {
  const issues: InputIssue[] = [];
  const category = await findCategory(db, userId, input.categoryId);
  if (!category) issues.push({ path: ["categoryId"], message: "validation.categoryInvalid" });
  else if ((category.type === "income" ? "INCOME" : "EXPENSE") !== input.type) {
    issues.push({ path: ["categoryId"], message: "validation.categoryTypeMismatch" });
  }

  const tagIds = [...new Set(input.tagIds)];
  if (tagIds.length) {
    const owned = await db
      .select({ id: tags.id })
      .from(tags)
      // Found by id (the list), checked for owner: an indexed user equality would walk all the user's tags.
      .where(and(ownerCheck(tags.userId, userId), inList(tags.id, tagIds)));
    if (owned.length !== tagIds.length) issues.push({ path: ["tagIds"], message: "validation.tagInvalid" });
  }

  // Active currencies, plus any the transaction already uses (a currency retired since must
  // not stop its owner from fixing a description).
  const recordedCodes = new Set(recorded.map((p) => p.currencyCode));
  const currencies = new Map(
    (await listCurrencies(db, { activeOnly: false })).filter((c) => c.isActive || recordedCodes.has(c.code)).map((c) => [c.code, c]),
  );
  const payments: ResolvedPayment[] = [];
  for (const [position, payment] of input.payments.entries()) {
    const at = (field: string) => ["payments", position, field];
    const currency = currencies.get(payment.currencyCode);
    if (!currency) {
      issues.push({ path: at("currencyCode"), message: "validation.currencyInvalid" });
      continue;
    }
    const amount = parseAmount(payment.amount, currency.decimalPlaces);
    if (!amount.ok) issues.push({ path: at("amount"), message: amountMessage(amount.error, input.multi) });
    const rate = await rateFor(db, currency.code, input.date, payment.rate, recorded);
    if (!rate.ok) issues.push({ path: at("rate"), message: rate.message });
    if (!amount.ok || !rate.ok) continue;
    const usdCents = toUsdCents(amount.minor, currency.decimalPlaces, rate.value.rate);
    if (!Number.isSafeInteger(usdCents) || usdCents > MAX_USD_CENTS) {
      issues.push({ path: at("amount"), message: "validation.usdTooLarge" });
      continue;
    }
    payments.push({ position, currencyCode: currency.code, amountMinor: amount.minor, method: payment.method, ...rate.value, usdCents });
  }
  if (!issues.length && sumMinor(payments.map((p) => p.usdCents)) > MAX_USD_CENTS) {
    issues.push({ path: ["payments", payments.length - 1, "amount"], message: "validation.usdTooLarge" });
  }
  if (issues.length) return { ok: false, issues };
  return {
    ok: true,
    value: {
      type: input.type,
      description: input.description,
      date: input.date,
      categoryId: input.categoryId,
      tagIds,
      payments,
      usdCents: sumMinor(payments.map((p) => p.usdCents)),
    },
  };
}

type RateChoice = { ok: true; value: { rate: string; rateDate: string; rateSource: string } } | { ok: false; message: string };

/**
 * USD is 1. A rate the user gave is theirs ("manual") unless it is exactly the rate on file
 * for the date, which the form prefills; then it keeps that rate's source and date.
 */
async function rateFor(
  db: Db,
  code: string,
  date: string,
  given: string | number | undefined,
  recorded: readonly RecordedPayment[],
): Promise<RateChoice> {
  if (code === "USD") return { ok: true, value: { rate: "1", rateDate: date, rateSource: "fixed" } };
  const onFile = await findRateOn(db, code, date);
  const typed = given === undefined || (typeof given === "string" && given.trim() === "") ? undefined : given;
  // Resubmitting a payment's recorded rate keeps its provenance, even if a newer rate arrived since.
  const normalized = typed === undefined ? null : normalizeRate(typed);
  const kept = normalized ? recorded.find((p) => p.currencyCode === code && p.rate === normalized && p.rateSource !== "manual") : undefined;
  if (kept) return { ok: true, value: { rate: kept.rate, rateDate: kept.rateDate, rateSource: kept.rateSource } };
  if (typed === undefined) {
    return onFile
      ? { ok: true, value: { rate: onFile.rate, rateDate: onFile.date, rateSource: onFile.source } }
      : { ok: false, message: "validation.rateUnknown" };
  }
  const rate = normalizeRate(typed);
  if (!rate) return { ok: false, message: "validation.ratePositive" };
  if (isBelowMinimumRate(rate)) return { ok: false, message: "validation.rateMinimum" };
  if (onFile && onFile.rate === rate) return { ok: true, value: { rate, rateDate: onFile.date, rateSource: onFile.source } };
  return { ok: true, value: { rate, rateDate: date, rateSource: "manual" } };
}
