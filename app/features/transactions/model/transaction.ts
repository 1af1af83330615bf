import type { CategoryType } from "~/features/categories/model";
import { MANUAL_SOURCE } from "~/features/rates/model";
import { isBaseCurrency } from "~/money/currencies";
import { minorToNumber, type AmountError } from "~/money/amounts";
import { isIsoDate } from "~/calendar/days";
import { amountMessage } from "~/text/typed-number";

// The transactions model without zod (the schemas are in ../schemas/): types, constants and pure
// rules; the list page imports this and downloads no schema library.

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
  /** Takes the nearest known rate offered where none is on file (decision 037). */
  useSuggestion: (index: number) => `use-rate:${index}`,
  recalculate: "recalculate",
} as const;

/** A rate with the day and source it is stored under. */
export type DatedRate = { rate: string; date: string; source: string };

/**
 * Which date and source a typed rate is stored with (ARCHITECTURE.md 4): those of the reference it
 * is exactly (the rate on file for the date, which the form prefills), else it is the user's own
 * ("manual") for the transaction's date. Saving decides with it (model/resolve.ts) and the form explains
 * a row's rate with it before saving (model/form.ts), so the two cannot disagree.
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

/**
 * An income category holds income, every other category expenses (spec section 5): the type a
 * category gives a transaction that names none, and the one a transaction's category must have.
 */
export function transactionTypeOf(categoryType: CategoryType | undefined): TransactionType {
  return categoryType === "income" ? "INCOME" : "EXPENSE";
}

/** "Credit Card", "credit-card", "CREDIT_CARD" → "credit_card"; anything else is kept so the enum refuses it. */
export function normalizePaymentMethod(value: unknown): unknown {
  if (typeof value !== "string") return value;
  const key = value.trim().toLowerCase().replace(/[\s-]+/g, "_");
  return key === "" ? undefined : key;
}

const ISO_TIMESTAMP = /^(\d{4}-\d{2}-\d{2})T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:\d{2})$/;

/**
 * The calendar date of a yyyy-MM-dd date or of an ISO timestamp (the client form sends
 * `date.toISOString()` in multi mode, spec section 3), as written: the date in the offset the
 * client gave, never shifted by the server's clock. null when it is neither.
 */
export function calendarDateOf(value: string): string | null {
  if (isIsoDate(value)) return value;
  const match = ISO_TIMESTAMP.exec(value);
  if (!match || Number.isNaN(Date.parse(value)) || !isIsoDate(match[1]!)) return null;
  return match[1]!;
}

/** The amount messages of spec section 5: single mode and multi mode word "not positive" differently. */
export function transactionAmountMessage(error: AmountError, multi: boolean): string {
  const positive = multi ? "validation.paymentAmountPositive" : "validation.amountPositive";
  return amountMessage(error, { required: positive, notPositive: positive });
}

export type MonthTotals = { incomeUsdCents: number; expenseUsdCents: number; netUsdCents: number };

export type CurrencyMonth = {
  currencyCode: string;
  /** Transactions with at least one payment in this currency. */
  count: number;
  incomeMinor: number;
  expenseMinor: number;
  incomeUsdCents: number;
  expenseUsdCents: number;
};

export type RecentTransaction = {
  id: string;
  type: TransactionType;
  description: string;
  date: string;
  usdCents: number;
  category: { id: string; name: string; color: string; icon: string } | null;
  payments: Array<{ currencyCode: string; amountMinor: number; usdCents: number }>;
  /** The schedule that posted it (issue 24), for the "repeats" sign; null for any other transaction. */
  recurringId: string | null;
};

/** Two months' USD totals, the current month per payment currency, and the latest transactions (the dashboard). */
export type MonthsOverview = {
  current: MonthTotals;
  previous: MonthTotals;
  byCurrency: CurrencyMonth[];
  recent: RecentTransaction[];
};

/**
 * Income, expense and total (income − expense) of one currency as the API's decimal numbers at
 * `places` decimals: the figure every summary of the API shows per currency and in USD.
 */
export function incomeExpenseFigures(incomeMinor: number, expenseMinor: number, places: number) {
  return {
    income: minorToNumber(incomeMinor, places),
    expense: minorToNumber(expenseMinor, places),
    total: minorToNumber(incomeMinor - expenseMinor, places),
  };
}

/**
 * What a transaction paid in several payments comes to in each currency, in the order the
 * currencies first appear: "$ 320.00 + € 100.00" on the list and the dashboard, where the row
 * otherwise showed only "Multi (2)" and the USD total (issue 23). Two payments in one currency are
 * one part. Exact: each part is a BigInt of minor units.
 */
export function paymentPartsByCurrency(payments: readonly { currencyCode: string; amountMinor: number }[]): { currencyCode: string; amountMinor: bigint }[] {
  const parts = new Map<string, bigint>();
  for (const p of payments) parts.set(p.currencyCode, (parts.get(p.currencyCode) ?? 0n) + BigInt(p.amountMinor));
  return [...parts].map(([currencyCode, amountMinor]) => ({ currencyCode, amountMinor }));
}
