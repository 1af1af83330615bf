import { beforeAll, expect, test } from "vitest";
import { createLibsqlTestDb } from "../../../tests/setup/libsql-db";
import type { DateRange } from "~/features/dashboard/model";
import { MAX_USD_CENTS, minorToDecimalString } from "~/money/amounts";
import { normalizeRate, toUsdCents } from "~/money/rates";
import { transactionInputSchema } from "~/features/transactions/schemas/transaction";
import { PAYMENT_METHODS, type PaymentMethod, type TransactionType } from "~/features/transactions/model/transaction";
import type { Db } from "~/platform/db/client.server";
import { findRateOn, listCurrencies } from "~/features/rates/queries.server";
import { dashboardMoney } from "~/features/dashboard/queries.server";
import { payments, transactions, users } from "~/platform/db/schema";
import { getTransaction, listTransactions, loadAndResolveTransaction, totalsByCategory, totalsByDate, transactionSummary } from "./queries.server";
import type { RecordedTransaction, ResolvedPayment } from "./model/resolve";
import { insertTransaction, removeTransaction, replaceTransaction } from "./commands.server";
import { seededRandom } from "../../../tests/setup/seeded-random";

// A property test of the money totals through the app's real write path: random transactions
// are parsed (transactionInputSchema), resolved (resolveTransaction) and written
// (insertTransaction / replaceTransaction / removeTransaction), then every total the app
// reports — list, summary, per category, per day, dashboard — must equal, to the cent, the
// sums computed here from the rows read back. Sums here are BigInt, so nothing is rounded.

/** Change to explore other data; every run with the same seed writes the same transactions. */
const SEED = 0x2026_1101;
const STEPS = 420;

const alice = "user-totals-alice";
const bob = "user-totals-bob";
const SNAPSHOT_DATE = "2026-11-01";
const EXPENSE_CATEGORIES = [
  "default-food",
  "default-housing",
  "default-transport",
  "default-utilities",
  "default-entertainment",
  "default-health",
  "default-shopping",
  "default-education",
  "default-travel",
];
const INCOME_CATEGORIES = ["default-salary", "default-freelance", "default-investments", "default-gifts"];
/** Rates that turn many amounts into exact half cents (e.g. 1 cent at 2 → 0.5 cents, 1 yen at 40 → 2.5 cents). */
const TIE_RATES = ["2", "0.8", "0.5", "4", "1.6", "12.5", "0.25", "6.4", "250", "3200", "40", "200", "8"];
const MAX_SAFE = BigInt(Number.MAX_SAFE_INTEGER);

type Currency = { code: string; decimals: number; snapshot: string };
type ExpectedPayment = Omit<ResolvedPayment, "position">;
type ExpectedTransaction = { userId: string; type: TransactionType; date: string; categoryId: string; payments: ExpectedPayment[] };
type StoredPayment = typeof payments.$inferSelect;
type StoredTransaction = typeof transactions.$inferSelect & { payments: StoredPayment[] };
type Filter = { type?: TransactionType; startDate?: string; endDate?: string; currencyCode?: string };

let db: Db;
let currencies: Currency[];
const decimalsOf = new Map<string, number>();
/** What the database must hold afterwards, built from the generated inputs, never from the app's answers. */
const model = new Map<string, ExpectedTransaction>();
const stats = { creates: 0, updates: 0, resubmits: 0, deletes: 0, refusedCrossUser: 0, maxAmounts: 0, nearTies: 0, manualRates: 0 };
/** Every row of both users, read back after all writes. */
let stored: StoredTransaction[];
const of = (userId: string) => stored.filter((t) => t.userId === userId);

// --- the seeded generator (mulberry32) ---

const { random, int, pick, chance } = seededRandom(SEED);
const pad = (n: number) => String(n).padStart(2, "0");

// --- exact arithmetic, independent of app/domain/money.ts ---

function rateParts(rate: string) {
  const [whole, fraction = ""] = rate.split(".");
  return { units: BigInt(`${whole}${fraction}`), scale: BigInt(fraction.length) };
}

/** round(minor × 10^(2 − decimals) ÷ rate), half away from zero, in integers; and whether it was an exact tie. */
function exactUsdCents(amountMinor: number, decimals: number, rate: string) {
  const { units, scale } = rateParts(rate);
  const num = BigInt(amountMinor) * 10n ** (2n + scale);
  const den = units * 10n ** BigInt(decimals);
  const twiceRemainder = 2n * (num % den);
  return { cents: num / den + (twiceRemainder >= den ? 1n : 0n), tie: twiceRemainder === den };
}

