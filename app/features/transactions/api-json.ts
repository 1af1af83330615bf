import { z } from "zod";
import type { TransactionRecord } from "~/features/transactions/commands.server";
import { minorToNumber as decimalNumber, signedAmount } from "~/money/amounts";
import { paymentRateAgeDays } from "~/features/rates/model";

// A transaction as the API shows it. The spec's sources name things two ways
// (exchangeRate / conversionRate; originalAmount, usdAmount, signed amount), so both are
// given. Amounts appear as JSON numbers, which print the exact decimal, and as integers of
// minor units (originalAmountMinor, usdCents) for clients that must never touch a float.
// Rates appear as numbers and as the exact decimal string that was stored.

export type Decimals = ReadonlyMap<string, number>;

/** What shaping a transaction needs besides the record: decimals, and how old a rate may be before it is called out. */
export type TransactionView = {
  decimals: Decimals;
  staleAfterDays: number;
  /** "Rate from Nov 01, 2026, 22 days old", in the request's language. */
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
      .meta({ description: "Set when a provider's or the snapshot's rate is older than RATE_STALE_AFTER_DAYS (default 7) on the transaction's date, e.g. \"Rate from Nov 01, 2026, 22 days old\"" }),
    usdAmount: z.number(),
    usdCents: z.number().int(),
  })
  .meta({ title: "Payment" });

export const apiTransactionSchema = z
  .object({
    id: z.string(),
    type: z.enum(["INCOME", "EXPENSE"]),
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
    createdAt: z.string().meta({ format: "date-time" }),
    updatedAt: z.string().meta({ format: "date-time" }),
  })
  .meta({ title: "Transaction" });

export type ApiTransaction = z.infer<typeof apiTransactionSchema>;

export function toApiTransaction(record: TransactionRecord, view: TransactionView): ApiTransaction {
  const places = (code: string) => view.decimals.get(code) ?? 2;
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
    createdAt: record.createdAt.toISOString(),
    updatedAt: record.updatedAt.toISOString(),
  };
}
