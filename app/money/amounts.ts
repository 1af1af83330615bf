import { BASE_CURRENCY, isCurrencyCode } from "./currencies.ts";
// ARCHITECTURE.md section 3. Amounts are integer minor units: parsed from text without a
// float, summed exactly, and formatted from their digits. Rates and the conversion to USD cents
// are in rates.ts. Plain TypeScript with no imports, so the seed and bench scripts load it under Node.

/** A currency as an amount shows it: the stored symbol is only a fallback (see formatMoney). */
export type MoneyCurrency = { code: string; symbol?: string; decimals: number };

/** "auto": a minus on negatives only; "always": a plus on positives too (a signed list). Zero never has a sign. */
export type MoneySign = "auto" | "always";

/**
 * The one way an amount is shown, in the app and on the landing page (spec section 3: the
 * symbol, a space, then the amount at the currency's decimals):
 * - The currency is named once, in one style per language (currencySymbol): by a sign of its
 *   own where the language has one ($ for USD, €, £ and ¥ in English; US$ and € in Spanish),
 *   otherwise by its ISO code ("MXN 180.00", "COP 60,000.00"), never a hybrid such as CLDR's
 *   English "MX$", "CA$" or "A$" or the stored "MXN$". The stored symbol is used only when the
 *   code is not an ISO-shaped code at all, so two currencies never look alike.
 * - The digits are grouped the locale's way ALWAYS (useGrouping "always"): CLDR's Spanish
 *   default leaves four-digit numbers ungrouped, so "4922,70" stood next to "19.383,16".
 * - Exact: Intl formats the decimal string of the minor units, never a float, so amounts
 *   beyond 2^53 (pass a bigint) show every digit.
 * - The sign comes once, before the symbol ("-$ 15.08", "+US$ 15,08"); zero has none.
 */
export function formatMoney(amountMinor: number | bigint, currency: MoneyCurrency, locale: string, sign: MoneySign = "auto"): string {
  const minor = toBigIntMinor(amountMinor);
  const signText = minor < 0n ? "-" : minor > 0n && sign === "always" ? "+" : "";
  const magnitude = minor < 0n ? -minor : minor;
  return `${signText}${currencySymbol(currency, locale)} ${formatDecimal(minorToDecimalString(magnitude, currency.decimals), currency.decimals, locale)}`;
}

/**
 * The currency's name in an amount, and wherever a page names a currency by its symbol (the
 * admin's currency table): CLDR's symbol for the code in the language (Intl currencyDisplay
 * "symbol") when it is a sign without letters ("$", "€", "£", "¥"), or the base currency's
 * ("US$" in Spanish); otherwise the ISO code, which is what CLDR gives for most currencies
 * anyway ("COP", "VES", Spanish "MXN"). So a language writes every currency one way: a sign of
 * its own or its code, never a country-prefixed dollar ("MX$", "CA$", "A$") beside a code.
 */
export function currencySymbol(currency: MoneyCurrency, locale: string): string {
  const code = currency.code.toUpperCase();
  if (!isCurrencyCode(code)) return currency.symbol || currency.code;
  const key = `${locale}|${code}`;
  let symbol = symbolCache.get(key);
  if (symbol === undefined) {
    const parts = new Intl.NumberFormat(locale, { style: "currency", currency: code, currencyDisplay: "symbol" }).formatToParts(0);
    const cldr = parts.find((part) => part.type === "currency")?.value ?? code;
    symbol = code === BASE_CURRENCY || !/\p{L}/u.test(cldr) ? cldr : code;
    symbolCache.set(key, symbol);
  }
  return symbol;
}

/**
 * An exact decimal string ("3871.25", "1234") in the locale's digits: grouped always, the
 * locale's decimal sign, exactly `fractionDigits` fraction digits when given, else every
 * fraction digit as written.
 */
export function formatDecimal(decimal: string, fractionDigits: number | undefined, locale: string): string {
  const written = decimal.split(".")[1]?.length ?? 0;
  const digits = fractionDigits ?? written;
  const key = `${locale}|${digits}`;
  let format = decimalFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locale, { useGrouping: "always", minimumFractionDigits: digits, maximumFractionDigits: digits });
    decimalFormats.set(key, format);
  }
  // A numeric string is formatted exactly (Intl.NumberFormat v3), with no float in between.
  return format.format(decimal as Intl.StringNumericLiteral);
}

/**
 * Whole digits and fraction digits as written ("3871", "25" → "3,871.25" / "3.871,25"): an
 * exact rate shown in the user's language.
 */
export function groupedDecimal(whole: string, fraction: string, locale: string): string {
  return formatDecimal(fraction ? `${whole}.${fraction}` : whole, fraction.length, locale);
}

const symbolCache = new Map<string, string>();
const decimalFormats = new Map<string, Intl.NumberFormat>();

