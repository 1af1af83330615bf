import { z } from "zod";
import { isoDateField, nullableIsoDateField } from "~/calendar/fields";
import { CONTROL_CHARACTERS_MESSAGE, hasInvisibleControlCharacters } from "~/text/plain-text";
import { DESCRIPTION_MAX, MAX_PAYMENTS, MAX_TAGS, normalizePaymentMethod, PAYMENT_METHODS, TRANSACTION_TYPES } from "~/features/transactions/model/transaction";
import { FREQUENCIES, INTERVAL_MAX, INTERVAL_MIN, OCCURRENCE_LIMIT_MAX } from "./model";

// A schedule as the API (and, later, the /recurring form) sends it: what a transaction holds,
// without its date, plus the rule. Messages are locale keys.

const wholeNumber = (message: string, min: number, max: number) =>
  z.preprocess(
    (value) => (typeof value === "string" && value.trim() !== "" ? Number(value.trim()) : value),
    z.number({ error: message }).int(message).min(min, message).max(max, message),
  );

/** Blank, null or absent is null; anything else a whole number in range. */
const optionalWholeNumber = (message: string, min: number, max: number) =>
  z.preprocess((value) => (value === undefined || value === null || (typeof value === "string" && value.trim() === "") ? null : value), wholeNumber(message, min, max).nullable());

// The transaction's own fields with the transaction schema's rules and messages
// (transactions/schemas/transaction.ts); a schedule's payments carry no rate: each occurrence
// takes the rate of its own date.
const schedulePaymentSchema = z.object({
  currencyCode: z
    .string({ error: "validation.currencyRequired" })
    .trim()
    .toUpperCase()
    .min(1, "validation.currencyRequired")
    .max(10, "validation.currencyInvalid"),
  amount: z.union([z.string(), z.number()]).optional(),
  method: z.preprocess(
    normalizePaymentMethod,
    z.enum(PAYMENT_METHODS, { error: (issue) => (issue.input === undefined ? "validation.paymentMethodRequired" : "validation.paymentMethodInvalid") }),
  ),
});

/** A schedule's fields, shared by the API's body and the /recurring form. */
const scheduleFields = {
  type: z.enum(TRANSACTION_TYPES, { error: "validation.typeInvalid" }),
  description: z
    .string({ error: "validation.descriptionRequired" })
    .trim()
    .min(1, "validation.descriptionRequired")
    .max(DESCRIPTION_MAX, "validation.tooLong")
    .refine((description) => !hasInvisibleControlCharacters(description), CONTROL_CHARACTERS_MESSAGE),
  categoryId: z.string({ error: "validation.categoryRequired" }).trim().min(1, "validation.categoryRequired").max(100),
  tagIds: z.array(z.string().max(100)).max(MAX_TAGS, "validation.tooManyTags").default([]),
  payments: z
    .array(schedulePaymentSchema, { error: "validation.paymentRequired" })
    .min(1, "validation.paymentRequired")
    .max(MAX_PAYMENTS, "validation.tooManyPayments"),
  multi: z.boolean().default(false),
  frequency: z.enum(FREQUENCIES, { error: "recurring.validation.frequencyInvalid" }),
  interval: wholeNumber("recurring.validation.intervalRange", INTERVAL_MIN, INTERVAL_MAX).default(1),
  startDate: isoDateField("validation.dateRequired"),
  endDate: nullableIsoDateField(),
  occurrenceLimit: optionalWholeNumber("recurring.validation.occurrenceLimitRange", 1, OCCURRENCE_LIMIT_MAX),
  /** A start before the user's today: post the past occurrences too, each on its own date (default yes). */
  postPast: z.boolean().default(true),
};

type RuleEnds = { startDate: string; endDate: string | null; occurrenceLimit: number | null };
/** The end date and the count: not before the start, and not both. */
function refineEnds(value: RuleEnds, ctx: z.RefinementCtx) {
  if (value.endDate !== null && value.endDate < value.startDate) ctx.addIssue({ code: "custom", path: ["endDate"], message: "recurring.validation.endBeforeStart" });
  if (value.endDate !== null && value.occurrenceLimit !== null) ctx.addIssue({ code: "custom", path: ["occurrenceLimit"], message: "recurring.validation.endOrCount" });
}

export const scheduleInputSchema = z.object(scheduleFields).superRefine(refineEnds);

/**
 * The /recurring form's body: the same fields and rules as the API's, except that a checkbox
 * left unchecked sends nothing, so "post the past occurrences" is off unless the box is sent.
 */
export const scheduleFormSchema = z
  .object({ ...scheduleFields, postPast: z.preprocess((value) => value === true || value === "on", z.boolean()) })
  .superRefine(refineEnds);
export type ScheduleInput = z.output<typeof scheduleInputSchema>;

/** POST …/skip: the due date to skip. */
export const skipInputSchema = z.object({ date: isoDateField("validation.dateRequired") });

/** A typed rate per currency (units per 1 USD), for an occurrence that has none on file. */
const typedRates = z.record(z.string().trim().toUpperCase().max(10), z.union([z.string(), z.number()])).default({});

/** POST …/post-now: optionally, rates for currencies that have none on file for the occurrence's date. */
export const postNowInputSchema = z.object({ rates: typedRates });

/** POST …/resume: `backfill` posts the dates that passed while paused (default no). */
export const resumeInputSchema = z.object({ backfill: z.boolean().default(false) });
