import { expect, test } from "vitest";
import { currencySymbol, decimalForInput, formatDecimal, formatMoney, minorToDecimalString, readLocaleDecimal, parseAmount, signedAmount, sumMinor } from "./amounts";
import { USD } from "./currencies";
import { normalizeRate, parseRate, rateMessages, toUsdCents } from "./rates";

test("a USD amount converts to itself", () => {
  expect(toUsdCents(12345, 2, "1")).toBe(12345);
});

test("ties round half away from zero, once", () => {
  // 1.25 EUR at 2 EUR/USD = 0.625 USD → 63 cents
  expect(toUsdCents(125, 2, "2")).toBe(63);
  // 1.23 at 2 = 0.615 → 62 cents
  expect(toUsdCents(123, 2, "2")).toBe(62);
  // just below a tie rounds down: 1.249 (3 decimals) at 2 = 0.6245 USD → 62
  expect(toUsdCents(1249, 3, "2")).toBe(62);
});

test("zero-decimal currencies scale up to cents", () => {
  // 1,000 JPY at 152.84 JPY/USD = 6.5428… USD → 654 cents
  expect(toUsdCents(1000, 0, "152.84")).toBe(654);
});

test("large-rate currencies keep exact cents", () => {
  // 1,000,000.00 COP at 3871.25 = 258.31… USD
  expect(toUsdCents(100_000_000, 2, "3871.25")).toBe(25831);
});

test("invalid rates are refused rather than treated as 1", () => {
  expect(() => toUsdCents(100, 2, "0")).toThrow(RangeError);
  expect(() => toUsdCents(100, 2, "-1")).toThrow(RangeError);
  expect(() => toUsdCents(100, 2, "1e3")).toThrow(RangeError);
});

test("amounts display as symbol, space, amount at the currency's decimals, grouped per language", () => {
  expect(formatMoney(123456789, USD, "en")).toBe("$ 1,234,567.89");
  expect(formatMoney(5, USD, "en")).toBe("$ 0.05");
  expect(formatMoney(150000, { code: "JPY", decimals: 0 }, "en")).toBe("¥ 150,000");
  expect(formatMoney(123456789, { code: "COP", decimals: 2 }, "es")).toBe("COP 1.234.567,89");
});

test("Spanish groups four-digit amounts like every other amount", () => {
  expect(formatMoney(492270, USD, "es")).toBe("US$ 4.922,70");
  expect(formatMoney(1938316, USD, "es")).toBe("US$ 19.383,16");
  expect(formatMoney(4922, { code: "JPY", decimals: 0 }, "es")).toBe("JPY 4.922");
  expect(formatDecimal("3871.25", undefined, "es")).toBe("3.871,25");
});

test("the currency is named once, and no two currencies share a name in a language", () => {
  // The dollar currencies: "$" is USD only in English; Spanish says US$ for USD.
  expect(formatMoney(1508, USD, "en")).toBe("$ 15.08");
  expect(formatMoney(1508, { code: "MXN", symbol: "MXN$", decimals: 2 }, "en")).toBe("MXN 15.08");
  expect(formatMoney(1508, { code: "COP", symbol: "$", decimals: 2 }, "en")).toBe("COP 15.08");
  expect(formatMoney(1508, { code: "MXN", symbol: "MXN$", decimals: 2 }, "es")).toBe("MXN 15,08");
  for (const locale of ["en", "es"]) {
    const names = ["USD", "EUR", "VES", "COP", "MXN", "GBP", "JPY", "CAD", "AUD"].map((code) => formatMoney(0, { code, decimals: 0 }, locale).split(" ")[0]);
    expect(new Set(names).size, locale).toBe(names.length);
  }
  // A code that is not ISO-shaped keeps its stored symbol.
  expect(formatMoney(100, { code: "USDT", symbol: "₮", decimals: 2 }, "en")).toBe("₮ 1.00");
});

