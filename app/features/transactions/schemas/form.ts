import { z } from "zod";
import { parseAmount } from "~/money/amounts";
import { ambiguousNumberMessage, typedDecimal } from "~/text/typed-number";
import { isBelowMinimumRate, parseRate, rateMessages } from "~/money/rates";
import { MAX_PAYMENTS, rateFieldApplies, transactionAmountMessage } from "../model/transaction";
import { paymentInputSchema, type TransactionInput, transactionInputSchema } from "./transaction";
import type { FormCurrency } from "../model/form";

// The transaction form's schema: the form-only rules layered on transactionInputSchema. The
// draft, the intents and what the page computes live in model/form.ts (zod-free), so the page
// downloads this only when the form is first focused (docs/decisions/017).

const formPaymentSchema = paymentInputSchema.extend({
  rateFor: z.string().trim().toUpperCase().optional(),
});

const formBaseSchema = transactionInputSchema.extend({
  payments: z
    .array(formPaymentSchema, { error: "validation.paymentRequired" })
    .min(1, "validation.paymentRequired")
    .max(MAX_PAYMENTS, "validation.tooManyPayments"),
});
export type TransactionFormValue = z.output<typeof formBaseSchema>;

/**
 * Amounts at their currency's decimals and rates, with the spec's messages (single mode and
 * multi mode word the amount rule differently). A rate field left empty is an error: with
 * no rate known at all it asks for one (ARCHITECTURE.md 4), else it must be positive.
 * `rateKnown(code)` tells whether a rate is on file for the currency. Amounts and rates are read
 * in the user's language (`locale`), and an entry that reads two ways is refused with both.
 */
export function transactionFormSchema(options: { currencies: readonly FormCurrency[]; rateKnown: (code: string) => boolean; locale: string }) {
  const { locale } = options;
  const decimals = new Map(options.currencies.map((c) => [c.code, c.decimalPlaces]));
  return formBaseSchema.check(
    z.superRefine(
      (value: unknown, ctx) => {
        const form = (value ?? {}) as { multi?: unknown; payments?: unknown };
        if (!Array.isArray(form.payments)) return;
        const multi = form.multi === true;
        form.payments.forEach((raw: unknown, index) => {
          if (!raw || typeof raw !== "object") return;
          const payment = raw as { currencyCode?: unknown; amount?: unknown; rate?: unknown; rateFor?: unknown };
          const code = String(payment.currencyCode ?? "").trim().toUpperCase();
          const places = decimals.get(code);
          const ambiguousAmount = ambiguousNumberMessage(payment.amount, locale);
          if (ambiguousAmount) {
            ctx.addIssue({ code: "custom", message: ambiguousAmount, path: ["payments", index, "amount"] });
          } else if (places !== undefined && payment.amount !== undefined && payment.amount !== null) {
            const amount = parseAmount(typedDecimal(payment.amount, locale), places);
            if (!amount.ok) ctx.addIssue({ code: "custom", message: transactionAmountMessage(amount.error, multi), path: ["payments", index, "amount"] });
          } else if (places !== undefined) {
            ctx.addIssue({ code: "custom", message: transactionAmountMessage("required", multi), path: ["payments", index, "amount"] });
          }
          if (!rateFieldApplies(payment)) return;
          const rate = payment.rate === undefined || payment.rate === null ? "" : String(payment.rate).trim();
          if (rate === "") {
            const message = options.rateKnown(code) ? "validation.ratePositive" : "validation.rateUnknown";
            ctx.addIssue({ code: "custom", message, path: ["payments", index, "rate"] });
          } else if (ambiguousNumberMessage(rate, locale)) {
            ctx.addIssue({ code: "custom", message: ambiguousNumberMessage(rate, locale)!, path: ["payments", index, "rate"] });
          } else {
            const parsed = parseRate(typedDecimal(rate, locale));
            if (!parsed.ok) ctx.addIssue({ code: "custom", message: rateMessages[parsed.error], path: ["payments", index, "rate"] });
            else if (isBelowMinimumRate(parsed.rate)) ctx.addIssue({ code: "custom", message: "validation.rateMinimum", path: ["payments", index, "rate"] });
          }
        });
      },
      { when: () => true },
    ),
  );
}

/** The valid form as resolveTransaction takes it, numbers as plain decimals; a rate shown for another currency is dropped. */
export function toTransactionInput(value: TransactionFormValue, locale: string): TransactionInput {
  return {
    type: value.type,
    description: value.description,
    date: value.date,
    categoryId: value.categoryId,
    tagIds: value.tagIds,
    multi: value.multi,
    payments: value.payments.map((p) => ({
      currencyCode: p.currencyCode,
      amount: p.amount === undefined ? undefined : typedDecimal(p.amount, locale),
      method: p.method,
      rate: !rateFieldApplies(p) || p.rate === undefined ? undefined : typedDecimal(p.rate, locale),
    })),
  };
}
