import type { SaveManualRateOutcome, SetCurrencyActiveOutcome } from "~/features/rates/commands.server";

// Each refused rates command as both faces answer it: the HTTP status, the message key and the
// field it belongs to. The web action and the JSON API read this one map.

export type RatesRefusal = Exclude<SaveManualRateOutcome | SetCurrencyActiveOutcome, { kind: "ok" }>["kind"];

export const ratesErrors: Record<RatesRefusal, { status: number; message: string; field?: "currencyCode" }> = {
  // The currency is unknown or switched off: a manual rate is only for an active currency.
  currencyInvalid: { status: 400, message: "validation.currencyInvalid", field: "currencyCode" },
  // USD (the base) or an unknown code: nothing a superadmin's page offers, so the web face only
  // names the code in a plain 400 (there is no API face, hence no translated message).
  notChangeable: { status: 400, message: "cannot be changed" },
};
