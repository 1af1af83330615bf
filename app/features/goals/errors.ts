import { refusalError, type ApiError, type Refusal } from "~/platform/http/envelope";
import type { GoalRefusal } from "./commands.server";

// A refused goal write answers alike on both faces: the same status and message key, on the
// field to blame. Another user's goal is "notFound", exactly like a missing one.

export const goalRefusals: Record<GoalRefusal, Refusal<"amount" | "currencyCode">> = {
  notFound: { status: 404, message: "errors.notFound" },
  belowZero: { status: 400, message: "validation.goalBelowZero", field: "amount" },
  tooLarge: { status: 400, message: "validation.amountTooLarge", field: "amount" },
  currencyLocked: { status: 409, message: "validation.goalCurrencyLocked", field: "currencyCode" },
  currencyInactive: { status: 400, message: "validation.currencyInvalid", field: "currencyCode" },
};

/** Spec section 8: what the page says when the database fails. */
export const goalFailures = {
  load: "errors.failedToLoadGoals",
  save: "errors.failedToSaveGoal",
  delete: "errors.failedToDeleteGoal",
} as const;

export function goalApiError(refusal: GoalRefusal): ApiError {
  return refusalError(goalRefusals[refusal]);
}
