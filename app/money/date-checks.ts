import type { z } from "zod";
import { acceptedDays, dayRangeError, isMonthInRange, isoDay, monthRangeMessage, type MonthStart } from "./dates";

// The accepted range of dates (dates.ts, decision 022) as zod checks, for every schema a date
// enters through: `.superRefine(checkAcceptedDay)` after the field is known to be a real date
// (or is null, for an optional one). Today is the day the schema runs, in UTC: the request's day
// on the server, the browser's for a form's live validation. A separate module from dates.ts so
// that a page which only formats dates does not download zod.

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
