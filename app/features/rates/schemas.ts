import { z } from "zod";
import { BASE_CURRENCY } from "~/money/currencies";
import { isIsoDate, isoDay } from "~/calendar/days";
import { dayRangeError, EARLIEST_DAY } from "~/calendar/range";
import { parseRate, rateMessages } from "~/money/rates";
import { ambiguousNumberMessage, typedDecimal } from "~/text/typed-number";

// The rates feature's schemas: a manual rate as the API and the admin settings form send it.
// The rules (sources, ages, refresh failures) are in model.ts; the decimal arithmetic in ~/money/rates.

/** Longest text accepted for a rate; anything longer is not a rate someone meant. */
const RATE_TEXT_MAX = 40;

/**
 * A rate's day is in the accepted range of dates (decision 022) and not after today: a rate is
 * what a currency was worth, never a forecast. The future has its own message.
 */
function checkRateDay(date: string, ctx: z.RefinementCtx): void {
  const today = isoDay();
  const message = date > today ? "validation.rateDateFuture" : dayRangeError(date, { earliest: EARLIEST_DAY, latest: today });
  if (message) ctx.addIssue({ code: "custom", message });
}

/**
 * A manual rate (POST /api/exchange-rates and the admin settings form): a currency other
 * than USD, a date no later than today (UTC), and the rate as a string or a JSON number.
 * Whether the currency exists and is active is checked against the database afterwards.
 */
export const manualRateSchema = z.object({
  currencyCode: z
    .string({ error: "validation.currencyRequired" })
    .trim()
    .toUpperCase()
    .min(1, "validation.currencyRequired")
    .max(10, "validation.currencyInvalid")
    .refine((code) => code !== BASE_CURRENCY, "validation.rateUsdFixed")
    .meta({ description: "An active currency other than USD, e.g. EUR" }),
  date: z
    .string({ error: "validation.dateRequired" })
    .trim()
    .min(1, "validation.dateRequired")
    .refine(isIsoDate, { message: "validation.dateInvalid", abort: true })
    .superRefine(checkRateDay)
    .meta({ description: `yyyy-MM-dd, from ${EARLIEST_DAY} to today (UTC)` }),
  rate: z
    .union([z.string().max(RATE_TEXT_MAX, "validation.ratePositive"), z.number()], { error: "validation.rateRequired" })
    .optional()
    .transform((value, ctx) => {
      const parsed = parseRate(value);
      if (parsed.ok) return parsed.rate;
      ctx.issues.push({ code: "custom", message: rateMessages[parsed.error], input: value });
      return z.NEVER;
    })
    .meta({
      description:
        'Units of the currency per 1 USD, > 0, at most 12 fraction digits; a string ("0.8612") keeps every digit, a JSON number is read in its shortest form',
    }),
});
export type ManualRateInput = z.output<typeof manualRateSchema>;

/**
 * The admin settings form's schema: the rate as the page's language writes numbers ("0,8612"
 * in Spanish), an entry that reads two ways refused with both readings. The API keeps
 * manualRateSchema's dot decimals.
 */
export function manualRateFormSchema(locale: string) {
  return manualRateSchema.extend({
    rate: z
      .unknown()
      .superRefine((value, ctx) => {
        const ambiguous = ambiguousNumberMessage(value, locale);
        if (ambiguous) ctx.addIssue({ code: "custom", message: ambiguous });
      })
      .transform((value) => (typeof value === "string" && value.trim() !== "" ? typedDecimal(value, locale) : value))
      .pipe(manualRateSchema.shape.rate),
  });
}
