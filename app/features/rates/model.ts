import { daysBetween } from "~/calendar/days";
import { BASE_CURRENCY } from "~/money/currencies";
import { BASE_RATE } from "~/money/rates";

// The rates feature's rules (ARCHITECTURE.md 4), without zod: where a rate came from, which one a
// day uses, when it counts as old, and why a refresh wrote nothing. The transaction form and the
// admin settings page import this and fetch the schemas (schemas.ts) only when a form is used
// (docs/decisions/017). The decimal arithmetic is in ~/money/rates.

/** Where a stored rate came from. A provider run stores "provider"; USD is "fixed" and never stored as a lookup. */
export const RATE_SOURCES = ["manual", "provider", "snapshot", "fixed"] as const;
export type RateSource = (typeof RATE_SOURCES)[number];
export const PROVIDER_SOURCE: RateSource = "provider";
export const MANUAL_SOURCE: RateSource = "manual";
export const FIXED_SOURCE: RateSource = "fixed";

/** A source the app knows how to name (the pages translate these; anything else is shown as stored). */
export function isRateSource(source: string): source is RateSource {
  return (RATE_SOURCES as readonly string[]).includes(source);
}

/** Whole calendar days from a rate's date to the day it is used on; 0 when used on or before its own day. */
export function rateAgeDays(rateDate: string, usedOn: string): number {
  const days = daysBetween(rateDate, usedOn);
  return Number.isFinite(days) && days > 0 ? days : 0;
}

/** A payment's rate's age on the day it is used. A rate typed by the user is theirs for the day and USD is always 1: neither ages. */
export function paymentRateAgeDays(rate: { date: string; source: string }, usedOn: string): number {
  return rate.source === MANUAL_SOURCE || rate.source === FIXED_SOURCE ? 0 : rateAgeDays(rate.date, usedOn);
}

/** The age of a rate worth warning about ("rate from 1 Nov 2026, 22 days old"), or null. */
export function staleRateAge(rate: { date: string; source: string }, usedOn: string, staleAfterDays: number): number | null {
  const age = paymentRateAgeDays(rate, usedOn);
  return age > staleAfterDays ? age : null;
}

/** The admin settings page's three forms, told apart by the submit button's `intent`. */
export const settingsIntents = { manualRate: "manual-rate", refresh: "refresh", currencyStatus: "currency-status" } as const;

/** A currency as stored (spec section 3); inactive ones keep their transactions but are not offered nor refreshed. */
export type Currency = { code: string; name: string; symbol: string; decimalPlaces: number; isActive: boolean };

/** A rate as a lookup answers it: per 1 USD, the day it is filed under, and its source. */
export type KnownRate = { currencyCode: string; rate: string; date: string; source: string };

/** USD on any day: exactly 1, source "fixed". Never looked up, so never missing and never old. */
export function fixedBaseRate(date: string): KnownRate {
  return { currencyCode: BASE_CURRENCY, rate: BASE_RATE, date, source: FIXED_SOURCE };
}

/** A rate older than this many days on the day it is used is called out (RATE_STALE_AFTER_DAYS overrides it). */
export const DEFAULT_RATE_STALE_AFTER_DAYS = 7;

/** RATE_STALE_AFTER_DAYS as every face reads it (the transaction form, the API, /admin/settings): the env value or the default. */
export function staleAfterDays(env: { RATE_STALE_AFTER_DAYS?: number | undefined }): number {
  return env.RATE_STALE_AFTER_DAYS ?? DEFAULT_RATE_STALE_AFTER_DAYS;
}

