import { z } from "zod";
import { isIsoDate } from "~/calendar/days";
import { CONTROL_CHARACTERS_MESSAGE, hasInvisibleControlCharacters } from "~/text/plain-text";
import { minorToNumber, type AmountError } from "~/money/amounts";
import { isoDateField } from "~/calendar/fields";
import { amountMessage } from "~/text/typed-number";
import type { CategoryType } from "~/features/categories/model";
import { DESCRIPTION_MAX, MAX_PAYMENTS, MAX_TAGS, PAYMENT_METHODS, TRANSACTION_TYPES, type TransactionType } from "./rules";

// The shape of a transaction as the web form and the API send it (spec sections 3 and 5),
// before the amounts meet their currencies' decimals and rates (resolve.ts).
// Messages are locale keys.

export { TRANSACTION_TYPES, type TransactionType };

/**
 * An income category holds income, every other category expenses (spec section 5): the type a
 * category gives a transaction that names none, and the one a transaction's category must have.
 */
export function transactionTypeOf(categoryType: CategoryType | undefined): TransactionType {
  return categoryType === "income" ? "INCOME" : "EXPENSE";
}

export {
  categoryTypeFor,
  DEFAULT_PAYMENT_METHOD,
  DESCRIPTION_MAX,
  MAX_PAYMENTS,
  MAX_TAGS,
  PAYMENT_METHODS,
  type PaymentMethod,
} from "./rules";

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

const amountText = z.union([z.string(), z.number()]).optional();

export const paymentInputSchema = z.object({
  currencyCode: z
    .string({ error: "validation.currencyRequired" })
    .trim()
    .toUpperCase()
    .min(1, "validation.currencyRequired")
    .max(10, "validation.currencyInvalid"),
  amount: amountText,
  method: z.preprocess(
    normalizePaymentMethod,
    z.enum(PAYMENT_METHODS, { error: (issue) => (issue.input === undefined ? "validation.paymentMethodRequired" : "validation.paymentMethodInvalid") }),
  ),
  /** Units of the currency per 1 USD; when absent the rate on file for the date is used. */
  rate: amountText,
});

export const transactionInputSchema = z.object({
  type: z.enum(TRANSACTION_TYPES, { error: "validation.typeInvalid" }),
  description: z
    .string({ error: "validation.descriptionRequired" })
    .trim()
    .min(1, "validation.descriptionRequired")
    .max(DESCRIPTION_MAX, "validation.tooLong")
    .refine((description) => !hasInvisibleControlCharacters(description), CONTROL_CHARACTERS_MESSAGE),
  date: isoDateField("validation.dateRequired"),
  categoryId: z.string({ error: "validation.categoryRequired" }).trim().min(1, "validation.categoryRequired").max(100),
  tagIds: z.array(z.string().max(100)).max(MAX_TAGS, "validation.tooManyTags").default([]),
  payments: z
    .array(paymentInputSchema, { error: "validation.paymentRequired" })
    .min(1, "validation.paymentRequired")
    .max(MAX_PAYMENTS, "validation.tooManyPayments"),
  /** Multi-payment mode words the amount rule differently (spec section 5). */
  multi: z.boolean().default(false),
});
export type TransactionInput = z.output<typeof transactionInputSchema>;

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
