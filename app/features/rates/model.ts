import Big from "big.js";
import { z } from "zod";
import { isValidRate, parseRate, RATE_FRACTION_DIGITS, rateMessages } from "~/money/amounts";
import { isIsoDate } from "~/features/transactions/model";

// Exchange rates (ARCHITECTURE.md 4): exact decimal strings of currency units per 1 USD,
// > 0, at most 12 fraction digits. Everything here is string and big.js work; a rate is
// never held in a float except where a JSON client asks for a number.

export const BASE_CURRENCY = "USD";

/** Where a stored rate came from. A provider run stores "provider"; USD is "fixed" and never stored as a lookup. */
export const RATE_SOURCES = ["manual", "provider", "snapshot", "fixed"] as const;
export type RateSource = (typeof RATE_SOURCES)[number];
export const PROVIDER_SOURCE: RateSource = "provider";
export const MANUAL_SOURCE: RateSource = "manual";

/** big.js rounding mode 1 (ROUND_HALF_UP): ties go away from zero. */
const HALF_AWAY_FROM_ZERO = 1;
// A private constructor so this precision does not leak to other big.js users.
const Decimal = Big();
Decimal.DP = 40;

/** A rate rounded to 12 fraction digits, half away from zero, in plain notation; null when that leaves nothing positive. */
function roundRate(value: Big): string | null {
  const rounded = value.round(RATE_FRACTION_DIGITS, HALF_AWAY_FROM_ZERO);
  if (rounded.lte(0)) return null;
  const text = rounded.toFixed();
  return isValidRate(text) ? text : null;
}

/**
 * Units of `to` per 1 unit of `from`, through USD: rate(to) ÷ rate(from), both per 1 USD.
 * The quotient is computed to 40 places and rounded once to 12 fraction digits, half away
 * from zero. Null only when the result would round to 0 (below 0.0000000000005).
 */
export function crossRate(fromPerUsd: string, toPerUsd: string): string | null {
  if (fromPerUsd === toPerUsd) return "1";
  return roundRate(new Decimal(toPerUsd).div(fromPerUsd));
}

/**
 * A provider's JSON number → an exact decimal string. JSON.parse has already made it a
 * double; its shortest round-trip text (Number.prototype.toString) is the number the
 * provider wrote (up to 17 significant digits), without binary artefacts such as
 * 0.30000000000000004's tail surviving the rounding to 12 places. Exponent forms
 * ("1e-7") are expanded. Null for anything not finite and positive after rounding.
 */
export function providerNumberToRate(value: unknown): string | null {
  if (typeof value !== "number" || !Number.isFinite(value) || value <= 0) return null;
  return roundRate(new Decimal(value.toString()));
}

/** The calendar date of an instant in UTC, yyyy-MM-dd: the day rates are filed under. */
export function isoDay(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/** Longest text accepted for a rate; anything longer is not a rate someone meant. */
const RATE_TEXT_MAX = 40;

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
    .refine((date) => date <= isoDay(new Date()), "validation.rateDateFuture")
    .meta({ description: "yyyy-MM-dd, today (UTC) or earlier" }),
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
 * An exact decimal string shown in the user's language: grouped whole part, the locale's
 * decimal sign, every fraction digit kept ("3871.25" → "3,871.25" / "3871,25").
 */
export function formatRate(rate: string, locale: string): string {
  const [whole = "0", fraction = ""] = rate.split(".");
  const format = new Intl.NumberFormat(locale);
  const decimalSign = format.formatToParts(1.5).find((p) => p.type === "decimal")?.value ?? ".";
  return `${format.format(BigInt(whole))}${fraction ? decimalSign + fraction : ""}`;
}

/** A rate older than this many days on the day it is used is called out (RATE_STALE_AFTER_DAYS overrides it). */
export const DEFAULT_RATE_STALE_AFTER_DAYS = 7;

const DAY_MS = 86_400_000;

/** Whole calendar days from a rate's date to the day it is used on; 0 when used on or before its own day. */
export function rateAgeDays(rateDate: string, usedOn: string): number {
  const days = Math.round((dayToDate(usedOn).getTime() - dayToDate(rateDate).getTime()) / DAY_MS);
  return Number.isFinite(days) && days > 0 ? days : 0;
}

/** A payment's rate's age on the day it is used. A rate typed by the user is theirs for the day and USD is always 1: neither ages. */
export function paymentRateAgeDays(rate: { date: string; source: string }, usedOn: string): number {
  return rate.source === MANUAL_SOURCE || rate.source === "fixed" ? 0 : rateAgeDays(rate.date, usedOn);
}

/** The age of a rate worth warning about ("rate from 1 Nov 2026, 22 days old"), or null. */
export function staleRateAge(rate: { date: string; source: string }, usedOn: string, staleAfterDays: number): number | null {
  const age = paymentRateAgeDays(rate, usedOn);
  return age > staleAfterDays ? age : null;
}

/** A yyyy-MM-dd date as a UTC midnight instant, for Intl formatting. */
export function dayToDate(day: string): Date {
  return new Date(`${day}T00:00:00Z`);
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