function toBigIntMinor(amountMinor: number | bigint): bigint {
  if (typeof amountMinor === "bigint") return amountMinor;
  if (!Number.isSafeInteger(amountMinor)) throw new RangeError("amount must be an integer count of minor units");
  return BigInt(amountMinor);
}

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
export function numberToPlainString(value: number): string {
  if (!Number.isFinite(value)) return "NaN";
  const text = String(value);
  return /e/i.test(text) ? "NaN" : text;
}

/** Minor units → the plain decimal string a form field shows ("1234.50"); exact for a bigint too. */
export function minorToDecimalString(amountMinor: number | bigint, decimals: number): string {
  const minor = toBigIntMinor(amountMinor);
  const digits = (minor < 0n ? -minor : minor).toString().padStart(decimals + 1, "0");
  const whole = digits.slice(0, digits.length - decimals);
  const sign = minor < 0n ? "-" : "";
  return decimals > 0 ? `${sign}${whole}.${digits.slice(digits.length - decimals)}` : `${sign}${whole}`;
}

/**
 * Minor units → the JSON number the API shows (1234.5 for 123450 cents). Built from the exact
 * decimal string, and every amount and total stays under 10^15 (MAX_USER_TOTAL_MINOR), so the
 * number is the decimal exactly as written.
 */
export function minorToNumber(amountMinor: number | bigint, decimals: number): number {
  return Number(minorToDecimalString(amountMinor, decimals));
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

/**
 * What a web form's number field holds, read the way the user's language writes numbers:
 * "1.234,50" in Spanish and "1,234.50" in English are both 1234.50, and the decimal sign of
 * either language alone ("12,50", "12.5") is a decimal sign. The result is the plain decimal
 * the parsers take ("1234.50"); text that is not a number written either way is passed on as
 * typed, so parseAmount and parseRate name what is wrong with it. The JSON API does not use
 * this: it keeps the one dot-decimal form.
 *
 * A lone separator followed by exactly three digits ("1.234" in Spanish, "1,234" in English)
 * is refused as ambiguous, with both readings: the language says it is a thousand and more,
 * but it is also how the other language writes one and a bit. For money a silent 1000× error
 * costs more than one more keystroke, and without JavaScript a "read as" note would only
 * appear after the amount was saved. The language's own decimal sign is never ambiguous
 * ("1,234" in Spanish is 1.234), and neither is a leading zero ("0.125").
 */
export type DecimalReading =
  | { ok: true; decimal: string }
  | { ok: false; error: "ambiguous"; asWhole: string; asFraction: string };

export function readLocaleDecimal(input: string, locale: string): DecimalReading {
  const text = input.trim();
  const { decimalSign, groupSign } = numberSigns(locale);
  const separators = text.match(/[.,]/g) ?? [];
  if (separators.length === 0 || !/^\d[\d.,]*\d$/.test(text)) return { ok: true, decimal: text };
  const kinds = new Set(separators);
  if (kinds.size === 2) {
    // Both signs: the last is the decimal sign, the others group thousands.
    const mark = separators[separators.length - 1]!;
    const group = mark === "." ? "," : ".";
    const pattern = new RegExp(`^\\d{1,3}(?:\\${group}\\d{3})+\\${mark}\\d+$`);
    return { ok: true, decimal: pattern.test(text) ? text.split(group).join("").replace(mark, ".") : text };
  }
  const sign = separators[0]!;
  if (separators.length > 1) {
    // The same sign more than once can only group thousands.
    const pattern = new RegExp(`^\\d{1,3}(?:\\${sign}\\d{3})+$`);
    return { ok: true, decimal: pattern.test(text) ? text.split(sign).join("") : text };
  }
  const [whole = "", fraction = ""] = text.split(sign);
  if (sign === groupSign && sign !== decimalSign && fraction.length === 3 && /^[1-9]\d{0,2}$/.test(whole)) {
    return { ok: false, error: "ambiguous", asWhole: whole + fraction, asFraction: `${whole}${decimalSign}${fraction}` };
  }
  return { ok: true, decimal: `${whole}.${fraction}` };
}

/** A plain decimal ("1234.50", "3871.25") as a form field shows it in the user's language ("1234,50"): no grouping. */
export function decimalForInput(decimal: string, locale: string): string {
  return /^-?\d+\.\d+$/.test(decimal) ? decimal.replace(".", numberSigns(locale).decimalSign) : decimal;
}

const signsByLocale = new Map<string, { decimalSign: string; groupSign: string }>();

function numberSigns(locale: string) {
  let signs = signsByLocale.get(locale);
  if (!signs) {
    const parts = new Intl.NumberFormat(locale, { useGrouping: "always" }).formatToParts(12345.5);
    signs = {
      decimalSign: parts.find((p) => p.type === "decimal")?.value ?? ".",
      groupSign: parts.find((p) => p.type === "group")?.value ?? ",",
    };
    signsByLocale.set(locale, signs);
  }
  return signs;
}
