import { daysBetween, isIsoDate } from "~/calendar/days";
import { BASE_CURRENCY } from "~/money/currencies";
import { BASE_RATE, providerNumberToRate } from "~/money/rates";
import { EARLIEST_DAY } from "~/calendar/range";

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

// --- Rates for past dates (issue 26, decision 037) ---

/** A rate the app needs: a currency on a day. */
export type RateNeed = { currencyCode: string; date: string };

/** One question to the history provider: a day and the currencies it is asked for. */
export type HistoryRequest = { date: string; codes: string[] };

/**
 * Which questions to ask the history provider for what is needed (decision 037): one per day,
 * for that day's currencies (sorted), only where no rate is on file on or before the day (its
 * earliest rate is later, or it has none), never for USD, a malformed need, a day after today
 * (no provider knows tomorrow), nor a (currency, day) the provider was found to lack lately.
 * The days come oldest first; at most `max` questions.
 */
export function planHistoryRequests(
  needs: Iterable<RateNeed>,
  facts: { earliest: ReadonlyMap<string, string>; today: string; lacks?: (code: string, date: string) => boolean; max?: number },
): HistoryRequest[] {
  const byDate = new Map<string, Set<string>>();
  for (const need of needs) {
    const code = need.currencyCode.trim().toUpperCase();
    if (code === BASE_CURRENCY || !/^[A-Z]{3}$/.test(code) || !isIsoDate(need.date) || need.date > facts.today) continue;
    const earliest = facts.earliest.get(code);
    if (earliest !== undefined && earliest <= need.date) continue;
    if (facts.lacks?.(code, need.date)) continue;
    const codes = byDate.get(need.date) ?? new Set<string>();
    codes.add(code);
    byDate.set(need.date, codes);
  }
  return [...byDate.keys()]
    .sort()
    .slice(0, facts.max ?? Number.POSITIVE_INFINITY)
    .map((date) => ({ date, codes: [...byDate.get(date)!].sort() }));
}

/** A known rate offered, never applied, where no source has one for the day (decision 037). */
export type RateSuggestion = KnownRate;

/**
 * The stored rate nearest to a day among one currency's rates (sorted by date, one per date):
 * the latest on or before it or the earliest after it, whichever is fewer days away (the
 * earlier on a tie). Undefined when the currency has none.
 */
export function nearestRate(sorted: readonly KnownRate[], date: string): RateSuggestion | undefined {
  const low = countOnOrBefore(sorted, date);
  const before = sorted[low - 1];
  const after = sorted[low];
  if (!before) return after;
  if (!after) return before;
  return daysBetween(before.date, date) <= daysBetween(date, after.date) ? before : after;
}

/** The latest of one currency's rates (sorted by date, one per date) on or before a day (ARCHITECTURE.md 4); undefined when none is. */
export function rateOnOrBefore(sorted: readonly KnownRate[], date: string): KnownRate | undefined {
  return sorted[countOnOrBefore(sorted, date) - 1];
}

/** How many of the sorted rates are for a day on or before `date` (a binary search). */
function countOnOrBefore(sorted: readonly KnownRate[], date: string): number {
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const mid = (low + high) >> 1;
    if (sorted[mid]!.date <= date) low = mid + 1;
    else high = mid;
  }
  return low;
}

/** How far a suggested rate's day is from the day it would be used on: whole days, and which way. */
export function suggestionDistance(rateDate: string, usedOn: string): { days: number; when: "earlier" | "later" | "sameDay" } {
  const days = daysBetween(usedOn, rateDate);
  if (!Number.isFinite(days) || days === 0) return { days: 0, when: "sameDay" };
  return days > 0 ? { days, when: "later" } : { days: -days, when: "earlier" };
}

/**
 * The label of a suggestion in the reader's language ("Rate of Nov 1, 2026, 12 days later — edit
 * if needed"): `t` is the page's or the API's translator, `day` formats a day in its language.
 */
export function suggestionLabel(
  t: (key: string, values?: Record<string, unknown>) => string,
  day: (isoDay: string) => string,
  suggestion: { date: string },
  usedOn: string,
): string {
  const { days, when } = suggestionDistance(suggestion.date, usedOn);
  return t(`money.rateSuggestion.${when}`, { date: day(suggestion.date), count: days });
}