/** The amount (minor units) closest below or above the one worth exactly `cents` + ½ at `rate`. */
function minorNearHalfCent(cents: bigint, decimals: number, rate: string, up: boolean): bigint {
  const { units, scale } = rateParts(rate);
  const num = (2n * cents + 1n) * units * 10n ** BigInt(decimals);
  const den = 2n * 10n ** (2n + scale);
  return num / den + (up && num % den !== 0n ? 1n : 0n);
}

const safe = (value: bigint): number => {
  if (value > MAX_SAFE || value < -MAX_SAFE) throw new RangeError(`a test sum left the safe integer range: ${value}`);
  return Number(value);
};

// --- random inputs, with the stored payment they must become ---

function randomRate(currency: Currency): { typed: string | undefined; rate: string; manual: boolean } {
  if (currency.code === "USD") {
    // USD is always 1; a client may say so (any other rate is refused, resolver tests).
    return { typed: chance(0.2) ? pick(["1", "1.00", "01"]) : undefined, rate: "1", manual: false };
  }
  const roll = random();
  if (roll < 0.5) return { typed: undefined, rate: currency.snapshot, manual: false };
  // The prefilled rate, as the form would resend it (sometimes with a trailing zero).
  if (roll < 0.62) return { typed: chance(0.5) ? currency.snapshot : `${currency.snapshot}${currency.snapshot.includes(".") ? "0" : ".0"}`, rate: currency.snapshot, manual: false };
  let typed: string;
  if (roll < 0.82) typed = pick(TIE_RATES);
  else {
    const places = int(13);
    typed = (Number(currency.snapshot) * (0.6 + random() * 0.8)).toFixed(places);
    if (normalizeRate(typed) === null) typed = (Number(currency.snapshot) * 1.1).toFixed(6);
  }
  const rate = normalizeRate(typed)!;
  return { typed, rate, manual: rate !== currency.snapshot };
}

function randomAmount(currency: Currency, rate: string, allowMax: boolean): bigint {
  const d = currency.decimals;
  const maxMinor = 10n ** BigInt(12 + d) - 1n; // 999999999999.99 (or 999999999999 yen): the largest accepted
  const roll = random();
  if (allowMax && roll < 0.04) {
    stats.maxAmounts++;
    return pick([maxMinor, maxMinor - BigInt(int(100)), 10n ** BigInt(12 + d) - 10n ** BigInt(d)]);
  }
  if (roll < 0.45 && rate !== "1") {
    // Just below or above a half cent: where float arithmetic or a wrong rounding mode shows.
    // At the typed tie-prone rates, look for an amount worth an exact half cent.
    const up = chance(0.5);
    const wantExact = TIE_RATES.includes(rate) || chance(0.3);
    let minor = 0n;
    for (let attempt = 0; attempt < (wantExact ? 30 : 1); attempt++) {
      const cents = BigInt(chance(0.7) ? int(1_000_000) : int(100_000_000_000));
      minor = minorNearHalfCent(cents, d, rate, up);
      if (minor >= 1n && exactUsdCents(safe(minor), d, rate).tie) break;
    }
    if (minor >= 1n && minor <= maxMinor) {
      stats.nearTies++;
      return minor;
    }
  }
  if (roll < 0.5) return BigInt(1 + int(10));
  if (roll < 0.8) return BigInt(1 + int(10 ** (d + 3)));
  return BigInt(1 + int(10 ** (d + 9)));
}

/** The decimal string a person (or API client) could type for this amount. */
function amountText(minor: bigint, decimals: number): string {
  const plain = minorToDecimalString(Number(minor), decimals);
  const roll = random();
  if (roll < 0.6) return plain;
  if (roll < 0.8) return decimals > 0 ? plain.replace(/0+$/, "").replace(/\.$/, "") : plain;
  if (roll < 0.9) return `00${plain}`;
  return ` ${plain} `;
}

const methodSpellings = (method: PaymentMethod) => [method, method.toUpperCase(), method.replace(/_/g, " "), method.replace(/_/g, "-")];

