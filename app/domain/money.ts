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