test("each language writes every currency one way: a sign of its own, or its ISO code, never a prefixed dollar (issue 23)", () => {
  const symbols = (locale: string) =>
    Object.fromEntries(["USD", "EUR", "VES", "COP", "MXN", "GBP", "JPY", "CAD", "AUD"].map((code) => [code, currencySymbol({ code, decimals: 2 }, locale)]));
  expect(symbols("en")).toEqual({ USD: "$", EUR: "€", VES: "VES", COP: "COP", MXN: "MXN", GBP: "£", JPY: "¥", CAD: "CAD", AUD: "AUD" });
  expect(symbols("es")).toEqual({ USD: "US$", EUR: "€", VES: "VES", COP: "COP", MXN: "MXN", GBP: "GBP", JPY: "JPY", CAD: "CAD", AUD: "AUD" });
  // The stored symbol ("MXN$", "C$") never shows for an ISO code.
  expect(formatMoney(18000, { code: "MXN", symbol: "MXN$", decimals: 2 }, "en")).toBe("MXN 180.00");
  expect(formatMoney(11000, { code: "CAD", symbol: "C$", decimals: 2 }, "en")).toBe("CAD 110.00");
  expect(formatMoney(6000000, { code: "COP", symbol: "COP", decimals: 2 }, "en")).toBe("COP 60,000.00");
});

test("the sign comes once, before the currency, and zero has none", () => {
  expect(formatMoney(-1508, USD, "en")).toBe("-$ 15.08");
  expect(formatMoney(-1508, USD, "es")).toBe("-US$ 15,08");
  expect(formatMoney(1508, USD, "en", "always")).toBe("+$ 15.08");
  expect(formatMoney(0, USD, "en", "always")).toBe("$ 0.00");
  expect(formatMoney(0, { code: "JPY", decimals: 0 }, "es")).toBe("JPY 0");
});

test("large amounts display exactly, without float rounding", () => {
  expect(formatMoney(Number.MAX_SAFE_INTEGER, USD, "en")).toBe("$ 90,071,992,547,409.91");
  expect(formatMoney(1_000_000_000_000_001, USD, "en")).toBe("$ 10,000,000,000,000.01");
  expect(formatMoney(10n ** 18n + 1n, USD, "es")).toBe("US$ 10.000.000.000.000.000,01");
  expect(formatMoney(-(10n ** 18n) - 7n, { code: "JPY", decimals: 0 }, "en")).toBe("-¥ 1,000,000,000,000,000,007");
  expect(() => formatMoney(2 ** 53, USD, "en")).toThrow(RangeError);
});

test("typed amounts become integer minor units at the currency's decimals", () => {
  expect(parseAmount("1234.5", 2)).toEqual({ ok: true, minor: 123450 });
  expect(parseAmount(" 0.05 ", 2)).toEqual({ ok: true, minor: 5 });
  expect(parseAmount("150000", 0)).toEqual({ ok: true, minor: 150000 });
  expect(parseAmount("007.10", 2)).toEqual({ ok: true, minor: 710 });
  // Trailing zeros beyond the currency's decimals are not extra precision.
  expect(parseAmount("5.000", 0)).toEqual({ ok: true, minor: 5 });
  expect(parseAmount(12.34, 2)).toEqual({ ok: true, minor: 1234 });
  // A decimal comma, as Spanish speakers write it: one or two digits after it.
  expect(parseAmount("12,50", 2)).toEqual({ ok: true, minor: 1250 });
  expect(parseAmount("0,5", 2)).toEqual({ ok: true, minor: 50 });
  expect(parseAmount("1500,00", 0)).toEqual({ ok: true, minor: 1500 });
  expect(parseAmount("10,5", 0)).toEqual({ ok: false, error: "tooManyDecimals" });
});