let maxAmountsLeft = 30;
/** Drawn inputs worth more than MAX_USD_CENTS in USD: the app must refuse each with a message. */
const overLimit: Array<{ userId: string; raw: Record<string, unknown> }> = [];

/** A random transaction within the USD limit; those beyond it are kept aside for their own check. */
function randomTransaction(userId: string): { raw: Record<string, unknown>; expected: ExpectedTransaction } {
  for (;;) {
    const drawn = drawTransaction(userId);
    const cents = drawn.expected.payments.map((p) => BigInt(p.usdCents));
    if (cents.every((c) => c <= BigInt(MAX_USD_CENTS)) && cents.reduce((a, b) => a + b, 0n) <= BigInt(MAX_USD_CENTS)) return drawn;
    overLimit.push({ userId, raw: drawn.raw });
  }
}

function drawTransaction(userId: string): { raw: Record<string, unknown>; expected: ExpectedTransaction } {
  const type: TransactionType = chance(0.35) ? "INCOME" : "EXPENSE";
  const date = `2026-11-${pad(1 + int(20))}`;
  const count = 1 + int(3);
  const rawPayments: Record<string, unknown>[] = [];
  const expectedPayments: ExpectedPayment[] = [];
  for (let p = 0; p < count; p++) {
    const currency = pick(currencies);
    // The largest amounts only at the rate on file, and a bounded number of them, so every
    // sum stays exactly representable (checked by safe() below).
    const allowMax = maxAmountsLeft > 0;
    const rate = randomRate(currency);
    const minor = randomAmount(currency, rate.rate, allowMax && !rate.manual);
    if (minor >= 10n ** BigInt(12 + currency.decimals) - 100n * 10n ** BigInt(currency.decimals)) maxAmountsLeft--;
    if (rate.manual) stats.manualRates++;
    const method = pick(PAYMENT_METHODS);
    const amountMinor = safe(minor);
    rawPayments.push({
      currencyCode: chance(0.1) ? currency.code.toLowerCase() : currency.code,
      amount: amountText(minor, currency.decimals),
      method: pick(methodSpellings(method)),
      ...(rate.typed === undefined ? (chance(0.2) ? { rate: "" } : {}) : { rate: rate.typed }),
    });
    expectedPayments.push({
      currencyCode: currency.code,
      amountMinor,
      method,
      rate: rate.rate,
      rateDate: currency.code === "USD" || rate.manual ? date : SNAPSHOT_DATE,
      rateSource: currency.code === "USD" ? "fixed" : rate.manual ? "manual" : "snapshot",
      usdCents: safe(exactUsdCents(amountMinor, currency.decimals, rate.rate).cents),
    });
  }
  const categoryId = pick(type === "INCOME" ? INCOME_CATEGORIES : EXPENSE_CATEGORIES);
  return {
    raw: { type, description: `${pick(["Market", "Rent", "Pay", "Taxi", "Gift"])} ${int(1000)}`, date, categoryId, payments: rawPayments, multi: count > 1 },
    expected: { userId, type, date, categoryId, payments: expectedPayments },
  };
}

// --- the app's write path ---

async function resolveRaw(userId: string, raw: Record<string, unknown>, recorded?: RecordedTransaction) {
  const input = transactionInputSchema.parse(raw);
  const resolved = await loadAndResolveTransaction(db, userId, input, recorded);
  if (!resolved.ok) throw new Error(`refused ${JSON.stringify(raw)}: ${JSON.stringify(resolved.issues)}`);
  return resolved.value;
}

async function create(userId: string) {
  const { raw, expected } = randomTransaction(userId);
  const id = await insertTransaction(db, userId, await resolveRaw(userId, raw), { ip: null });
  model.set(id, expected);
  stats.creates++;
}

/** Replaces a transaction with new random content, as the edit form would (recorded rates passed along). */
async function replace(userId: string, id: string) {
  const record = (await getTransaction(db, userId, id))!;
  const { raw, expected } = randomTransaction(userId);
  // The edit form always shows a rate field; an edit that sends none keeps the recorded rate
  // (resolver tests), so a row meant to take the rate on file sends that rate.
  const payments = (raw.payments as Record<string, unknown>[]).map((p, i) =>
    (p.rate === undefined || p.rate === "") && expected.payments[i]!.currencyCode !== "USD" ? { ...p, rate: expected.payments[i]!.rate } : p,
  );
  expect(await replaceTransaction(db, userId, id, await resolveRaw(userId, { ...raw, payments }, record), { ip: null })).toBe(true);
  model.set(id, expected);
  stats.updates++;
}

