import { expect, test } from "vitest";
import { decimalsOf, isCurrencyCode } from "./currencies";

test("a currency's decimals come from the known currencies, and a code they lack is read in cents", () => {
  const known = new Map([["JPY", 0], ["KWD", 3], ["EUR", 2]]);
  expect(decimalsOf("JPY", known)).toBe(0);
  expect(decimalsOf("KWD", known)).toBe(3);
  expect(decimalsOf("XYZ", known)).toBe(2);
  expect(decimalsOf("JPY", [{ code: "JPY", decimalPlaces: 0 }])).toBe(0);
  expect(decimalsOf("JPY", [])).toBe(2);
});

test("a currency code is exactly three letters A to Z in upper case", () => {
  for (const code of ["USD", "EUR", "JPY", "XAU"]) expect(isCurrencyCode(code), code).toBe(true);
  for (const code of ["", "US", "EURO", "ABCDEFGHIJ", "usd", "Usd", "E1R", " USD", "USD ", "ÉUR", "U-D"]) expect(isCurrencyCode(code), code).toBe(false);
});