test("amounts nobody could mean as a positive amount are refused, each with its reason", () => {
  expect(parseAmount("", 2)).toEqual({ ok: false, error: "required" });
  expect(parseAmount(undefined, 2)).toEqual({ ok: false, error: "required" });
  expect(parseAmount("-5", 2)).toEqual({ ok: false, error: "notPositive" });
  expect(parseAmount("0", 2)).toEqual({ ok: false, error: "notPositive" });
  expect(parseAmount("0.00", 2)).toEqual({ ok: false, error: "notPositive" });
  for (const bad of ["abc", "NaN", "1e3", "+5", "1.2.3", ".5", "5.", ",5", "5,", "1,,5", "Infinity", "0x10"]) {
    expect(parseAmount(bad, 2), bad).toEqual({ ok: false, error: "invalid" });
  }
  // Thousands separators are never guessed: "1,000" is a thousand in English and one in Spanish.
  for (const grouped of ["1,000", "1,000.00", "1.000,50", "12,345,678", "1,234,5"]) {
    expect(parseAmount(grouped, 2), grouped).toEqual({ ok: false, error: "grouping" });
  }
  expect(parseAmount(Number.NaN, 2)).toEqual({ ok: false, error: "invalid" });
  expect(parseAmount(1e21, 2)).toEqual({ ok: false, error: "invalid" });
  expect(parseAmount("1.234", 2)).toEqual({ ok: false, error: "tooManyDecimals" });
  expect(parseAmount("10.5", 0)).toEqual({ ok: false, error: "tooManyDecimals" });
  expect(parseAmount(0.1 + 0.2, 2)).toEqual({ ok: false, error: "tooManyDecimals" });
});

test("the largest allowed amount is twelve whole digits, and it converts exactly", () => {
  const largest = parseAmount("999999999999.99", 2);
  expect(largest).toEqual({ ok: true, minor: 99999999999999 });
  expect(parseAmount("1000000000000", 2)).toEqual({ ok: false, error: "tooLarge" });
  // 999,999,999,999.99 VES at 231.0475 VES/USD
  expect(toUsdCents(99999999999999, 2, "231.0475")).toBe(432811434878);
  expect(minorToDecimalString(99999999999999, 2)).toBe("999999999999.99");
});

test("minor units print back as the plain decimal a form shows", () => {
  expect(minorToDecimalString(123450, 2)).toBe("1234.50");
  expect(minorToDecimalString(5, 2)).toBe("0.05");
  expect(minorToDecimalString(150000, 0)).toBe("150000");
  expect(minorToDecimalString(-710, 2)).toBe("-7.10");
  // Beyond 2^53 a bigint keeps every digit.
  expect(minorToDecimalString(-12345678901234567890n, 2)).toBe("-123456789012345678.90");
  expect(() => minorToDecimalString(1.5, 2)).toThrow(RangeError);
});

test("expenses show as negative signed amounts, income as positive", () => {
  expect(signedAmount("EXPENSE", 1250)).toBe(-1250);
  expect(signedAmount("INCOME", 1250)).toBe(1250);
});

test("sums are exact and refuse to overflow silently", () => {
  expect(sumMinor([1, 2, 3])).toBe(6);
  expect(() => sumMinor([Number.MAX_SAFE_INTEGER, 1])).toThrow(RangeError);
});

test("rates are normalised and bad ones refused", () => {
  expect(normalizeRate("0003.500")).toBe("3.5");
  expect(normalizeRate(" 231.0475 ")).toBe("231.0475");
  expect(normalizeRate(18.4215)).toBe("18.4215");
  expect(normalizeRate("1")).toBe("1");
  for (const bad of ["0", "-1", "1e3", "abc", "", "0.0000000000001", "1,5"]) expect(normalizeRate(bad), bad).toBeNull();
});

test("a rate's twelve-decimal limit counts digits after trailing zeros are removed, with its own message", () => {
  // Before, "0.861200000000000000" (18 fraction digits, 4 significant) was refused as "not a positive number".
  expect(parseRate("0.861200000000000000")).toEqual({ ok: true, rate: "0.8612" });
  expect(parseRate("1.1234567890120000")).toEqual({ ok: true, rate: "1.123456789012" });
  expect(parseRate("1.1234567890123")).toEqual({ ok: false, error: "tooManyDecimals" });
  expect(rateMessages.tooManyDecimals).toBe("validation.rateTooManyDecimals");
  expect(normalizeRate("0.861200000000000000")).toBe("0.8612");
});

