import { z } from "zod";
import { CONTROL_CHARACTERS_MESSAGE, hasInvisibleControlCharacters } from "~/text/plain-text";
import { isoDateField } from "~/calendar/fields";
import { DESCRIPTION_MAX, MAX_PAYMENTS, MAX_TAGS, normalizePaymentMethod, PAYMENT_METHODS, TRANSACTION_TYPES } from "../model/transaction";

// The shape of a transaction as the web form and the API send it (spec sections 3 and 5),
// before the amounts meet their currencies' decimals and rates (model/resolve.ts).
// Messages are locale keys.

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