/** Resends the stored payments unchanged (amounts and rates as the form shows them), maybe on another date. */
async function resubmit(userId: string, id: string) {
  const record = (await getTransaction(db, userId, id))!;
  const before = model.get(id)!;
  const date = chance(0.5) ? record.date : `2026-11-${pad(1 + int(20))}`;
  const raw = {
    type: record.type,
    description: `${record.description} (edited)`,
    date,
    categoryId: record.categoryId,
    tagIds: record.tagIds,
    multi: record.payments.length > 1,
    payments: record.payments.map((p) => ({
      currencyCode: p.currencyCode,
      amount: minorToDecimalString(p.amountMinor, decimalsOf.get(p.currencyCode)!),
      method: p.method,
      rate: p.rate,
    })),
  };
  expect(await replaceTransaction(db, userId, id, await resolveRaw(userId, raw, record), { ip: null })).toBe(true);
  // The snapshot rate keeps its own date; USD and a typed (manual) rate take the transaction's.
  model.set(id, { ...before, date, payments: before.payments.map((p) => ({ ...p, rateDate: p.rateSource === "snapshot" ? p.rateDate : date })) });
  stats.resubmits++;
}

async function remove(userId: string, id: string) {
  expect(await removeTransaction(db, userId, id, { ip: null })).toBe(true);
  model.delete(id);
  stats.deletes++;
}

const idsOf = (userId: string) => [...model].filter(([, t]) => t.userId === userId).map(([id]) => id);

beforeAll(async () => {
  db = await createLibsqlTestDb();
  for (const id of [alice, bob]) {
    await db.insert(users).values({ id, email: `${id}@example.com`, firstName: id, lastName: "Test", passwordHash: "x" });
  }
  currencies = [];
  for (const c of await listCurrencies(db)) {
    const rate = await findRateOn(db, c.code, SNAPSHOT_DATE);
    currencies.push({ code: c.code, decimals: c.decimalPlaces, snapshot: rate!.rate });
    decimalsOf.set(c.code, c.decimalPlaces);
  }
  expect(currencies).toEqual(
    expect.arrayContaining([
      { code: "USD", decimals: 2, snapshot: "1" },
      { code: "EUR", decimals: 2, snapshot: "0.8612" },
      { code: "VES", decimals: 2, snapshot: "231.0475" },
      { code: "COP", decimals: 2, snapshot: "3871.25" },
      { code: "JPY", decimals: 0, snapshot: "152.84" },
      { code: "MXN", decimals: 2, snapshot: "18.4215" },
    ]),
  );

  for (let step = 0; step < STEPS; step++) {
    const roll = random();
    const mine = idsOf(alice);
    if (roll < 0.12 && mine.length) await replace(alice, pick(mine));
    else if (roll < 0.17 && mine.length) await resubmit(alice, pick(mine));
    else if (roll < 0.25 && mine.length) await remove(alice, pick(mine));
    else if (roll < 0.27 && mine.length) {
      // Bob cannot touch Alice's transactions.
      const id = pick(mine);
      const { raw } = randomTransaction(bob);
      expect(await replaceTransaction(db, bob, id, await resolveRaw(bob, raw), { ip: null })).toBe(false);
      expect(await removeTransaction(db, bob, id, { ip: null })).toBe(false);
      stats.refusedCrossUser++;
    } else if (roll < 0.4) {
      const his = idsOf(bob);
      if (his.length > 5 && chance(0.3)) await (chance(0.5) ? replace(bob, pick(his)) : remove(bob, pick(his)));
      else await create(bob);
    } else await create(alice);
  }

  const paymentRows = await db.select().from(payments);
  stored = (await db.select().from(transactions)).map((t) => ({
    ...t,
    payments: paymentRows.filter((p) => p.transactionId === t.id).sort((a, b) => a.position - b.position),
  }));
  // Every payment belongs to a stored transaction.
  expect(paymentRows.length).toBe(stored.reduce((n, t) => n + t.payments.length, 0));
}, 120_000);

// --- sums over the stored rows ---

function matches(t: StoredTransaction, f: Filter): boolean {
  return (
    (!f.type || t.type === f.type) &&
    (!f.startDate || t.date >= f.startDate) &&
    (!f.endDate || t.date <= f.endDate) &&
    (!f.currencyCode || t.payments.some((p) => p.currencyCode === f.currencyCode))
  );
}

