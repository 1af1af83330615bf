import { expect, test } from "vitest";
import { guessDecimalSign, readAmountCell, readSignedDecimal } from "./amounts";

const EUR = { code: "EUR", decimals: 2 };
const JPY = { code: "JPY", decimals: 0 };

test("grouping with a point, a comma, a space, a no-break space or an apostrophe, with either decimal sign", () => {
  expect(readSignedDecimal("1.234,56", ",")).toEqual({ negative: false, decimal: "1234.56" });
  expect(readSignedDecimal("1,234.56", ".")).toEqual({ negative: false, decimal: "1234.56" });
  expect(readSignedDecimal("1 234,56", ",")).toEqual({ negative: false, decimal: "1234.56" });
  expect(readSignedDecimal("1\u00a0234\u00a0567,5", ",")).toEqual({ negative: false, decimal: "1234567.5" });
  expect(readSignedDecimal("1'234.56", ".")).toEqual({ negative: false, decimal: "1234.56" });
  expect(readSignedDecimal("1234", ".")).toEqual({ negative: false, decimal: "1234" });
  expect(readSignedDecimal(",5", ",")).toEqual({ negative: false, decimal: "0.5" });
});

test("grouping that is not in threes, or two grouping signs, is not a number", () => {
  expect(readSignedDecimal("12.34,56", ",")).toBeNull();
  expect(readSignedDecimal("1,23.45", ".")).toBeNull();
  expect(readSignedDecimal("1.234 567,00", ",")).toBeNull();
  expect(readSignedDecimal("1,234.56", ",")).toBeNull();
  expect(readSignedDecimal("12abc", ".")).toBeNull();
  expect(readSignedDecimal("1e5", ".")).toBeNull();
  expect(readSignedDecimal("", ".")).toBeNull();
  expect(readSignedDecimal("12.", ".")).toBeNull();
});

test("negative as -x, x-, (x) and the Unicode minus; + is positive; two signs are not a number", () => {
  expect(readSignedDecimal("-12.50", ".")).toEqual({ negative: true, decimal: "12.50" });
  expect(readSignedDecimal("12.50-", ".")).toEqual({ negative: true, decimal: "12.50" });
  expect(readSignedDecimal("(12.50)", ".")).toEqual({ negative: true, decimal: "12.50" });
  expect(readSignedDecimal("\u221212,50", ",")).toEqual({ negative: true, decimal: "12.50" });
  expect(readSignedDecimal("+12.50", ".")).toEqual({ negative: false, decimal: "12.50" });
  expect(readSignedDecimal("--12", ".")).toBeNull();
  expect(readSignedDecimal("(-12)", ".")).toBeNull();
});

test("currency signs and codes around the number are ignored, whichever side the sign is on", () => {
  expect(readSignedDecimal("$1,234.56", ".")).toEqual({ negative: false, decimal: "1234.56" });
  expect(readSignedDecimal("-$12.00", ".")).toEqual({ negative: true, decimal: "12.00" });
  expect(readSignedDecimal("$-12.00", ".")).toEqual({ negative: true, decimal: "12.00" });
  expect(readSignedDecimal("($12.00)", ".")).toEqual({ negative: true, decimal: "12.00" });
  expect(readSignedDecimal("-12,50 €", ",")).toEqual({ negative: true, decimal: "12.50" });
  expect(readSignedDecimal("EUR 1.234,56", ",")).toEqual({ negative: false, decimal: "1234.56" });
  expect(readSignedDecimal("1,234.56 USD", ".")).toEqual({ negative: false, decimal: "1234.56" });
  expect(readSignedDecimal("R$ 12,50", ",")).toEqual({ negative: false, decimal: "12.50" });
  expect(readSignedDecimal("US$12.50", ".")).toEqual({ negative: false, decimal: "12.50" });
  expect(readSignedDecimal("12 apples", ".")).toBeNull();
});

test("an amount cell becomes integer minor units in the currency's decimals, through the money kernel", () => {
  expect(readAmountCell("-1.234,56", ",", EUR)).toEqual({ ok: true, negative: true, minor: 123456 });
  expect(readAmountCell("1,200", ".", JPY)).toEqual({ ok: true, negative: false, minor: 1200 });
  expect(readAmountCell("0.1", ".", EUR)).toEqual({ ok: true, negative: false, minor: 10 });
  // 0.1 + 0.2 style floats never enter: 1234567890.12 is exact.
  expect(readAmountCell("1,234,567,890.12", ".", EUR)).toEqual({ ok: true, negative: false, minor: 123456789012 });
  expect(readAmountCell("5.00", ".", JPY)).toEqual({ ok: true, negative: false, minor: 5 });
});

test("a bad amount is the row's error: empty, unreadable, zero, too many decimals, too large", () => {
  expect(readAmountCell(" ", ".", EUR)).toEqual({ ok: false, error: { key: "import.row.amountRequired" } });
  expect(readAmountCell("abc", ".", EUR)).toEqual({ ok: false, error: { key: "import.row.amountInvalid", values: { value: "abc" } } });
  expect(readAmountCell("0,00", ",", EUR)).toEqual({ ok: false, error: { key: "import.row.amountZero" } });
  expect(readAmountCell("12.345", ".", EUR)).toEqual({
    ok: false,
    error: { key: "import.row.amountTooManyDecimals", values: { value: "12.345", currency: "EUR", decimals: 2 } },
  });
  expect(readAmountCell("12.5", ".", JPY)).toMatchObject({ ok: false, error: { key: "import.row.amountTooManyDecimals" } });
  expect(readAmountCell("1234567890123", ".", EUR)).toEqual({ ok: false, error: { key: "import.row.amountTooLarge", values: { value: "1234567890123" } } });
  expect(readAmountCell("999999999999.99", ".", EUR)).toEqual({ ok: true, negative: false, minor: 99999999999999 });
});

test("the decimal sign is guessed from a column when its values say, else left to the user", () => {
  expect(guessDecimalSign(["-3,50", "1.234,56"])).toBe(",");
  expect(guessDecimalSign(["-3.50", "1,234.56"])).toBe(".");
  expect(guessDecimalSign(["12,5"])).toBe(",");
  expect(guessDecimalSign(["1,234,567"])).toBe(".");
  expect(guessDecimalSign(["1,234", "2,500"])).toBeNull();
  expect(guessDecimalSign(["12", "30"])).toBeNull();
});
