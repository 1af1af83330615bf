import { expect, test } from "vitest";
import { transactionInputSchema } from "~/features/transactions/schemas/transaction";
import { resolveTransaction, type RatesOnDate, type ResolveFacts } from "./resolve";
import { seededRandom } from "../../../../tests/setup/seeded-random";

// The resolver's rules checked over many generated inputs, without a database (the facts are
// what loadBatchFacts (queries.server.ts) reads in one batch). The USD check below is exact integer arithmetic,
// independent of app/money: a stored cent count is the exact quotient rounded half away from
// zero (ARCHITECTURE.md 3), so it is within half a cent of it, and on a tie it is the larger.

const SEED = 20261123;
const ROUNDS = 400;


const currencies = [
  { code: "USD", decimalPlaces: 2, isActive: true },
  { code: "EUR", decimalPlaces: 2, isActive: true },
  { code: "JPY", decimalPlaces: 0, isActive: true },
  { code: "KWD", decimalPlaces: 3, isActive: true },
  { code: "VES", decimalPlaces: 2, isActive: true },
];
const decimalsOf = new Map(currencies.map((c) => [c.code, c.decimalPlaces]));

type Random = () => number;
const pick = <T,>(random: Random, items: readonly T[]): T => items[Math.floor(random() * items.length)]!;

function amountText(random: Random, decimals: number): string {
  const whole = String(Math.floor(random() * 10 ** (1 + Math.floor(random() * 7))));
  if (decimals === 0 || random() < 0.3) return whole === "0" ? "1" : whole;
  const fraction = String(Math.floor(random() * 10 ** decimals)).padStart(decimals, "0");
  return whole === "0" && /^0+$/.test(fraction) ? `0.${"0".repeat(decimals - 1)}1` : `${whole}.${fraction}`;
}

/** A rate with up to six decimals, at least 0.0001; exact halves of a cent come up often with "0.5", "2", "4" and "8". */
function rateText(random: Random): string {
  if (random() < 0.25) return pick(random, ["0.5", "2", "4", "8", "0.25", "1.6"]);
  const whole = Math.floor(random() * 40000);
  const fraction = String(Math.floor(random() * 1e6)).padStart(6, "0");
  const text = `${whole}.${fraction}`.replace(/\.?0+$/, "");
  return Number(text) >= 0.0001 ? text : "0.0001";
}

/** An exact decimal as an integer and its power of ten. */
function scaled(text: string): { units: bigint; scale: bigint } {
  const [whole, fraction = ""] = text.split(".");
  return { units: BigInt(whole + fraction), scale: 10n ** BigInt(fraction.length) };
}

/** USD cents of amountMinor at `decimals` ÷ rate, rounded half away from zero, in integers only. */
function exactUsdCents(amountMinor: number, decimals: number, rate: string): bigint {
  const { units, scale } = scaled(rate);
  const numerator = BigInt(amountMinor) * 100n * scale;
  const denominator = units * 10n ** BigInt(decimals);
  const quotient = numerator / denominator;
  const remainder = numerator % denominator;
  return remainder * 2n >= denominator ? quotient + 1n : quotient;
}

function factsFor(random: Random): ResolveFacts {
  const rates = new Map<string, { rate: string; date: string; source: string }>();
  for (const { code } of currencies) {
    if (code !== "USD" && random() < 0.75) rates.set(code, { rate: rateText(random), date: "2026-11-01", source: pick(random, ["provider", "snapshot", "manual"]) });
  }
  return { category: { type: "expense" }, ownedTagIds: new Set(), currencies, ratesOnDate: rates as RatesOnDate };
}