test("COP and VES rates in the thousands keep exact cents, ties rounding away from zero", () => {
  // 3,871.25 COP at 3871.25 COP/USD is exactly one dollar.
  expect(toUsdCents(387125, 2, "3871.25")).toBe(100);
  // A half-cent tie: 2.50 VES at 500 VES/USD = 0.005 USD → 1 cent, away from zero.
  expect(toUsdCents(250, 2, "500")).toBe(1);
  expect(toUsdCents(249, 2, "500")).toBe(0);
});

test("a form's number is read the way the user's language writes it", () => {
  const read = (text: string, locale: string) => readLocaleDecimal(text, locale);
  expect(read("1.234,50", "es")).toEqual({ ok: true, decimal: "1234.50" });
  expect(read("1,234.50", "en")).toEqual({ ok: true, decimal: "1234.50" });
  // Either language's decimal sign alone is a decimal sign; so is a lone separator with other than three digits.
  expect(read("1234,50", "es")).toEqual({ ok: true, decimal: "1234.50" });
  expect(read("12,5", "en")).toEqual({ ok: true, decimal: "12.5" });
  expect(read("12.5", "es")).toEqual({ ok: true, decimal: "12.5" });
  expect(read("1234.567", "es")).toEqual({ ok: true, decimal: "1234.567" });
  expect(read("3871,25", "es")).toEqual({ ok: true, decimal: "3871.25" });
  // The same sign twice groups thousands; both signs in another language's order are still one number.
  expect(read("1.234.567", "es")).toEqual({ ok: true, decimal: "1234567" });
  expect(read("1,234,567", "en")).toEqual({ ok: true, decimal: "1234567" });
  expect(read("1,234.50", "es")).toEqual({ ok: true, decimal: "1234.50" });
  // The language's own decimal sign, and a leading zero, are never ambiguous.
  expect(read("1,234", "es")).toEqual({ ok: true, decimal: "1.234" });
  expect(read("0.125", "en")).toEqual({ ok: true, decimal: "0.125" });
  expect(read("0.125", "es")).toEqual({ ok: true, decimal: "0.125" });
  // Plain digits, and what is not a number written either way, pass on as typed for the parsers to judge.
  expect(read(" 150000 ", "es")).toEqual({ ok: true, decimal: "150000" });
  expect(read("1.23.4", "es")).toEqual({ ok: true, decimal: "1.23.4" });
  expect(read("-5", "en")).toEqual({ ok: true, decimal: "-5" });
  expect(read("1e3", "en")).toEqual({ ok: true, decimal: "1e3" });
});

test("a lone thousands separator before three digits reads two ways and is refused with both readings", () => {
  expect(readLocaleDecimal("1.234", "es")).toEqual({ ok: false, error: "ambiguous", asWhole: "1234", asFraction: "1,234" });
  expect(readLocaleDecimal("1,234", "en")).toEqual({ ok: false, error: "ambiguous", asWhole: "1234", asFraction: "1.234" });
  expect(readLocaleDecimal("5.000", "es")).toEqual({ ok: false, error: "ambiguous", asWhole: "5000", asFraction: "5,000" });
});

test("a form field shows a plain decimal with the language's decimal sign, ungrouped", () => {
  expect(decimalForInput("1234.50", "es")).toBe("1234,50");
  expect(decimalForInput("1234.50", "en")).toBe("1234.50");
  expect(decimalForInput("150000", "es")).toBe("150000");
  // What it shows it reads back as the same number.
  for (const decimal of ["1234.50", "18.421", "0.8612", "1.234"]) {
    expect(readLocaleDecimal(decimalForInput(decimal, "es"), "es")).toEqual({ ok: true, decimal });
  }
});
