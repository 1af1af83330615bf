import Big from "big.js";
import { expect, test } from "vitest";
import { crossRate, estimateUsdCents, isBelowMinimumRate, isValidRate, providerNumberToRate, toUsdCents, toUsdCentsBig } from "./rates";

// The rates kernel computes with BigInt; big.js (what it used before, 40 places then one
// rounding) is the reference: every result must be the same, digit for digit.
const Decimal = Big();
Decimal.DP = 40;
const HALF_UP = 1;

function reference(amountMinor: number, decimals: number, rate: string) {
  // + 0: big.js answers -0 for a small negative amount that rounds to nothing; the kernel, 0.
  return new Decimal(amountMinor).times(new Decimal(10).pow(2 - decimals)).div(rate).round(0, HALF_UP).toNumber() + 0;
}
function referenceRate(value: Big): string | null {
  const rounded = value.round(12, HALF_UP);
  return rounded.lte(0) ? null : rounded.toFixed();
}

let seed = 20261125;
function random() {
  seed = (seed * 1103515245 + 12345) % 2 ** 31;
  return seed / 2 ** 31;
}
const digits = (n: number) => Array.from({ length: n }, () => Math.floor(random() * 10)).join("");
function randomRate(): string {
  const whole = String(BigInt(digits(1 + Math.floor(random() * 8))));
  const fraction = digits(Math.floor(random() * 13)).replace(/0+$/, "");
  const rate = fraction ? `${whole}.${fraction}` : whole;
  return isValidRate(rate) ? rate : "1";
}

test("USD cents agree with exact decimal arithmetic on 20,000 random amounts, decimals and rates, ties away from zero", () => {
  for (let i = 0; i < 20_000; i++) {
    const sign = random() < 0.2 ? -1 : 1;
    const amount = sign * Math.floor(random() * 10 ** (1 + Math.floor(random() * 15)));
    const decimals = [0, 2, 3, 4, 8][Math.floor(random() * 5)]!;
    const rate = randomRate();
    expect(toUsdCents(amount, decimals, rate), `${amount} ${decimals} ${rate}`).toBe(reference(amount, decimals, rate));
  }
  // Ties: 0.5 cents and -0.5 cents round away from zero; 1 unit of a 0-decimal currency at 0.8 is 125 cents.
  expect(toUsdCents(1, 2, "2")).toBe(1);
  expect(toUsdCents(-1, 2, "2")).toBe(-1);
  // 0.125 cents per yen: 4 yen is 0.5 US cents, a tie, rounded away from zero on both sides.
  expect(toUsdCents(4, 0, "800")).toBe(1);
  expect(toUsdCents(-4, 0, "800")).toBe(-1);
  expect(toUsdCents(3, 0, "800")).toBe(0);
  expect(toUsdCents(1, 0, "0.8")).toBe(125);
});

test("cross rates and provider numbers round once to 12 places as exact arithmetic does", () => {
  for (let i = 0; i < 5_000; i++) {
    const from = randomRate();
    const to = randomRate();
    const expected = from === to ? "1" : referenceRate(new Decimal(to).div(from));
    expect(crossRate(from, to), `${from} → ${to}`).toBe(expected);
    const value = Number(`${digits(1 + Math.floor(random() * 6))}.${digits(Math.floor(random() * 15))}e${Math.floor(random() * 20) - 12}`);
    expect(providerNumberToRate(value), String(value)).toBe(value > 0 ? referenceRate(new Decimal(value.toString())) : null);
  }
  expect(crossRate("1", "3")).toBe("3");
  expect(crossRate("3", "1")).toBe("0.333333333333");
  expect(crossRate("3", "2")).toBe("0.666666666667");
  expect(providerNumberToRate(1e-7)).toBe("0.0000001");
  expect(providerNumberToRate(4e-13)).toBeNull();
  expect(providerNumberToRate(5e-13)).toBe("0.000000000001");
  expect(providerNumberToRate(1e21)).toBe("1000000000000000000000");
});

test("the minimum rate and what counts as a rate", () => {
  expect(isBelowMinimumRate("0.0001")).toBe(false);
  expect(isBelowMinimumRate("0.000099999999")).toBe(true);
  expect(isBelowMinimumRate("3871.25")).toBe(false);
  expect(isValidRate("0")).toBe(false);
  expect(isValidRate("0.000000000000")).toBe(false);
  expect(isValidRate("01")).toBe(false);
  expect(isValidRate("0.0000000000001")).toBe(false);
  expect(isValidRate("12.5")).toBe(true);
});

test("a planned sum past 2^53 minor units converts exactly, rounded once, half away from zero", () => {
  // 9,007,199,254,740,993 MXN cents at 2: 4,503,599,627,370,496.5 → ...497 (a tie, away from zero).
  expect(toUsdCentsBig(9_007_199_254_740_993n, 2, "2")).toBe(4_503_599_627_370_497n);
  expect(toUsdCentsBig(125n, 2, "2")).toBe(63n);
  expect(toUsdCentsBig(1000n, 0, "152.84")).toBe(BigInt(toUsdCents(1000, 0, "152.84")));
});

test("an estimate converts each currency's sum once and names the currencies with no rate instead of guessing", () => {
  const rates = new Map([["USD", "1"], ["MXN", "20"]]);
  const decimals = (code: string) => (code === "JPY" ? 0 : 2);
  // 1,050 MXN cents ÷ 20 = 52.5 → 53 (one rounding of the sum, not 2 × 26.25 → 26 + 26).
  expect(estimateUsdCents(new Map([["USD", 10_000n], ["MXN", 1_050n], ["JPY", 500n]]), (c) => rates.get(c), decimals)).toEqual({
    usdCents: 10_053n,
    missingRates: ["JPY"],
  });
  expect(estimateUsdCents(new Map(), (c) => rates.get(c), decimals)).toEqual({ usdCents: 0n, missingRates: [] });
});