// Why a refresh wrote nothing (ARCHITECTURE.md 4). Stored in rate_refresh_runs.message as
// "reason" or "reason:detail"; a successful run stores the date its rates were filed under.
export const REFRESH_FAILURES = [
  /** Connection refused or reset, DNS failure, or a non-2xx status. */
  "down",
  /** No complete answer within the timeout. */
  "timeout",
  /** The body is not JSON. */
  "invalidJson",
  /** JSON, but not the provider's shape (an error result, another base currency, no rates). */
  "invalidPayload",
  /** An active currency has no rate. */
  "missingRate",
  /** An active currency's rate is zero, negative, or not a number. */
  "invalidRate",
  /** The database refused the write. */
  "writeFailed",
] as const;

export type RefreshFailure = (typeof REFRESH_FAILURES)[number];

export function encodeFailure(reason: RefreshFailure, detail?: string): string {
  return detail ? `${reason}:${detail}` : reason;
}

export function decodeFailure(message: string | null): { reason: RefreshFailure | "unknown"; detail: string } {
  const text = message ?? "";
  const split = text.indexOf(":");
  const reason = split < 0 ? text : text.slice(0, split);
  const detail = split < 0 ? "" : text.slice(split + 1);
  return (REFRESH_FAILURES as readonly string[]).includes(reason)
    ? { reason: reason as RefreshFailure, detail }
    : { reason: "unknown", detail: text };
}

/**
 * How a failure's stored detail is shown (issue 23: a failed refresh showed a raw English
 * message). The known kinds are said in the reader's language: a status ("HTTP 503") or the
 * currency codes stay in the sentence, as no language translates them; "answer too large" has a
 * sentence of its own; "not an object" adds nothing to its reason. Anything else (a network
 * error's own English words, a JSON path, an old row's text) is kept only as secondary,
 * technical text beside the translated reason.
 */
export type FailureDetail = { inline: string | null; tooLarge: boolean; raw: string | null };

export function failureDetail(reason: RefreshFailure | "unknown", detail: string): FailureDetail {
  const none: FailureDetail = { inline: null, tooLarge: false, raw: null };
  if (!detail) return none;
  if (reason === "down" && /^HTTP \d{3}$/.test(detail)) return { ...none, inline: detail };
  if ((reason === "missingRate" || reason === "invalidRate") && /^[A-Z]{3}(,[A-Z]{3})*$/.test(detail)) return { ...none, inline: detail.split(",").join(", ") };
  if (reason === "invalidPayload" && detail === "answer too large") return { ...none, tooLarge: true };
  if (reason === "invalidPayload" && detail === "not an object") return none;
  return { ...none, raw: detail };
}

/** One run of the refresh, as rate_refresh_runs stores it. */
export type RefreshRun = { id: string; ok: boolean; message: string | null; ratesWritten: number; ranAt: Date };

/** A run as the admin settings page shows it. */
export type RunView = { ranAt: string; date: string | null; written: number; reason: RefreshFailure | "unknown" | null; detail: string };

export function toRunView(run: RefreshRun): RunView {
  const failure = run.ok ? null : decodeFailure(run.message);
  return {
    ranAt: run.ranAt.toISOString(),
    // A successful run's message is the day its rates were filed under.
    date: run.ok ? run.message : null,
    written: run.ratesWritten,
    reason: failure?.reason ?? null,
    detail: failure?.detail ?? "",
  };
}

/** A currency's latest rate on the admin settings page, with its age today. */
export type LatestRateRow = {
  code: string;
  name: string;
  rate: string | null;
  date: string | null;
  source: string | null;
  ageDays: number | null;
  stale: boolean;
};

export function toLatestRateRow(currency: { code: string; name: string }, rate: KnownRate | undefined, today: string, staleAfter: number): LatestRateRow {
  return {
    code: currency.code,
    name: currency.name,
    rate: rate?.rate ?? null,
    date: rate?.date ?? null,
    source: rate?.source ?? null,
    // How old the latest rate is today; past RATE_STALE_AFTER_DAYS the transaction form warns about it too.
    ageDays: rate ? rateAgeDays(rate.date, today) : null,
    stale: rate ? staleRateAge(rate, today, staleAfter) !== null : false,
  };
}
