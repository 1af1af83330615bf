import { and } from "drizzle-orm";
import { isBelowMinimumRate, MAX_USD_CENTS, parseAmount, parseRate, rateMessages, sumMinor, toUsdCents } from "~/money/amounts";
import { BASE_CURRENCY, MANUAL_SOURCE } from "~/features/rates/model";
import { amountMessage, type PaymentMethod, type TransactionInput, type TransactionType } from "~/features/transactions/model";
import { inList } from "~/platform/db/bound-lists.server";
import { findCategory } from "~/features/categories/queries.server";
import type { Db } from "~/platform/db/client.server";
import type { UserTotalLimit } from "~/platform/db/errors.server";
import { listCurrencies } from "~/features/rates/currencies.server";
import { ownerCheck } from "~/platform/db/owner-check.server";
import { findRateOn } from "~/features/rates/commands.server";
import { tags } from "~/platform/db/schema";

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

export async function resolveTransaction(
  db: Db,
  userId: string,
  input: TransactionInput,
  recordedTransaction?: RecordedTransaction,
): Promise<Resolution> {
  const recorded = recordedTransaction?.payments ?? [];
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
    const previous = recordedPaymentFor(recorded, position, currency.code);
    const rate = await rateFor(db, currency.code, input.date, payment.rate, previous && {
      payment: previous,
      dateChanged: recordedTransaction!.date !== input.date,
    });
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

type RateChoice = { ok: true; value: { rate: string; rateDate: string; rateSource: string } } | { ok: false; message: string };

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
async function rateFor(
  db: Db,
  code: string,
  date: string,
  given: string | number | undefined,
  previous: { payment: RecordedPayment; dateChanged: boolean } | undefined,
): Promise<RateChoice> {
  const typed = given === undefined || (typeof given === "string" && given.trim() === "") ? undefined : parseRate(given);
  if (typed && !typed.ok) return { ok: false, message: rateMessages[typed.error] };
  if (code === BASE_CURRENCY) {
    // A USD rate other than 1 is a client's mistake, not something to ignore.
    if (typed && typed.rate !== "1") return { ok: false, message: "validation.rateUsdIsOne" };
    return { ok: true, value: { rate: "1", rateDate: date, rateSource: "fixed" } };
  }
  const rate = typed?.rate;
  if (previous && (rate === undefined || rate === previous.payment.rate)) {
    const { payment, dateChanged } = previous;
    if (!dateChanged) return { ok: true, value: { rate: payment.rate, rateDate: payment.rateDate, rateSource: payment.rateSource } };
    if (payment.rateSource === MANUAL_SOURCE) return { ok: true, value: { rate: payment.rate, rateDate: date, rateSource: MANUAL_SOURCE } };
    return onFileFor(db, code, date);
  }
  if (rate === undefined) return onFileFor(db, code, date);
  if (isBelowMinimumRate(rate)) return { ok: false, message: "validation.rateMinimum" };
  const onFile = await findRateOn(db, code, date);
  if (onFile && onFile.rate === rate) return { ok: true, value: { rate, rateDate: onFile.date, rateSource: onFile.source } };
  return { ok: true, value: { rate, rateDate: date, rateSource: MANUAL_SOURCE } };
}

async function onFileFor(db: Db, code: string, date: string): Promise<RateChoice> {
  const onFile = await findRateOn(db, code, date);
  return onFile
    ? { ok: true, value: { rate: onFile.rate, rateDate: onFile.date, rateSource: onFile.source } }
    : { ok: false, message: "validation.rateUnknown" };
}
