import { ApiError, apiErrors, refusalError, type Refusal } from "~/platform/http/envelope";
import type { InputIssue } from "~/features/transactions/model/resolve";
import type { NeedsRate } from "./commands.server";

// A refused schedule command answers alike on both faces: the same status and message key, on
// the field to blame. Another user's schedule is "notFound", exactly like a missing one.

export type RecurringRefusal = "notFound" | "notAnOccurrence" | "alreadyPosted" | "nothingLeft" | "paused";

export const recurringRefusals: Record<RecurringRefusal, Refusal<"date">> = {
  notFound: { status: 404, message: "errors.notFound" },
  notAnOccurrence: { status: 400, message: "recurring.validation.notAnOccurrence", field: "date" },
  /** Skipping a date already posted, or posting one another run posted first. */
  alreadyPosted: { status: 409, message: "recurring.validation.alreadyPosted", field: "date" },
  nothingLeft: { status: 409, message: "recurring.validation.nothingLeft" },
  /** Skip and post-now on a paused schedule: it offers Resume only (decision 033). */
  paused: { status: 409, message: "recurring.validation.paused" },
};

export function recurringApiError(refusal: RecurringRefusal): ApiError {
  return refusalError(recurringRefusals[refusal]);
}

/** The door's or the checks' issues as a 400: the first is the message, each on its field. */
export function issuesApiError(issues: readonly InputIssue[]): ApiError {
  const errors: Record<string, string[]> = {};
  for (const issue of issues) (errors[issue.path.map(String).join(".")] ??= []).push(issue.message);
  return apiErrors.validation(issues[0]?.message ?? "api.validationFailed", errors);
}

/** "Needs a rate for MXN on 2026-12-01": a 400 on rates.<currency>, which the user can type. */
export function needsRateApiError({ currency, date }: NeedsRate): ApiError {
  return new ApiError(400, "recurring.needsRate", { values: { currency, date }, errors: { [`rates.${currency}`]: ["validation.rateUnknown"] } });
}
