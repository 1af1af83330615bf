import { z } from "zod";
import { parseAmount } from "~/money/amounts";
import { BASE_CURRENCY, decimalsOf } from "~/money/currencies";
import { EARLIEST_DAY } from "~/calendar/range";
import { nullableIsoDateField } from "~/calendar/fields";
import { ambiguousNumberMessage, amountMessage, typedDecimal } from "~/text/typed-number";
import { CONTROL_CHARACTERS_MESSAGE, hasControlCharacters, hasInvisibleControlCharacters } from "~/text/plain-text";
import { GOAL_DESCRIPTION_MAX, GOAL_NAME_MAX, GOAL_NOTE_MAX, type GoalCurrency, type GoalInput, type GoalProgressInput } from "./model";

// A savings goal's input on both faces: the web forms (amounts as the user's language writes
// them) and the API (the spec client's payload). Amounts are in the goal's own currency, so
// the schemas are built with the active currencies' decimals. Messages are locale keys.

/** Spec section 5: name and target are required, with one message for both. */
export const REQUIRED_FIELDS = "validation.requiredFields";

type AmountReading = { ok: true; minor: number } | { ok: false; message: string };

/**
 * An amount typed in the goal's currency, to minor units: the locale's way on the web (locale
 * given), a plain decimal number or string on the API. `saved`: the saved amount, which may be
 * 0 but never negative; otherwise the amount must be positive.
 */
function readAmount(value: unknown, decimals: number, locale: string | null, saved: boolean): AmountReading {
  if (locale && typeof value === "string") {
    const ambiguous = ambiguousNumberMessage(value, locale);
    if (ambiguous) return { ok: false, message: ambiguous };
  }
  const text = locale && typeof value === "string" ? typedDecimal(value, locale) : value;
  const parsed = parseAmount(typeof text === "string" || typeof text === "number" ? text : null, decimals);
  if (parsed.ok) return parsed;
  const negative = /^\s*-/.test(String(text));
  if (saved && parsed.error === "notPositive" && !negative) return { ok: true, minor: 0 };
  return {
    ok: false,
    message: amountMessage(parsed.error, { required: REQUIRED_FIELDS, notPositive: saved ? "validation.savedNotNegative" : "validation.amountPositive" }),
  };
}

/** A goal's currency and amounts as sent, however the face names them. */
type GoalAmountsSent = { currencyCode: unknown; target: unknown; saved: unknown };

/**
 * The goal's currency, target and saved amount read together (the decimals are the currency's),
 * with each problem on its field. A currency left out is `omitted`: USD for a new goal, the
 * goal's own on an edit, so a currency never changes by omission.
 */
function readGoalAmounts(sent: GoalAmountsSent, decimals: ReadonlyMap<string, number>, locale: string | null, omitted: string) {
  const code = typeof sent.currencyCode === "string" && sent.currencyCode.trim() ? sent.currencyCode.trim().toUpperCase() : omitted;
  const places = decimals.get(code);
  const target = readAmount(sent.target, decimalsOf(code, decimals), locale, false);
  const blank = sent.saved === undefined || sent.saved === null || (typeof sent.saved === "string" && sent.saved.trim() === "");
  const saved = blank ? null : readAmount(sent.saved, decimalsOf(code, decimals), locale, true);
  const problems: { field: keyof GoalAmountsSent; message: string }[] = [];
  if (places === undefined) problems.push({ field: "currencyCode", message: "validation.currencyInvalid" });
  if (!target.ok) problems.push({ field: "target", message: target.message });
  if (saved && !saved.ok) problems.push({ field: "saved", message: saved.message });
  return { code, targetMinor: target.ok ? target.minor : 0, savedMinor: saved?.ok ? saved.minor : undefined, problems };
}

/**
 * The amounts' checks, run even when another field failed (when), so an empty form hears of
 * the name and the target together; `names` maps each to the face's field name.
 */
function goalAmountsCheck(
  decimals: ReadonlyMap<string, number>,
  locale: string | null,
  omitted: string,
  sent: (raw: Record<string, unknown>) => GoalAmountsSent,
  names: Record<keyof GoalAmountsSent, string>,
) {
  return z.superRefine(
    (raw: unknown, ctx) => {
      for (const { field, message } of readGoalAmounts(sent((raw ?? {}) as Record<string, unknown>), decimals, locale, omitted).problems) {
        ctx.addIssue({ code: "custom", message, path: [names[field]] });
      }
    },
    { when: () => true },
  );
}

const nameField = z
  .string({ error: REQUIRED_FIELDS })
  .trim()
  .min(1, REQUIRED_FIELDS)
  .max(GOAL_NAME_MAX, "validation.tooLong")
  .refine((name) => !hasControlCharacters(name), CONTROL_CHARACTERS_MESSAGE);

const descriptionField = z
  .string({ error: "errors.invalidValue" })
  .trim()
  .max(GOAL_DESCRIPTION_MAX, "validation.tooLong")
  .refine((text) => !hasInvisibleControlCharacters(text), CONTROL_CHARACTERS_MESSAGE)
  .nullish()
  .transform((text) => (text ? text : null));

const noteField = z
  .string({ error: "errors.invalidValue" })
  .trim()
  .max(GOAL_NOTE_MAX, "validation.tooLong")
  .refine((text) => !hasControlCharacters(text), CONTROL_CHARACTERS_MESSAGE)
  .nullish()
  .transform((text) => (text ? text : null));