function totalsOf(rows: StoredTransaction[]) {
  let income = 0n;
  let expense = 0n;
  for (const t of rows) {
    if (t.type === "INCOME") income += BigInt(t.usdCents);
    else expense += BigInt(t.usdCents);
  }
  return { count: rows.length, incomeUsdCents: safe(income), expenseUsdCents: safe(expense), netUsdCents: safe(income - expense) };
}

/** Per payment currency, over the rows' payments (only `only`'s when given), ascending by code. */
function currencyTotalsOf(rows: StoredTransaction[], only?: string) {
  const sums = new Map<string, { ids: Set<string>; incomeMinor: bigint; expenseMinor: bigint; incomeUsdCents: bigint; expenseUsdCents: bigint }>();
  for (const t of rows) {
    for (const p of t.payments) {
      if (only && p.currencyCode !== only) continue;
      const s = sums.get(p.currencyCode) ?? { ids: new Set(), incomeMinor: 0n, expenseMinor: 0n, incomeUsdCents: 0n, expenseUsdCents: 0n };
      s.ids.add(t.id);
      if (t.type === "INCOME") {
        s.incomeMinor += BigInt(p.amountMinor);
        s.incomeUsdCents += BigInt(p.usdCents);
      } else {
        s.expenseMinor += BigInt(p.amountMinor);
        s.expenseUsdCents += BigInt(p.usdCents);
      }
      sums.set(p.currencyCode, s);
    }
  }
  return [...sums]
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .map(([currencyCode, s]) => ({
      currencyCode,
      count: s.ids.size,
      incomeMinor: safe(s.incomeMinor),
      expenseMinor: safe(s.expenseMinor),
      incomeUsdCents: safe(s.incomeUsdCents),
      expenseUsdCents: safe(s.expenseUsdCents),
    }));
}

const withoutCount = <T extends { count: number }>(rows: T[]) => rows.map(({ count: _count, ...rest }) => rest);

const RANGES: { startDate?: string; endDate?: string }[] = [
  {},
  { startDate: "2026-11-01", endDate: "2026-11-30" },
  { startDate: "2026-11-05", endDate: "2026-11-12" },
  { startDate: "2026-11-20", endDate: "2026-11-20" },
  { startDate: "2026-11-15" },
  { endDate: "2026-11-03" },
  { startDate: "2026-10-01", endDate: "2026-10-31" },
];
const BOUNDED_RANGES = RANGES.filter((r): r is DateRange => r.startDate !== undefined && r.endDate !== undefined);

// --- the properties ---

test("inputs worth more than 999,999,999,999.99 USD are refused with a message, never stored or thrown", async () => {
  expect(overLimit.length).toBeGreaterThan(3);
  const before = (await db.select().from(transactions)).length;
  for (const { userId, raw } of overLimit) {
    const resolved = await loadAndResolveTransaction(db, userId, transactionInputSchema.parse(raw));
    expect(resolved.ok, JSON.stringify(raw)).toBe(false);
    if (!resolved.ok) expect(resolved.issues.map((i) => i.message)).toContain("validation.usdTooLarge");
  }
  expect((await db.select().from(transactions)).length).toBe(before);
});

test("the generator reached the cases that matter: ties, near ties, the largest amounts, typed rates, edits and deletes", () => {
  const exactTies = stored.flatMap((t) => t.payments).filter((p) => exactUsdCents(p.amountMinor, decimalsOf.get(p.currencyCode)!, p.rate).tie);
  expect(exactTies.length).toBeGreaterThan(20);
  expect(stats.nearTies).toBeGreaterThan(100);
  expect(stored.flatMap((t) => t.payments).filter((p) => p.amountMinor >= 10 ** (12 + decimalsOf.get(p.currencyCode)!) - 10 ** (2 + decimalsOf.get(p.currencyCode)!)).length).toBeGreaterThan(5);
  expect(stats.manualRates).toBeGreaterThan(50);
  expect(stats.updates + stats.resubmits).toBeGreaterThan(20);
  expect(stats.deletes).toBeGreaterThan(10);
  expect(stats.refusedCrossUser).toBeGreaterThan(0);
  expect(of(alice).length).toBeGreaterThan(200);
  expect(of(bob).length).toBeGreaterThan(20);
  for (const code of ["USD", "EUR", "VES", "COP", "JPY", "MXN"]) {
    for (const userId of [alice, bob]) expect(of(userId).some((t) => t.payments.some((p) => p.currencyCode === code))).toBe(true);
  }
});

