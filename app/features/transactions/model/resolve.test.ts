import { expect, test } from "vitest";
import { transactionInputSchema } from "~/features/transactions/schemas/transaction";
import { resolveTransaction, type ResolveFacts } from "./resolve";

// The resolver's rules without a database: the facts are what loadBatchFacts (queries.server.ts) would read.
// The EUR rate on file is the snapshot shipped with the migrations, 0.8612 of 2026-11-01.

const facts: ResolveFacts = {
  category: { type: "expense" },
  ownedTagIds: new Set(),
  currencies: [
    { code: "USD", decimalPlaces: 2, isActive: true },
    { code: "EUR", decimalPlaces: 2, isActive: true },
  ],
  ratesOnDate: new Map([["EUR", { rate: "0.8612", date: "2026-11-01", source: "snapshot" }]]),
};

const base = { type: "EXPENSE", description: "Dinner", date: "2026-11-20", categoryId: "default-food" };

function input(raw: Record<string, unknown>) {
  return transactionInputSchema.parse({ ...base, ...raw });
}

const eur = (amount: string, rate?: string) => ({ currencyCode: "EUR", amount, method: "cash", ...(rate === undefined ? {} : { rate }) });

test("a USD payment takes no rate but 1: an invalid or different one is refused, not ignored", () => {
  const usd = (rate: string) => input({ payments: [{ currencyCode: "USD", amount: "10", method: "cash", rate }] });
  for (const [rate, message] of [
    ["abc", "validation.ratePositive"],
    ["-1", "validation.ratePositive"],
    ["0.5", "validation.rateUsdIsOne"],
    ["1.0000000000001", "validation.rateTooManyDecimals"],
  ]) {
    expect(resolveTransaction(usd(rate!), facts), rate).toEqual({ ok: false, issues: [{ path: ["payments", 0, "rate"], message }] });
  }
  expect(resolveTransaction(usd("1.00"), facts)).toMatchObject({ ok: true, value: { usdCents: 1000 } });
});

test("a typed rate may carry trailing zeros past twelve decimals; thirteen real decimals get their own message", () => {
  const typed = (rate: string) => resolveTransaction(input({ date: "2026-11-10", payments: [eur("50", rate)] }), facts);
  expect(typed("0.861200000000000000")).toMatchObject({ ok: true, value: { payments: [{ rate: "0.8612", rateSource: "snapshot" }] } });
  expect(typed("0.8612000000001")).toEqual({ ok: false, issues: [{ path: ["payments", 0, "rate"], message: "validation.rateTooManyDecimals" }] });
});
