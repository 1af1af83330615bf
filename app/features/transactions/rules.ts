import type { CategoryType } from "~/features/categories/model";

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

/** Moved to the money kernel's calendar (goals use it too); kept here for the transactions feature's imports. */
export { isIsoDate } from "~/money/dates";

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