test("the database holds exactly what was written: each edit replaced the payments, each delete left nothing behind", () => {
  const actual = Object.fromEntries(
    stored.map((t) => [
      t.id,
      {
        userId: t.userId,
        type: t.type,
        date: t.date,
        categoryId: t.categoryId,
        payments: t.payments.map((p) => {
          expect(p.userId).toBe(t.userId);
          return { currencyCode: p.currencyCode, amountMinor: p.amountMinor, method: p.method, rate: p.rate, rateDate: p.rateDate, rateSource: p.rateSource, usdCents: p.usdCents };
        }),
      },
    ]),
  );
  expect(actual).toEqual(Object.fromEntries(model));
  for (const t of stored) expect(t.payments.map((p) => p.position)).toEqual(t.payments.map((_, i) => i));
});

test("every payment's USD cents is its amount at its rate rounded half away from zero, and a transaction's USD cents is their sum", () => {
  for (const t of stored) {
    expect(t.payments.length).toBeGreaterThan(0);
    for (const p of t.payments) {
      const decimals = decimalsOf.get(p.currencyCode)!;
      expect(p.usdCents, `${p.currencyCode} ${p.amountMinor} at ${p.rate}`).toBe(toUsdCents(p.amountMinor, decimals, p.rate));
      expect(BigInt(p.usdCents), `${p.currencyCode} ${p.amountMinor} at ${p.rate}`).toBe(exactUsdCents(p.amountMinor, decimals, p.rate).cents);
    }
    expect(BigInt(t.usdCents), t.id).toBe(t.payments.reduce((sum, p) => sum + BigInt(p.usdCents), 0n));
  }
});

test("the list's count, income, expense and net equal the stored rows' sums under every type, date and currency filter, and never include the other user", async () => {
  const codes = [undefined, ...currencies.map((c) => c.code)];
  for (const userId of [alice, bob]) {
    for (const range of RANGES) {
      for (const type of [undefined, "INCOME", "EXPENSE"] as const) {
        for (const currencyCode of codes) {
          const filter: Filter = { ...range, type, currencyCode };
          const page = await listTransactions(db, userId, filter, { by: "amount", order: "desc" }, { page: 1, limit: 3 });
          const { count, ...totals } = totalsOf(of(userId).filter((t) => matches(t, filter)));
          expect({ total: page.total, totals: page.totals }, JSON.stringify({ userId, filter })).toEqual({ total: count, totals });
        }
      }
    }
  }
}, 60_000);

test("the summary's totals and per-currency sums, in minor units and in USD cents, equal the stored rows' sums", async () => {
  for (const userId of [alice, bob]) {
    for (const range of RANGES) {
      for (const currencyCode of [undefined, ...currencies.map((c) => c.code)]) {
        const filter: Filter = { ...range, currencyCode };
        const rows = of(userId).filter((t) => matches(t, filter));
        const { count, incomeUsdCents, expenseUsdCents } = totalsOf(rows);
        const summary = await transactionSummary(db, userId, filter);
        expect(summary, JSON.stringify({ userId, filter })).toEqual({
          count,
          incomeUsdCents,
          expenseUsdCents,
          byCurrency: withoutCount(currencyTotalsOf(rows, currencyCode)),
        });
        if (!currencyCode) {
          // With no currency chosen, the currencies' USD cents add up to the totals.
          expect(summary.byCurrency.reduce((s, c) => s + c.incomeUsdCents, 0)).toBe(incomeUsdCents);
          expect(summary.byCurrency.reduce((s, c) => s + c.expenseUsdCents, 0)).toBe(expenseUsdCents);
        }
      }
    }
  }
}, 60_000);

