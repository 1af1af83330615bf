import { groupedDecimal, numberToPlainString } from "./amounts.ts";
import { divideHalfAwayFromZero } from "./ratio.ts";

// ARCHITECTURE.md 3: a rate is an exact decimal string of currency units per 1 USD, > 0, with
// at most 12 fraction digits. Everything here is string and BigInt work (an exact decimal is an
// integer coefficient and a count of fraction digits, and a quotient is rounded once, exactly);
// a rate is never held in a float except where a JSON client asks for a number. No library:
// the transaction form computes USD amounts in the browser with these functions
// (docs/decisions/017). Imported with relative `.ts` paths only, because the seed and bench
// scripts load this file under plain Node.

/** coefficient × 10^−scale, exactly. */
type Exact = { coefficient: bigint; scale: number };

const DECIMAL_TEXT = /^(-?)(\d+)(?:\.(\d+))?(?:e([+-]?\d+))?$/i;

/** A decimal as written ("3871.25", or a double's shortest text such as "1.5e-7"). */
function exact(text: string): Exact {
  const match = DECIMAL_TEXT.exec(text);
  if (!match) throw new RangeError(`not a decimal: ${text}`);
  const fraction = match[3] ?? "";
  return decimal(BigInt(match[2]! + fraction) * (match[1] ? -1n : 1n), fraction.length - Number(match[4] ?? 0));
}

/** coefficient × 10^−scale, with a negative scale folded into the coefficient. */
function decimal(coefficient: bigint, scale: number): Exact {
  return scale >= 0 ? { coefficient, scale } : { coefficient: coefficient * 10n ** BigInt(-scale), scale: 0 };
}

/** a ÷ b × 10^places, rounded once to an integer (ties away from zero); b > 0. */
function quotientAt(a: Exact, b: Exact, places: number): bigint {
  const shift = places + b.scale - a.scale;
  return shift >= 0
    ? divideHalfAwayFromZero(a.coefficient * 10n ** BigInt(shift), b.coefficient)
    : divideHalfAwayFromZero(a.coefficient, b.coefficient * 10n ** BigInt(-shift));
}

function compare(a: Exact, b: Exact): number {
  const scale = Math.max(a.scale, b.scale);
  const left = a.coefficient * 10n ** BigInt(scale - a.scale);
  const right = b.coefficient * 10n ** BigInt(scale - b.scale);
  return left < right ? -1 : left > right ? 1 : 0;
}

/** Plain notation without trailing fraction zeros: 12300n at scale 4 → "1.23". */
function plain(coefficient: bigint, scale: number): string {
  const sign = coefficient < 0n ? "-" : "";
  const digits = (coefficient < 0n ? -coefficient : coefficient).toString().padStart(scale + 1, "0");
  const whole = digits.slice(0, digits.length - scale);
  const fraction = digits.slice(digits.length - scale).replace(/0+$/, "");
  return `${sign}${whole}${fraction ? `.${fraction}` : ""}`;
}

const ONE: Exact = { coefficient: 1n, scale: 0 };

/** Rates are per 1 USD, so the base currency's own rate is exactly 1. */
export const BASE_RATE = "1";

/** A stored rate has at most this many fraction digits (ARCHITECTURE.md 3). */
export const RATE_FRACTION_DIGITS = 12;

const RATE_PATTERN = /^(?:0|[1-9]\d*)(?:\.\d{1,12})?$/;

export function isValidRate(rate: string): boolean {
  return RATE_PATTERN.test(rate) && exact(rate).coefficient > 0n;
}

/** usd_cents = round(amount_minor × 10^(2 − decimals) ÷ rate). */
export function toUsdCents(amountMinor: number, decimals: number, rate: string): number {
  if (!Number.isSafeInteger(amountMinor)) throw new RangeError("amount must be an integer count of minor units");
  if (!isValidRate(rate)) throw new RangeError(`invalid rate: ${rate}`);
  // amount_minor × 10^(2 − decimals): the amount in US-cent-sized units of the currency, exactly.
  return Number(quotientAt(decimal(BigInt(amountMinor), decimals - 2), exact(rate), 0));
}

/**
 * toUsdCents for a sum that may pass 2^53 minor units (many occurrences of a schedule, a
 * month's planned spending): the same rule, rounded once, as a BigInt.
 */
export function toUsdCentsBig(amountMinor: bigint, decimals: number, rate: string): bigint {
  if (!isValidRate(rate)) throw new RangeError(`invalid rate: ${rate}`);
  return quotientAt(decimal(amountMinor, decimals - 2), exact(rate), 0);
}

export type UsdEstimate = { usdCents: bigint; missingRates: string[] };

/**
 * Amounts in several currencies in USD at given rates, as an estimate (what is still to be
 * posted, at today's rate): each currency's sum is converted once by toUsdCentsBig and the cents
 * added. A currency with no rate is named in missingRates and left out of the figure, never
 * converted at 1 or a guess.
 */
export function estimateUsdCents(
  byCurrency: ReadonlyMap<string, bigint>,
  rateOf: (code: string) => string | undefined,
  decimalsOf: (code: string) => number,
): UsdEstimate {
  let usdCents = 0n;
  const missingRates: string[] = [];
  for (const [code, amountMinor] of byCurrency) {
    const rate = rateOf(code);
    if (rate === undefined || !isValidRate(rate)) missingRates.push(code);
    else usdCents += toUsdCentsBig(amountMinor, decimalsOf(code), rate);
  }
  return { usdCents, missingRates: missingRates.sort() };
}

/** Spec section 5: a rate typed for a transaction is at least 0.0001 units per USD. */
export const MIN_TRANSACTION_RATE = "0.0001";

export function isBelowMinimumRate(rate: string): boolean {
  return compare(exact(rate), exact(MIN_TRANSACTION_RATE)) < 0;
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

/** A rate rounded once to 12 fraction digits, half away from zero, in plain notation; null when that leaves nothing positive. */
function rateText(roundedAt12: bigint): string | null {
  if (roundedAt12 <= 0n) return null;
  const text = plain(roundedAt12, RATE_FRACTION_DIGITS);
  return isValidRate(text) ? text : null;
}

/**
 * Units of `to` per 1 unit of `from`, through USD: rate(to) ÷ rate(from), both per 1 USD.
 * The exact quotient is rounded once to 12 fraction digits, half away from zero. Null only
 * when the result would round to 0 (below 0.0000000000005).
 */
export function crossRate(fromPerUsd: string, toPerUsd: string): string | null {
  if (fromPerUsd === toPerUsd) return "1";
  return rateText(quotientAt(exact(toPerUsd), exact(fromPerUsd), RATE_FRACTION_DIGITS));
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
  return rateText(quotientAt(exact(value.toString()), ONE, RATE_FRACTION_DIGITS));
}

/**
 * An exact decimal string shown in the user's language: grouped whole part, the locale's
 * decimal sign, every fraction digit kept ("3871.25" → "3,871.25" / "3871,25").
 */
export function formatRate(rate: string, locale: string): string {
  const [whole = "0", fraction = ""] = rate.split(".");
  return groupedDecimal(whole, fraction, locale);
}