// The history provider (decision 037) speaks Frankfurter's v1 shape (https://api.frankfurter.dev/v1):
//   GET {url}/2019-03-01?base=USD&symbols=EUR,MXN
//   → { "amount": 1, "base": "USD", "date": "2019-03-01", "rates": { "EUR": 0.8791, "MXN": 19.27 } }
// The answer's date is the day the provider has rates for, which may be earlier than the one
// asked (a weekend or a holiday answers the working day before). A currency it does not cover is
// left out of `rates`, or the whole answer is a 404 {"message":"not found"}. Read like the
// refresh's provider (decision 005): every rate finite and positive, exact decimal strings, all or
// nothing per answer.

/** The address of one question: the day as a path segment, the base and the currencies as a query. */
export function historyUrl(baseUrl: string, date: string, codes: readonly string[]): string {
  return `${baseUrl.replace(/\/+$/, "")}/${date}?base=${BASE_CURRENCY}&symbols=${codes.join(",")}`;
}

export type HistoryAnswer =
  /** The provider's day (null on a 404) and the rates it gave; `lacking` are the asked currencies it has none for. */
  | { ok: true; date: string | null; rates: Record<string, string>; lacking: string[] }
  | { ok: false; reason: RefreshFailure; detail?: string };

/** One day's rates are well under a kilobyte per currency; anything far beyond is not an answer. */
export const HISTORY_MAX_BODY_CHARS = 200_000;

/** Reads the history provider's answer (its status and body) to a question about `codes` on `asked`. */
export function readHistoryAnswer(status: number, text: string, asked: string, codes: readonly string[]): HistoryAnswer {
  const fail = (reason: RefreshFailure, detail?: string): HistoryAnswer => ({ ok: false, reason, detail });
  if (status === 404) return { ok: true, date: null, rates: {}, lacking: [...codes] };
  if (status < 200 || status > 299) return fail("down", `HTTP ${status}`);
  if (text.length > HISTORY_MAX_BODY_CHARS) return fail("invalidPayload", "answer too large");
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return fail("invalidJson");
  }
  if (!json || typeof json !== "object" || Array.isArray(json)) return fail("invalidPayload", "not an object");
  const answer = json as { amount?: unknown; base?: unknown; date?: unknown; rates?: unknown };
  if (answer.amount !== undefined && answer.amount !== 1) return fail("invalidPayload", "amount");
  if (answer.base !== BASE_CURRENCY) return fail("invalidPayload", "base");
  // Not before 1900 (decision 022), and never a later day than asked.
  const date = answer.date;
  if (typeof date !== "string" || !isIsoDate(date) || date < EARLIEST_DAY || date > asked) return fail("invalidPayload", "date");
  if (!answer.rates || typeof answer.rates !== "object" || Array.isArray(answer.rates)) return fail("invalidPayload", "rates");
  const sent = answer.rates as Record<string, unknown>;
  const rates: Record<string, string> = {};
  const lacking: string[] = [];
  const invalid: string[] = [];
  for (const code of codes) {
    const value = sent[code];
    if (value === undefined || value === null) lacking.push(code);
    else {
      const rate = typeof value === "number" && Number.isFinite(value) && value > 0 ? providerNumberToRate(value) : null;
      if (rate === null) invalid.push(code);
      else rates[code] = rate;
    }
  }
  if (invalid.length) return fail("invalidRate", invalid.join(","));
  return { ok: true, date, rates, lacking };
}

/** What the transaction write operations say about it in OpenAPI. */
export const rateSuggestionNote =
  "A non-USD payment dated before any rate on file is looked up first from the history provider (RATES_HISTORY_URL, decision 037), filed as a provider rate under the provider's own day. " +
  "When no source has one, the 400 asks for exchangeRate and its details offer the nearest known rate per currency, never applied: " +
  "`suggestedRate.<CODE>` (exact decimal string), `suggestedRateDate.<CODE>` (yyyy-MM-dd), `suggestedRateSource.<CODE>` and `suggestedRateLabel.<CODE>` " +
  "(e.g. \"Rate of Nov 1, 2026, 12 days later — edit if needed\", in the request's language). ";
