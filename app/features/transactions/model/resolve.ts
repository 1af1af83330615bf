import { MAX_USD_CENTS, parseAmount, sumMinor } from "~/money/amounts";
import { BASE_CURRENCY } from "~/money/currencies";
import { BASE_RATE, isBelowMinimumRate, parseRate, rateMessages, toUsdCents } from "~/money/rates";
import type { CategoryType } from "~/features/categories/model";
import { fixedBaseRate, MANUAL_SOURCE } from "~/features/rates/model";
import type { UserTotalLimit } from "~/platform/db/errors.server";
import { type PaymentMethod, transactionAmountMessage, type TransactionType, transactionTypeOf, typedRateStored } from "~/features/transactions/model/transaction";
import { type TransactionInput } from "~/features/transactions/schemas/transaction";

// Turns a well-shaped transaction input into what is stored: amounts in minor units at
// their currency's decimals, each payment's rate with its date and source, USD cents
// computed once (ARCHITECTURE.md 3 and 4). Checks the input against what the database held
// when the facts were read: the category and tags are the user's (or a default category), the
// currencies exist and are active, and a rate is known or given. Never falls back to a rate of 1.

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

/** A payment as an edited transaction stored it: its currency stays usable, its conversion is kept unless the edit changes it. */
export type RecordedPayment = {
  currencyCode: string;
  amountMinor: number;
  rate: string;
  rateDate: string;
  rateSource: string;
  usdCents: number;
};
/** What an edit starts from: the stored date and payments (in position order). */
export type RecordedTransaction = { date: string; payments: readonly RecordedPayment[] };

/** A rate on file: the latest for its currency on or before the transaction's date. */
export type RateOnFile = { rate: string; date: string; source: string };
export type RatesOnDate = ReadonlyMap<string, RateOnFile>;

/** What resolving needs from the database, read in one batch beforehand (loadBatchFacts, queries.server.ts). */
export type ResolveFacts = {
  /** The input's category when the user may use it (theirs or a default), else undefined. */
  category: { type: CategoryType } | undefined;
  /** Which of the input's tag ids are the user's. */
  ownedTagIds: ReadonlySet<string>;
  /** Every currency, active or not. */
  currencies: readonly { code: string; decimalPlaces: number; isActive: boolean }[];
  /** The rate on file on the input's date for each of its payments' currencies that has one. */
  ratesOnDate: RatesOnDate;
  /** An edit's stored date and payments. */
  recorded?: RecordedTransaction;
};

/**
 * Checks a well-shaped input against the facts (loaded beforehand, loadBatchFacts in queries.server.ts) and works
 * out what is stored. Pure: the same input and facts always resolve the same way.
 */
