import { z } from "zod";
import { BASE_CURRENCY } from "~/money/currencies";
import { isoDay, isIsoDate } from "~/calendar/days";
import { dayRangeError, EARLIEST_DAY } from "~/calendar/range";
import { BASE_RATE, parseRate, rateMessages } from "~/money/rates";
import { ambiguousNumberMessage, typedDecimal } from "~/text/typed-number";
import { FIXED_SOURCE, rateAgeDays, staleRateAge } from "./rules";

// The rates feature's rules (ARCHITECTURE.md 4): where a rate came from, which one a day uses,
// when it counts as old, and why a refresh wrote nothing. The decimal arithmetic is in ~/money/rates.
// What pages show without a schema lives in rules.ts, re-exported here.

export {
  FIXED_SOURCE,
  isRateSource,
  MANUAL_SOURCE,
  paymentRateAgeDays,
  PROVIDER_SOURCE,
  RATE_SOURCES,
  rateAgeDays,
  settingsIntents,
  staleRateAge,
  type RateSource,
} from "./rules";

/** A currency as stored (spec section 3); inactive ones keep their transactions but are not offered nor refreshed. */
export type Currency = { code: string; name: string; symbol: string; decimalPlaces: number; isActive: boolean };

/** A rate as a lookup answers it: per 1 USD, the day it is filed under, and its source. */
export type KnownRate = { currencyCode: string; rate: string; date: string; source: string };

/** USD on any day: exactly 1, source "fixed". Never looked up, so never missing and never old. */
export function fixedBaseRate(date: string): KnownRate {
  return { currencyCode: BASE_CURRENCY, rate: BASE_RATE, date, source: FIXED_SOURCE };
}

/** Longest text accepted for a rate; anything longer is not a rate someone meant. */
const RATE_TEXT_MAX = 40;

/**
 * A rate's day is in the accepted range of dates (decision 022) and not after today: a rate is
 * what a currency was worth, never a forecast. The future has its own message.
 */
function checkRateDay(date: string, ctx: z.RefinementCtx): void {
  const today = isoDay();
  const message = date > today ? "validation.rateDateFuture" : dayRangeError(date, { earliest: EARLIEST_DAY, latest: today });
  if (message) ctx.addIssue({ code: "custom", message });
}

/**
 * A manual rate (POST /api/exchange-rates and the admin settings form): a currency other
 * than USD, a date no later than today (UTC), and the rate as a string or a JSON number.
 * Whether the currency exists and is active is checked against the database afterwards.
 */
export const manualRateSchema = z.object({
  currencyCode: z
    .string({ error: "validation.currencyRequired" })
    .trim()
    .toUpperCase()
    .min(1, "validation.currencyRequired")
    .max(10, "validation.currencyInvalid")
    .refine((code) => code !== BASE_CURRENCY, "validation.rateUsdFixed")
    .meta({ description: "An active currency other than USD, e.g. EUR" }),
  date: z
    .string({ error: "validation.dateRequired" })
    .trim()
    .min(1, "validation.dateRequired")
    .refine(isIsoDate, { message: "validation.dateInvalid", abort: true })
    .superRefine(checkRateDay)
    .meta({ description: `yyyy-MM-dd, from ${EARLIEST_DAY} to today (UTC)` }),
  rate: z
    .union([z.string().max(RATE_TEXT_MAX, "validation.ratePositive"), z.number()], { error: "validation.rateRequired" })
    .optional()
    .transform((value, ctx) => {
      const parsed = parseRate(value);
      if (parsed.ok) return parsed.rate;
      ctx.issues.push({ code: "custom", message: rateMessages[parsed.error], input: value });
      return z.NEVER;
    })
    .meta({
      description:
        'Units of the currency per 1 USD, > 0, at most 12 fraction digits; a string ("0.8612") keeps every digit, a JSON number is read in its shortest form',
    }),
});
export type ManualRateInput = z.output<typeof manualRateSchema>;

/**
 * The admin settings form's schema: the rate as the page's language writes numbers ("0,8612"
 * in Spanish), an entry that reads two ways refused with both readings. The API keeps
 * manualRateSchema's dot decimals.
 */
export function manualRateFormSchema(locale: string) {
  return manualRateSchema.extend({
    rate: z
      .unknown()
      .superRefine((value, ctx) => {
        const ambiguous = ambiguousNumberMessage(value, locale);
        if (ambiguous) ctx.addIssue({ code: "custom", message: ambiguous });
      })
      .transform((value) => (typeof value === "string" && value.trim() !== "" ? typedDecimal(value, locale) : value))
      .pipe(manualRateSchema.shape.rate),
  });
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