const targetDateField = nullableIsoDateField().meta({ description: `yyyy-MM-dd from ${EARLIEST_DAY} to ten years after today, or null for a goal without a date` });

/**
 * The goal form on /budgets (create and edit): name, currency, target, saved so far, date and
 * description. The saved amount is optional: blank keeps what the entries say. `currencies`
 * gives every known currency's decimals; whether one may be chosen is the command's rule.
 * `currencyWhenOmitted`: the goal's own currency on an edit (USD by default).
 */
export function goalFormSchema(options: { currencies: readonly GoalCurrency[]; locale: string; currencyWhenOmitted?: string }) {
  const decimals = new Map(options.currencies.map((c) => [c.code, c.decimalPlaces]));
  const omitted = options.currencyWhenOmitted ?? BASE_CURRENCY;
  const sent = (raw: Record<string, unknown>): GoalAmountsSent => ({ currencyCode: raw.currencyCode, target: raw.targetAmount, saved: raw.savedAmount });
  return z
    .object({
      name: nameField,
      currencyCode: z.string().optional(),
      targetAmount: z.unknown().optional(),
      savedAmount: z.unknown().optional(),
      targetDate: targetDateField,
      description: descriptionField,
    })
    .check(goalAmountsCheck(decimals, options.locale, omitted, sent, { currencyCode: "currencyCode", target: "targetAmount", saved: "savedAmount" }))
    .transform((value): GoalInput => {
      const { code, targetMinor, savedMinor } = readGoalAmounts(sent(value), decimals, options.locale, omitted);
      return { name: value.name, currencyCode: code, targetMinor, savedMinor, targetDate: value.targetDate, description: value.description };
    });
}

/**
 * POST and PUT /api/savings-goals: the spec client's payload ({name, target_amount,
 * current_amount, target_date or null, description}), camelCase names accepted too, and a
 * currency: when left out, USD on POST and the goal's own on PUT (`currencyWhenOmitted`).
 */
export function goalApiSchema(currencies: readonly GoalCurrency[], currencyWhenOmitted: string = BASE_CURRENCY) {
  const decimals = new Map(currencies.map((c) => [c.code, c.decimalPlaces]));
  const sent = (raw: Record<string, unknown>): GoalAmountsSent => ({
    currencyCode: raw.currencyCode ?? raw.currency_code,
    target: raw.target_amount ?? raw.targetAmount,
    saved: raw.current_amount ?? raw.currentAmount,
  });
  return z
    .object({
      name: nameField,
      currencyCode: z.string().optional().meta({ description: "An active currency's code (a goal keeps its own once inactive); when left out, USD on POST and the goal's own on PUT" }),
      currency_code: z.string().optional().meta({ description: "Same as currencyCode" }),
      target_amount: z.unknown().optional().meta({ description: "The target in the goal's currency: a positive decimal number or string", example: 1500 }),
      targetAmount: z.unknown().optional().meta({ description: "Same as target_amount" }),
      current_amount: z.unknown().optional().meta({ description: "Saved so far, 0 or more; on PUT a different value records the difference as an entry" }),
      currentAmount: z.unknown().optional().meta({ description: "Same as current_amount" }),
      target_date: targetDateField,
      targetDate: targetDateField,
      description: descriptionField,
    })
    .check(goalAmountsCheck(decimals, null, currencyWhenOmitted, sent, { currencyCode: "currencyCode", target: "target_amount", saved: "current_amount" }))
    .transform((body): GoalInput => {
      const { code, targetMinor, savedMinor } = readGoalAmounts(sent(body), decimals, null, currencyWhenOmitted);
      return { name: body.name, currencyCode: code, targetMinor, savedMinor, targetDate: body.target_date ?? body.targetDate ?? null, description: body.description };
    });
}

/** The progress form: a positive amount and whether it goes in (deposit) or out (withdraw). */
export function goalProgressFormSchema(options: { decimals: number; locale: string }) {
  return z
    .object({ amount: z.unknown().optional(), direction: z.enum(["deposit", "withdraw"]).default("deposit"), note: noteField })
    .transform((value, ctx): GoalProgressInput => {
      const amount = readAmount(value.amount, options.decimals, options.locale, false);
      if (!amount.ok) {
        ctx.addIssue({ code: "custom", message: amount.message === REQUIRED_FIELDS ? "validation.amountPositive" : amount.message, path: ["amount"] });
        return z.NEVER;
      }
      return { amountMinor: value.direction === "withdraw" ? -amount.minor : amount.minor, note: value.note };
    });
}

/** PUT /api/savings-goals/{id}/progress: {amount, note?}, amount signed (negative withdraws), never zero. */
export function goalProgressApiSchema(decimals: number) {
  return z
    .object({
      amount: z.union([z.number(), z.string()], { error: "validation.amountPositive" }).meta({ description: "Signed, in the goal's currency: positive adds, negative withdraws", example: -25.5 }),
      note: noteField.meta({ description: "Optional, up to 200 characters" }),
    })
    .transform((value, ctx): GoalProgressInput => {
      const text = typeof value.amount === "number" ? String(value.amount) : value.amount.trim();
      const negative = text.startsWith("-");
      const amount = readAmount(negative ? text.slice(1) : text, decimals, null, false);
      if (!amount.ok) {
        ctx.addIssue({ code: "custom", message: amount.message === REQUIRED_FIELDS ? "validation.amountPositive" : amount.message, path: ["amount"] });
        return z.NEVER;
      }
      return { amountMinor: negative ? -amount.minor : amount.minor, note: value.note };
    });
}