test("the per-category totals equal the stored rows' sums per category and add up to the income and expense totals", async () => {
  for (const userId of [alice, bob]) {
    for (const range of RANGES) {
      const rows = of(userId).filter((t) => matches(t, range));
      const groups = new Map<string, { categoryId: string | null; type: TransactionType; count: number; usdCents: bigint }>();
      for (const t of rows) {
        const key = `${t.categoryId}|${t.type}`;
        const g = groups.get(key) ?? { categoryId: t.categoryId, type: t.type, count: 0, usdCents: 0n };
        g.count++;
        g.usdCents += BigInt(t.usdCents);
        groups.set(key, g);
      }
      const expected = [...groups.values()]
        .sort((a, b) => (a.usdCents === b.usdCents ? ((a.categoryId ?? "") < (b.categoryId ?? "") ? -1 : 1) : a.usdCents > b.usdCents ? -1 : 1))
        .map((g) => ({ categoryId: g.categoryId, type: g.type, count: g.count, usdCents: safe(g.usdCents) }));
      const actual = await totalsByCategory(db, userId, range);
      expect(actual.map(({ categoryId, type, count, usdCents }) => ({ categoryId, type, count, usdCents })), JSON.stringify({ userId, range })).toEqual(expected);
      const totals = totalsOf(rows);
      expect(actual.filter((c) => c.type === "INCOME").reduce((s, c) => s + c.usdCents, 0)).toBe(totals.incomeUsdCents);
      expect(actual.filter((c) => c.type === "EXPENSE").reduce((s, c) => s + c.usdCents, 0)).toBe(totals.expenseUsdCents);
      expect(actual.reduce((s, c) => s + c.count, 0)).toBe(totals.count);
    }
  }
});

test("the per-day totals equal the stored rows' sums per day and add up to the income and expense totals", async () => {
  for (const userId of [alice, bob]) {
    for (const range of BOUNDED_RANGES) {
      const rows = of(userId).filter((t) => matches(t, range));
      const days = [...new Set(rows.map((t) => t.date))].sort();
      const expected = days.map((date) => {
        const { incomeUsdCents, expenseUsdCents } = totalsOf(rows.filter((t) => t.date === date));
        return { date, incomeUsdCents, expenseUsdCents };
      });
      const actual = await totalsByDate(db, userId, range);
      expect(actual, JSON.stringify({ userId, range })).toEqual(expected);
      const totals = totalsOf(rows);
      expect(actual.reduce((s, d) => s + d.incomeUsdCents, 0)).toBe(totals.incomeUsdCents);
      expect(actual.reduce((s, d) => s + d.expenseUsdCents, 0)).toBe(totals.expenseUsdCents);
    }
  }
});

test("the dashboard's month totals, per-currency figures and latest transactions equal the stored rows' sums", async () => {
  const periods: { current: DateRange; previous: DateRange }[] = [
    { current: { startDate: "2026-11-01", endDate: "2026-11-30" }, previous: { startDate: "2026-10-01", endDate: "2026-10-31" } },
    { current: { startDate: "2026-12-01", endDate: "2026-12-31" }, previous: { startDate: "2026-11-01", endDate: "2026-11-30" } },
    // Any two ranges, even adjacent parts of one month.
    { current: { startDate: "2026-11-05", endDate: "2026-11-12" }, previous: { startDate: "2026-11-01", endDate: "2026-11-04" } },
  ];
  for (const userId of [alice, bob]) {
    for (const { current, previous } of periods) {
      const money = await dashboardMoney(db, userId, { current, previous });
      const inCurrent = of(userId).filter((t) => matches(t, current));
      const { count: _current, ...currentTotals } = totalsOf(inCurrent);
      const { count: _previous, ...previousTotals } = totalsOf(of(userId).filter((t) => matches(t, previous)));
      const latest = [...of(userId)]
        .sort((a, b) => (a.date !== b.date ? (a.date > b.date ? -1 : 1) : a.createdAt.getTime() !== b.createdAt.getTime() ? b.createdAt.getTime() - a.createdAt.getTime() : a.id > b.id ? -1 : 1))
        .slice(0, 5);
      expect(
        {
          current: money.current,
          previous: money.previous,
          byCurrency: money.byCurrency,
          recent: money.recent.map((t) => ({ id: t.id, usdCents: t.usdCents, payments: t.payments })),
        },
        JSON.stringify({ userId, current, previous }),
      ).toEqual({
        current: currentTotals,
        previous: previousTotals,
        byCurrency: currencyTotalsOf(inCurrent),
        recent: latest.map((t) => ({
          id: t.id,
          usdCents: t.usdCents,
          payments: t.payments.map((p) => ({ currencyCode: p.currencyCode, amountMinor: p.amountMinor, usdCents: p.usdCents })),
        })),
      });
    }
  }
});
