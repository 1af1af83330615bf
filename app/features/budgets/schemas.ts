import { z } from "zod";
import { parseAmount, type AmountError } from "~/money/amounts";
import { readMonth } from "~/calendar/months";
import { checkAcceptedMonth } from "~/calendar/fields";
import { USD } from "~/money/currencies";
import { ambiguousNumberMessage, amountMessage, typedDecimal } from "~/text/typed-number";
import { DEFAULT_ALERT_THRESHOLD, MAX_ALERT_THRESHOLD, MIN_ALERT_THRESHOLD, type BudgetInput } from "./model";

// A budget's input on both faces: the web form (amounts as the user's language writes them) and
// the API (the spec client's payload: a decimal number or string). Both end as BudgetInput.
// Messages are locale keys.

/** Spec section 5: category and amount are required, with one message for both. */
export const REQUIRED_FIELDS = "validation.requiredFields";

/** The budget amount's message for each way a typed amount is refused. */
export const budgetAmountMessage = (error: AmountError) => amountMessage(error, { required: REQUIRED_FIELDS, notPositive: "validation.amountPositive" });

const categoryIdField = z.string({ error: REQUIRED_FIELDS }).trim().min(1, REQUIRED_FIELDS).max(100, "errors.invalidValue");

/**
 * A month as either face sends it (yyyy-MM or yyyy-MM-01) → its first day; the API's ?month= reads
 * it too. A month outside the accepted dates (1900-01 to ten years after today, decision 022) is
 * refused with the range.
 */
export const monthField = z
  .string({ error: "validation.monthInvalid" })
  .transform((value, ctx) => {
    const month = readMonth(value);
    if (!month) {
      ctx.addIssue({ code: "custom", message: "validation.monthInvalid" });
      return z.NEVER;
    }
    return month;
  })
  .superRefine(checkAcceptedMonth)
  .meta({ description: "The budget's month: yyyy-MM-01 (yyyy-MM is accepted too), from 1900-01 to ten years after today", example: "2026-11-01" });

/**
 * A whole percent, as a JSON number or typed digits. Not z.coerce alone: Number() reads true as
 * 1, [] as 0, "0x50" as 80 and "1e2" as 100, none of which anyone meant as a threshold.
 */
const thresholdField = z
  .preprocess(
    (value) => (typeof value === "number" || (typeof value === "string" && /^\s*\d{1,9}\s*$/.test(value)) ? Number(value) : Number.NaN),
    z
      .number({ error: "validation.thresholdRange" })
      .int("validation.thresholdRange")
      .min(MIN_ALERT_THRESHOLD, "validation.thresholdRange")
      .max(MAX_ALERT_THRESHOLD, "validation.thresholdRange"),
  )
  .meta({ type: "integer", minimum: MIN_ALERT_THRESHOLD, maximum: MAX_ALERT_THRESHOLD });

/** An amount typed in USD: the locale's way on the web (locale given), a plain decimal on the API. */
function usdAmountField(locale: string | null) {
  return z
    .union([z.string(), z.number()], { error: REQUIRED_FIELDS })
    .optional()
    .transform((value, ctx) => {
      const ambiguous = locale && typeof value === "string" ? ambiguousNumberMessage(value, locale) : null;
      if (ambiguous) {
        ctx.addIssue({ code: "custom", message: ambiguous });
        return z.NEVER;
      }
      const parsed = parseAmount(locale && typeof value === "string" ? typedDecimal(value, locale) : value, USD.decimals);
      if (!parsed.ok) {
        ctx.addIssue({ code: "custom", message: budgetAmountMessage(parsed.error) });
        return z.NEVER;
      }
      return parsed.minor;
    });
}

/** The budget form on /budgets: amounts as `locale` writes them ("1.234,50" in Spanish). */
export function budgetFormSchema(locale: string) {
  return z
    .object({
      categoryId: categoryIdField,
      amount: usdAmountField(locale),
      alertThreshold: thresholdField.default(DEFAULT_ALERT_THRESHOLD),
      month: monthField,
    })
    .transform(({ amount, ...rest }): BudgetInput => ({ ...rest, amountCents: amount }));
}

/**
 * POST and PUT /api/budgets: the spec client's payload ({categoryId, amount, month,
 * alert_threshold}), with the snake_case and camelCase names both accepted.
 */
export const budgetApiSchema = z
  .object({
    categoryId: categoryIdField.optional().meta({ description: "An expense category: one of yours or a default one" }),
    category_id: categoryIdField.optional().meta({ description: "Same as categoryId" }),
    amount: usdAmountField(null).meta({ description: "The budget in USD: a positive decimal number or string, at most 2 decimals", example: 250.5 }),
    month: monthField,
    alert_threshold: thresholdField.optional().meta({ description: "Whole percent from 1 to 100 at which the budget warns; 80 by default" }),
    alertThreshold: thresholdField.optional().meta({ description: "Same as alert_threshold" }),
  })
  .check(
    // Checked even when other fields failed (when), so a payload missing both hears of both.
    z.superRefine(
      (body: unknown, ctx) => {
        const { categoryId, category_id } = (body ?? {}) as { categoryId?: unknown; category_id?: unknown };
        if (categoryId === undefined && category_id === undefined) ctx.addIssue({ code: "custom", message: REQUIRED_FIELDS, path: ["categoryId"] });
      },
      { when: () => true },
    ),
  )
  .transform(
    (body): BudgetInput => ({
      categoryId: (body.categoryId ?? body.category_id)!,
      amountCents: body.amount,
      month: body.month,
      alertThreshold: body.alert_threshold ?? body.alertThreshold ?? DEFAULT_ALERT_THRESHOLD,
    }),
  );
