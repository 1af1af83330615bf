import { z } from "zod";
import { isIsoDate, isoDay } from "./days";
import type { MonthStart } from "./months";
import { acceptedDays, dayRangeError, isMonthInRange, monthRangeMessage } from "./range";

// The accepted range of dates (range.ts, decision 022) as zod checks, for every schema a date
// enters through: `.superRefine(checkAcceptedDay)` after the field is known to be a real date
// (or is null, for an optional one). Today is the day the schema runs, in UTC: the request's day
// on the server, the browser's for a form's live validation. A separate module from the rest of
// the calendar so that a page which only formats dates does not download zod.

/** A real yyyy-MM-dd date outside 1900-01-01 … today + 10 years: an issue naming the range. */
export function checkAcceptedDay(day: string | null | undefined, ctx: z.RefinementCtx): void {
  if (day === null || day === undefined) return;
  const message = dayRangeError(day, acceptedDays(isoDay()));
  if (message) ctx.addIssue({ code: "custom", message });
}

/** A month (its first day) outside the accepted range: an issue naming the range in months. */
export function checkAcceptedMonth(month: MonthStart | null | undefined, ctx: z.RefinementCtx): void {
  if (month === null || month === undefined) return;
  const range = acceptedDays(isoDay());
  if (!isMonthInRange(month, range)) ctx.addIssue({ code: "custom", message: monthRangeMessage(range) });
}

// The one date field every schema uses (the form, the API's bodies and filters, goals, reports):
// trimmed, a real yyyy-MM-dd date ("validation.dateInvalid"), then within the accepted range.

/** A required date: missing or empty is the `required` message. */
export function isoDateField(required: string) {
  return z.string({ error: required }).trim().min(1, required).refine(isIsoDate, "validation.dateInvalid").superRefine(checkAcceptedDay);
}

/** An optional date (a filter): absent is undefined; anything sent must be an accepted date. */
export function optionalIsoDateField() {
  return z.string().trim().refine(isIsoDate, "validation.dateInvalid").superRefine(checkAcceptedDay).optional();
}

/** A date that may be left blank (a goal's target date): blank, null or absent is null. */
export function nullableIsoDateField() {
  return z
    .string({ error: "validation.dateInvalid" })
    .trim()
    .nullish()
    .transform((text) => (text ? text : null))
    .refine((date) => date === null || isIsoDate(date), "validation.dateInvalid")
    .superRefine(checkAcceptedDay);
}