export function resolveTransaction(input: TransactionInput, facts: ResolveFacts): Resolution {
  const recordedTransaction = facts.recorded;
  const recorded = recordedTransaction?.payments ?? [];
  const issues: InputIssue[] = [];
  const category = facts.category;
  if (!category) issues.push({ path: ["categoryId"], message: "validation.categoryInvalid" });
  else if (transactionTypeOf(category.type) !== input.type) {
    issues.push({ path: ["categoryId"], message: "validation.categoryTypeMismatch" });
  }

  const tagIds = [...new Set(input.tagIds)];
  if (tagIds.some((id) => !facts.ownedTagIds.has(id))) issues.push({ path: ["tagIds"], message: "validation.tagInvalid" });

  // Active currencies, plus any the transaction already uses (a currency retired since must
  // not stop its owner from fixing a description).
  const recordedCodes = new Set(recorded.map((p) => p.currencyCode));
  const currencies = new Map(facts.currencies.filter((c) => c.isActive || recordedCodes.has(c.code)).map((c) => [c.code, c]));
  const payments: ResolvedPayment[] = [];
  for (const [position, payment] of input.payments.entries()) {
    const at = (field: string) => ["payments", position, field];
    const currency = currencies.get(payment.currencyCode);
    if (!currency) {
      issues.push({ path: at("currencyCode"), message: "validation.currencyInvalid" });
      continue;
    }
    const amount = parseAmount(payment.amount, currency.decimalPlaces);
    if (!amount.ok) issues.push({ path: at("amount"), message: transactionAmountMessage(amount.error, input.multi) });
    const previous = recordedPaymentFor(recorded, position, currency.code);
    const rate = rateOfRow(facts.ratesOnDate, currency.code, input.date, payment.rate, recordedTransaction, position);
    if (!rate.ok) issues.push({ path: at("rate"), message: rate.message });
    if (!amount.ok || !rate.ok) continue;
    // Same amount at the same rate: the stored cents, not a recomputation (they are equal, but
    // this makes "an edit that changes nothing keeps every conversion field" plain to see).
    const unchanged = previous && previous.amountMinor === amount.minor && previous.rate === rate.value.rate;
    const usdCents = unchanged ? previous.usdCents : toUsdCents(amount.minor, currency.decimalPlaces, rate.value.rate);
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

/**
 * The refusal of a write that would take the user past a limit of decision 011, on the last
 * payment's amount: the amounts are what the user can change to get under it.
 */
export function userTotalLimitIssue(value: ResolvedTransaction, limit: UserTotalLimit): InputIssue {
  return {
    path: ["payments", Math.max(value.payments.length - 1, 0), "amount"],
    message: limit === "usd" ? "validation.userUsdTotalLimit" : "validation.userCurrencyTotalLimit",
  };
}

export type RateChoice = { ok: true; value: { rate: string; rateDate: string; rateSource: string } } | { ok: false; message: string };

/**
 * The rate the row at `position` is stored with, as resolveTransaction decides it: the web form
 * calls it too, to explain a row's rate (its date and source) before the user saves.
 */
export function rateOfRow(
  ratesOnDate: RatesOnDate,
  code: string,
  date: string,
  given: string | number | undefined,
  recorded: RecordedTransaction | undefined,
  position: number,
): RateChoice {
  const previous = recorded && recordedPaymentFor(recorded.payments, position, code);
  return rateFor(ratesOnDate, code, date, given, previous && { payment: previous, dateChanged: recorded.date !== date });
}

/** The stored payment an edited row continues: the one at its position in the same currency, else the first in that currency. */
function recordedPaymentFor(recorded: readonly RecordedPayment[], position: number, code: string): RecordedPayment | undefined {
  const atPosition = recorded[position];
  return atPosition?.currencyCode === code ? atPosition : recorded.find((p) => p.currencyCode === code);
}

/**
 * The rate a payment is stored with (ARCHITECTURE.md 3 and 4). USD is 1. A new rate the user
 * gave is theirs ("manual") unless it is exactly the rate on file for the date, which the form
 * prefills; then it keeps that rate's source and date. No rate given: the rate on file for the
 * date, or the user is asked for one (never a silent 1).
 *
 * An edit continues its recorded payment. Resubmitting the recorded rate (the form prefills it,
 * an API client sends back what it read) or sending none is not typing one:
 * - date unchanged: the recorded rate, date and source stay exactly as they were, even when a
 *   different rate was filed for that date since;
 * - date changed: a rate the user typed (manual) stays theirs, now for the new date; a
 *   provider's or snapshot's is looked up again for the new date, as creating the
 *   transaction on that date would.
 */
function rateFor(
  ratesOnDate: RatesOnDate,
  code: string,
  date: string,
  given: string | number | undefined,
  previous: { payment: RecordedPayment; dateChanged: boolean } | undefined,
): RateChoice {
  const typed = given === undefined || (typeof given === "string" && given.trim() === "") ? undefined : parseRate(given);
  if (typed && !typed.ok) return { ok: false, message: rateMessages[typed.error] };
  if (code === BASE_CURRENCY) {
    // A USD rate other than 1 is a client's mistake, not something to ignore.
    if (typed && typed.rate !== BASE_RATE) return { ok: false, message: "validation.rateUsdIsOne" };
    const fixed = fixedBaseRate(date);
    return { ok: true, value: { rate: fixed.rate, rateDate: fixed.date, rateSource: fixed.source } };
  }
  const rate = typed?.rate;
  if (previous && (rate === undefined || rate === previous.payment.rate)) {
    const { payment, dateChanged } = previous;
    if (!dateChanged) return { ok: true, value: { rate: payment.rate, rateDate: payment.rateDate, rateSource: payment.rateSource } };
    if (payment.rateSource === MANUAL_SOURCE) return { ok: true, value: { rate: payment.rate, rateDate: date, rateSource: MANUAL_SOURCE } };
    return onFileFor(ratesOnDate, code);
  }
  if (rate === undefined) return onFileFor(ratesOnDate, code);
  if (isBelowMinimumRate(rate)) return { ok: false, message: "validation.rateMinimum" };
  const stored = typedRateStored(rate, date, ratesOnDate.get(code));
  return { ok: true, value: { rate, rateDate: stored.date, rateSource: stored.source } };
}

function onFileFor(ratesOnDate: RatesOnDate, code: string): RateChoice {
  const onFile = ratesOnDate.get(code);
  return onFile
    ? { ok: true, value: { rate: onFile.rate, rateDate: onFile.date, rateSource: onFile.source } }
    : { ok: false, message: "validation.rateUnknown" };
}
