import { refusalError, type ApiError, type Refusal } from "~/platform/http/envelope";
import type { SaveManualRateOutcome, SetCurrencyActiveOutcome } from "./commands.server";

// A refused rates command answers alike on both faces: the same status and message key, on the
// field to blame. The web action and the JSON API read this one map.

export type RateRefusal = Exclude<SaveManualRateOutcome | SetCurrencyActiveOutcome, { kind: "ok" }>["kind"];

export const rateRefusals: Record<RateRefusal, Refusal<"currencyCode">> = {
  // The currency is unknown or switched off: a manual rate is only for an active currency.
  currencyInvalid: { status: 400, message: "validation.currencyInvalid", field: "currencyCode" },
  // USD (the base) or an unknown code: nothing a superadmin's page offers (its message names the code).
  notChangeable: { status: 400, message: "errors.currencyNotChangeable" },
};

export function rateApiError(refusal: RateRefusal): ApiError {
  return refusalError(rateRefusals[refusal]);
}
