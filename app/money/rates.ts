import Big from "big.js";
import { groupedDecimal, numberToPlainString } from "./amounts.ts";

// ARCHITECTURE.md 3: a rate is an exact decimal string of currency units per 1 USD, > 0, with
// at most 12 fraction digits. Everything here is string and big.js work; a rate is never held
// in a float except where a JSON client asks for a number. Imported with relative `.ts` paths
// only, because the seed and bench scripts load this file under plain Node.

/** big.js rounding mode 1 is ROUND_HALF_UP, which rounds ties away from zero for negatives too. */
const HALF_AWAY_FROM_ZERO = 1;

// A private constructor so the precision setting does not leak to other big.js users;
// 40 places is enough that a quotient is only rounded by the explicit round() calls below.
const Decimal = Big();
Decimal.DP = 40;

/** Rates are per 1 USD, so the base currency's own rate is exactly 1. */
export const BASE_RATE = "1";

/** A stored rate has at most this many fraction digits (ARCHITECTURE.md 3). */
export const RATE_FRACTION_DIGITS = 12;

const RATE_PATTERN = /^(?:0|[1-9]\d*)(?:\.\d{1,12})?$/;

export function isValidRate(rate: string): boolean {
  return RATE_PATTERN.test(rate) && new Decimal(rate).gt(0);
}

/** usd_cents = round(amount_minor × 10^(2 − decimals) ÷ rate). */
export function toUsdCents(amountMinor: number, decimals: number, rate: string): number {
  if (!Number.isSafeInteger(amountMinor)) throw new RangeError("amount must be an integer count of minor units");
  if (!isValidRate(rate)) throw new RangeError(`invalid rate: ${rate}`);
  const scaled = new Decimal(amountMinor).times(new Decimal(10).pow(2 - decimals));
  return scaled.div(rate).round(0, HALF_AWAY_FROM_ZERO).toNumber();
}

/** Spec section 5: a rate typed for a transaction is at least 0.0001 units per USD. */
export const MIN_TRANSACTION_RATE = "0.0001";

export function isBelowMinimumRate(rate: string): boolean {
  return new Decimal(rate).lt(MIN_TRANSACTION_RATE);
}

export type RateInputError = "required" | "invalid" | "tooManyDecimals";
export type ParsedRate = { ok: true; rate: string } | { ok: false; error: RateInputError };

const RATE_TEXT = /^(\d+)(?:\.(\d+))?$/;

/**
 * The one rule for a rate as a person types it or an API client sends it ("0.8612", "3871.25",
 * 18.42), everywhere (transactions, the manual rate form, the API) → the normalised exact
 * string ("0003.500" → "3.5"). Refuses signs, exponents, grouping and zero; at most 12
 * fraction digits once trailing zeros are removed ("0.861200000000000000" is 0.8612).
 * JSON numbers are read in their shortest round-trip form.
 */
export function parseRate(input: unknown): ParsedRate {
  if (input === undefined || input === null) return { ok: false, error: "required" };
  let text: string;
  if (typeof input === "number") text = numberToPlainString(input);
  else if (typeof input === "string") text = input.trim();
  else return { ok: false, error: "invalid" };
  if (text === "") return { ok: false, error: "required" };
  const match = RATE_TEXT.exec(text);
  if (!match) return { ok: false, error: "invalid" };
  const whole = match[1]!.replace(/^0+(?=\d)/, "");
  const fraction = (match[2] ?? "").replace(/0+$/, "");
  if (fraction.length > RATE_FRACTION_DIGITS) return { ok: false, error: "tooManyDecimals" };
  const rate = fraction ? `${whole}.${fraction}` : whole;
  return isValidRate(rate) ? { ok: true, rate } : { ok: false, error: "invalid" };
}

/** parseRate's message keys, the same for every face. */
export const rateMessages: Record<RateInputError, string> = {
  required: "validation.rateRequired",
  invalid: "validation.ratePositive",
  tooManyDecimals: "validation.rateTooManyDecimals",
};

/** parseRate's rate, or null for anything it refuses. */
export function normalizeRate(input: string | number): string | null {
  const parsed = parseRate(input);
  return parsed.ok ? parsed.rate : null;
}

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

/**
 * An exact decimal string shown in the user's language: grouped whole part, the locale's
 * decimal sign, every fraction digit kept ("3871.25" → "3,871.25" / "3871,25").
 */
export function formatRate(rate: string, locale: string): string {
  const [whole = "0", fraction = ""] = rate.split(".");
  return groupedDecimal(whole, fraction, locale);
}
