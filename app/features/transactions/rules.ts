import type { CategoryType } from "~/features/categories/model";
import { MANUAL_SOURCE } from "~/features/rates/rules";
import { isBaseCurrency } from "~/money/currencies";

// The zod-free part of the transactions model (model.ts and form-model.ts re-export it): the
// list page imports this and downloads no schema library.

/** The two kinds of transaction, as stored and as the API spells them. */
export const TRANSACTION_TYPES = ["INCOME", "EXPENSE"] as const;
export type TransactionType = (typeof TRANSACTION_TYPES)[number];

/** Spec section 5, in its order; stored as these ids. */
export const PAYMENT_METHODS = [
  "cash",
  "credit_card",
  "debit_card",
  "bank_transfer",
  "digital_wallet",
  "check",
  "other",
] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
export const DEFAULT_PAYMENT_METHOD: PaymentMethod = "cash";

/** A transaction carries at most this many tags. */
export const MAX_TAGS = 20;
export const DESCRIPTION_MAX = 200;
export const MAX_PAYMENTS = 20;

/** The category type whose categories a transaction of this type may use. */
export function categoryTypeFor(type: TransactionType): CategoryType {
  return type === "INCOME" ? "income" : "expense";
}

/** The value of each intent button (name="intent"). */
export const intentValue = {
  save: "save",
  delete: "delete",
  type: (type: TransactionType) => `type:${type}`,
  multi: (on: boolean) => `multi:${on ? "on" : "off"}`,
  add: "add-payment",
  remove: (index: number) => `remove-payment:${index}`,
  refresh: (index: number) => `refresh-rate:${index}`,
  recalculate: "recalculate",
} as const;

/** A rate with the day and source it is stored under. */
export type DatedRate = { rate: string; date: string; source: string };

/**
 * Which date and source a typed rate is stored with (ARCHITECTURE.md 4): those of the reference it
 * is exactly (the rate on file for the date, which the form prefills), else it is the user's own
 * ("manual") for the transaction's date. Saving decides with it (resolve.ts) and the form explains
 * a row's rate with it before saving (form-rules.ts), so the two cannot disagree.
 */
export function typedRateStored(rate: string, transactionDate: string, reference: DatedRate | null | undefined): DatedRate {
  if (reference && reference.rate === rate) return { rate, date: reference.date, source: reference.source };
  return { rate, date: transactionDate, source: MANUAL_SOURCE };
}

/** A payment has a rate field unless it is in the base currency (USD is always 1). */
export function hasRateField(currencyCode: string): boolean {
  return !isBaseCurrency(currencyCode);
}

/**
 * Whether the rate a form sent applies to the payment: its currency has a rate field and the
 * hidden rateFor names that currency (or a client sent a rate without one). A rate typed for the
 * row's previous currency, posted after the currency changed without JavaScript, does not.
 */
export function rateFieldApplies(payment: { currencyCode?: unknown; rate?: unknown; rateFor?: unknown }): boolean {
  const code = String(payment.currencyCode ?? "").trim().toUpperCase();
  if (!code || !hasRateField(code)) return false;
  const rateFor = typeof payment.rateFor === "string" ? payment.rateFor.trim().toUpperCase() : "";
  const rate = payment.rate === undefined || payment.rate === null ? "" : String(payment.rate).trim();
  return rateFor ? rateFor === code : rate !== "";
}