function inputFor(random: Random, facts: ResolveFacts) {
  const count = 1 + Math.floor(random() * 4);
  const payments = Array.from({ length: count }, () => {
    const code = pick(random, currencies).code;
    const onFile = facts.ratesOnDate.get(code);
    const typed = code === "USD" ? undefined : random() < 0.3 ? rateText(random) : random() < 0.2 && onFile ? onFile.rate : undefined;
    return { currencyCode: code, amount: amountText(random, decimalsOf.get(code)!), method: "cash", ...(typed ? { rate: typed } : {}) };
  });
  return transactionInputSchema.parse({ type: "EXPENSE", description: "Generated", date: "2026-11-20", categoryId: "default-food", payments });
}

test("every resolved payment follows the rate rules and its USD cents are the exact quotient, rounded once, half away from zero", () => {
  const random = seededRandom(SEED).random;
  let resolved = 0;
  let refused = 0;
  for (let round = 0; round < ROUNDS; round++) {
    const facts = factsFor(random);
    const input = inputFor(random, facts);
    const result = resolveTransaction(input, facts);
    const missingRate = input.payments.findIndex((p) => p.currencyCode !== "USD" && p.rate === undefined && !facts.ratesOnDate.has(p.currencyCode));
    if (!result.ok) {
      refused++;
      // The only refusal these inputs can meet: a currency without a rate on file and none typed.
      expect(missingRate, JSON.stringify(result.issues)).toBeGreaterThanOrEqual(0);
      expect(result.issues).toContainEqual({ path: ["payments", missingRate, "rate"], message: "validation.rateUnknown" });
      continue;
    }
    resolved++;
    expect(missingRate).toBe(-1);
    let sum = 0;
    for (const [index, payment] of result.value.payments.entries()) {
      const given = input.payments[index]!;
      const onFile = facts.ratesOnDate.get(payment.currencyCode);
      if (payment.currencyCode === "USD") {
        expect(payment).toMatchObject({ rate: "1", rateSource: "fixed", usdCents: payment.amountMinor });
      } else if (given.rate === undefined || given.rate === onFile?.rate) {
        // No rate typed, or the one on file typed back: the rate on file, with its own date and source.
        expect(payment).toMatchObject({ rate: onFile!.rate, rateDate: onFile!.date, rateSource: onFile!.source });
      } else {
        expect(payment).toMatchObject({ rateDate: input.date, rateSource: "manual" });
        expect(Number(payment.rate)).toBe(Number(given.rate));
      }
      expect(BigInt(payment.usdCents), `${payment.amountMinor} ${payment.currencyCode} at ${payment.rate}`).toBe(
        exactUsdCents(payment.amountMinor, decimalsOf.get(payment.currencyCode)!, payment.rate),
      );
      sum += payment.usdCents;
    }
    expect(result.value.usdCents).toBe(sum);
  }
  // The generator must exercise both sides, or the checks above say little.
  expect(resolved).toBeGreaterThan(ROUNDS / 3);
  expect(refused).toBeGreaterThan(10);
});

test("an edit that sends back what it read stores every payment exactly as recorded, even after the rates on file changed", () => {
  const random = seededRandom(SEED + 1).random;
  let checked = 0;
  for (let round = 0; round < ROUNDS; round++) {
    const facts = factsFor(random);
    const input = inputFor(random, facts);
    const first = resolveTransaction(input, facts);
    if (!first.ok) continue;
    checked++;
    const recorded = { date: first.value.date, payments: first.value.payments };
    // Newer rates arrive for every currency before the edit.
    const newer = new Map([...facts.ratesOnDate].map(([code, r]) => [code, { ...r, rate: rateText(random), source: "provider" }]));
    const resent = transactionInputSchema.parse({
      ...input,
      payments: first.value.payments.map((p) => ({
        currencyCode: p.currencyCode,
        amount: input.payments[p.position]!.amount,
        method: p.method,
        ...(random() < 0.5 && p.currencyCode !== "USD" ? { rate: p.rate } : {}),
      })),
    });
    const edited = resolveTransaction(resent, { ...facts, ratesOnDate: newer, recorded });
    expect(edited).toEqual(first);
  }
  expect(checked).toBeGreaterThan(ROUNDS / 3);
});
