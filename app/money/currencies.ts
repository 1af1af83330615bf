// The base currency (ARCHITECTURE.md 3): every stored rate is units of a currency per 1 USD,
// and every total is in USD cents. Named here once; nothing else spells "USD" as the base.

export const BASE_CURRENCY = "USD" as const;

/** The base currency as formatMinor needs it. */
export const USD = { code: BASE_CURRENCY, symbol: "$", decimals: 2 } as const;

/** A code as a person or a client typed it ("usd ", "USD"): is it the base currency? */
export function isBaseCurrency(code: string): boolean {
  return code.trim().toUpperCase() === BASE_CURRENCY;
}

/** A currency's places when its row is not at hand (a code no longer in the table): cents. */
export const DEFAULT_DECIMALS = 2;

type KnownPlaces = ReadonlyMap<string, number> | readonly { code: string; decimalPlaces: number }[];

/** The decimal places of a currency, from the known currencies (a code → places map or currency rows); 2 when unknown. */
export function decimalsOf(code: string, known: KnownPlaces): number {
  const places = "get" in known ? known.get(code) : known.find((c) => c.code === code)?.decimalPlaces;
  return places ?? DEFAULT_DECIMALS;
}

/**
 * The one shape of a currency code (ISO 4217: three letters A to Z, upper case), as stored in
 * the currencies table. Callers trim and upper-case what a person typed before asking.
 */
export function isCurrencyCode(code: string): boolean {
  return /^[A-Z]{3}$/.test(code);
}
