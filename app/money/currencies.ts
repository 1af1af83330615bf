// The base currency (ARCHITECTURE.md 3): every stored rate is units of a currency per 1 USD,
// and every total is in USD cents. Named here once; nothing else spells "USD" as the base.

export const BASE_CURRENCY = "USD" as const;

/** The base currency as formatMinor needs it. */
export const USD = { code: BASE_CURRENCY, symbol: "$", decimals: 2 } as const;

/** A code as a person or a client typed it ("usd ", "USD"): is it the base currency? */
export function isBaseCurrency(code: string): boolean {
  return code.trim().toUpperCase() === BASE_CURRENCY;
}
