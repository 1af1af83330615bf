import Big from "big.js";

// ARCHITECTURE.md section 3. Amounts are integer minor units; a rate is an exact
// decimal string of currency units per 1 USD. The conversion is done once, in
// exact decimal arithmetic, rounding half away from zero.

/** big.js rounding mode 1 is ROUND_HALF_UP, which rounds ties away from zero for negatives too. */
const HALF_AWAY_FROM_ZERO = 1;

// A private constructor so the precision setting does not leak to other big.js users;
// 40 places is enough that the quotient is only rounded by round() below.
const Decimal = Big();
Decimal.DP = 40;

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

/**
 * Spec section 3: the symbol, a space, then the amount at the currency's decimals, grouped
 * and punctuated for the user's language. Built from the integer digits, never a float, so
 * no amount is ever displayed rounded differently from how it is stored.
 */
export function formatMinor(amountMinor: number, currency: { symbol: string; decimals: number }, locale: string): string {
  if (!Number.isSafeInteger(amountMinor)) throw new RangeError("amount must be an integer count of minor units");
  const { symbol, decimals } = currency;
  const digits = Math.abs(amountMinor).toString().padStart(decimals + 1, "0");
  const whole = digits.slice(0, digits.length - decimals);
  const fraction = digits.slice(digits.length - decimals);
  const format = new Intl.NumberFormat(locale);
  const decimalSign = format.formatToParts(1.5).find((p) => p.type === "decimal")?.value ?? ".";
  const grouped = format.format(BigInt(whole));
  const sign = amountMinor < 0 ? "-" : "";
  return `${sign}${symbol} ${grouped}${decimals > 0 ? decimalSign + fraction : ""}`;
}

export const USD = { code: "USD", symbol: "$", decimals: 2 } as const;

/** The largest amount accepted: twelve digits before the decimal point, in any currency. */
export const MAX_AMOUNT_WHOLE_DIGITS = 12;

/**
 * A transaction's USD equivalent, and each payment's, is held to the same twelve whole digits.
 * Without it a tiny typed rate turns a small amount into more cents than JavaScript counts
 * exactly, and the save failed instead of saying why.
 */
export const MAX_USD_CENTS = 99_999_999_999_999;

/**
 * The most one user may have recorded (decision 011): the USD cents of all their payments, and
 * for each currency the minor units of their payments in it, each add up to at most 10^15
 * (USD 10,000,000,000,000.00). Every total a page or the API shows is a sum over some of those
 * payments, so it stays an exact JavaScript number (under 2^53), and its decimal form (at most
 * 15 significant digits) survives the API's JSON numbers exactly. The database enforces it.
 */
export const MAX_USER_TOTAL_MINOR = 1_000_000_000_000_000;

/** Spec section 5: a rate typed for a transaction is at least 0.0001 units per USD. */
export const MIN_TRANSACTION_RATE = "0.0001";

export function isBelowMinimumRate(rate: string): boolean {
  return new Decimal(rate).lt(MIN_TRANSACTION_RATE);
}

export type AmountError = "required" | "invalid" | "grouping" | "tooManyDecimals" | "notPositive" | "tooLarge";
export type ParsedAmount = { ok: true; minor: number } | { ok: false; error: AmountError };

// A point, or a comma followed by one or two digits, separates the decimals: "12,50" is what a
// Spanish speaker types and cannot be an English thousands group, which always has three digits.
const AMOUNT_PATTERN = /^(\d+)(?:\.(\d+)|,(\d{1,2}))?$/;
// Thousands separators: "1,000", "1.000,50", "1,000.50". Never guessed: 1,000 is a thousand in
// English and one in Spanish, so the user is asked to leave them out.
const GROUPED_PATTERN = /^\d{1,3}(?:[.,]\d{3})+(?:[.,]\d+)?$/;

/**
 * A typed amount ("1234.5", "1234,5", "0.05", "150000") → integer minor units of a currency with
 * `decimals` places. Refuses what a person could not have meant as a positive amount:
 * signs, exponents, grouping, NaN, more fraction digits than the currency has, zero,
 * and more than MAX_AMOUNT_WHOLE_DIGITS digits before the point. Pure string work, no float.
 */
export function parseAmount(input: string | number | null | undefined, decimals: number): ParsedAmount {
  if (input === null || input === undefined) return { ok: false, error: "required" };
  const text = (typeof input === "number" ? numberToPlainString(input) : input).trim();
  if (text === "") return { ok: false, error: "required" };
  if (/^-/.test(text)) return { ok: false, error: "notPositive" };
  const match = AMOUNT_PATTERN.exec(text);
  if (!match) return { ok: false, error: GROUPED_PATTERN.test(text) && /,/.test(text) ? "grouping" : "invalid" };
  const whole = match[1]!.replace(/^0+(?=\d)/, "");
  const fraction = (match[2] ?? match[3] ?? "").replace(/0+$/, "");
  if (fraction.length > decimals) return { ok: false, error: "tooManyDecimals" };
  if (whole.length > MAX_AMOUNT_WHOLE_DIGITS) return { ok: false, error: "tooLarge" };
  const minor = Number(whole + fraction.padEnd(decimals, "0"));
  if (minor === 0) return { ok: false, error: "notPositive" };
  return { ok: true, minor };
}

/** JSON numbers from API clients: their shortest round-trip form, never exponent notation. */
function numberToPlainString(value: number): string {
  if (!Number.isFinite(value)) return "NaN";
  const text = String(value);
  return /e/i.test(text) ? "NaN" : text;
}

/** Minor units → the plain decimal string a form field shows ("1234.50"). */
export function minorToDecimalString(amountMinor: number, decimals: number): string {
  const digits = Math.abs(amountMinor).toString().padStart(decimals + 1, "0");
  const whole = digits.slice(0, digits.length - decimals);
  const sign = amountMinor < 0 ? "-" : "";
  return decimals > 0 ? `${sign}${whole}.${digits.slice(digits.length - decimals)}` : `${sign}${whole}`;
}

/** Exact integer sum; refuses to produce a total JavaScript could not represent exactly. */
export function sumMinor(values: Iterable<number>): number {
  let total = 0;
  for (const v of values) {
    total += v;
    if (!Number.isSafeInteger(total)) throw new RangeError("sum exceeds the exactly representable range");
  }
  return total;
}

/** The client form's signed amount (spec section 3): stored amounts are positive, expenses show negative. */
export function signedAmount(type: "INCOME" | "EXPENSE", amountMinor: number): number {
  return type === "EXPENSE" ? -amountMinor : amountMinor;
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
