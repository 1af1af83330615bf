import { sql } from "drizzle-orm";
import { beforeAll, expect, test } from "vitest";
import { createLibsqlTestDb } from "../../../../tests/setup/libsql-db";
import { insertTransaction } from "~/features/transactions/commands.server";
import type { ResolvedPayment } from "~/features/transactions/model/resolve";
import { listCurrencies } from "~/features/rates/queries.server";
import { toUsdCents } from "~/money/rates";
import type { Db } from "~/platform/db/client.server";
import { payments, tags, transactions, users } from "~/platform/db/schema";
import { csvExport } from "./export.server";
import { GROUPINGS, readRange, type Grouping, type ReportPeriod } from "../model/period";
import { reportData } from "./report.server";
import { parseCsv } from "../../../../tests/setup/parse-csv";
import { addDays } from "~/calendar/days";
import { seededRandom } from "../../../../tests/setup/seeded-random";

// Issue 13, "Money": a few thousand random transactions in several currencies, single and
// multi-payment, for two users, written through the transactions feature's write path; then
// every figure of a report (tiles, per-currency breakdown, expense categories, the trend in
// each grouping) and the CSV's usd_amount and original_amount columns must equal, to the cent,
// sums computed here from the rows read back. Sums here are BigInt; buckets are computed here
// with their own date arithmetic, not model/period.ts's.

const SEED = 0x1313_2026;
const TRANSACTIONS = 2400;
const alice = "user-property-alice";
const bob = "user-property-bob";
const EXPENSE_CATEGORIES = ["default-food", "default-housing", "default-transport", "default-health", "default-travel"];
const INCOME_CATEGORIES = ["default-salary", "default-freelance"];
const RATES: Record<string, string[]> = { USD: ["1"], EUR: ["0.8612", "0.9", "0.85"], JPY: ["152.84", "150", "40"], COP: ["3871.25", "4000"], MXN: ["18.4215", "2"], VES: ["231.0475"] };

let db: Db;
const decimalsOf = new Map<string, number>();
type Stored = typeof transactions.$inferSelect & { payments: (typeof payments.$inferSelect)[] };
let stored: Stored[];

const { random, int, pick } = seededRandom(SEED);

/** A day from 2025-12-01 to 2026-03-31 (121 days), so periods cross months, ISO weeks and a year. */
const randomDay = () => addDays("2025-12-01", int(121));

beforeAll(async () => {
  db = await createLibsqlTestDb();
  // A throwaway file: no fsync per write, so a few thousand inserts take seconds.
  await db.run(sql`pragma synchronous = off`);
  for (const id of [alice, bob]) await db.insert(users).values({ id, email: `${id}@example.com`, firstName: id, lastName: "Test", passwordHash: "x" });
  for (const c of await listCurrencies(db, { activeOnly: false })) decimalsOf.set(c.code, c.decimalPlaces);
  await db.insert(tags).values([{ id: "tag-1", userId: alice, name: "Trip", nameKey: "trip" }, { id: "tag-2", userId: alice, name: "Work, \"Q1\"", nameKey: "work, \"q1\"" }]);
  for (let i = 0; i < TRANSACTIONS; i++) {
    const userId = random() < 0.8 ? alice : bob;
    const type = random() < 0.3 ? "INCOME" : "EXPENSE";
    const count = random() < 0.7 ? 1 : 2 + int(3);
    const drawn: ResolvedPayment[] = [];
    for (let position = 0; position < count; position++) {
      const currencyCode = pick(Object.keys(RATES));
      const rate = pick(RATES[currencyCode]!);
      const decimals = decimalsOf.get(currencyCode)!;
      const amountMinor = 1 + int(pick([10, 1_000, 100_000, 10_000_000, 1_000_000_000]));
      drawn.push({ position, currencyCode, amountMinor, method: "cash", rate, rateDate: "2025-12-01", rateSource: rate === RATES[currencyCode]![0] ? "snapshot" : "manual", usdCents: toUsdCents(amountMinor, decimals, rate) });
    }
    await insertTransaction(
      db,
      userId,
      {
        type,
        description: pick(["Market", "=SUM(A1:A9)", "Rent, March", 'Say "hi"', "Café\nNuñez", "-3 refund"]) + ` ${i}`,
        date: randomDay(),
        categoryId: pick(type === "INCOME" ? INCOME_CATEGORIES : EXPENSE_CATEGORIES),
        tagIds: userId === alice && random() < 0.2 ? ["tag-1", "tag-2"].slice(0, 1 + int(2)) : [],
        payments: drawn,
        usdCents: drawn.reduce((s, p) => s + p.usdCents, 0),
      },
      { ip: null },
    );
  }
  const paymentRows = await db.select().from(payments);
  stored = (await db.select().from(transactions)).map((t) => ({ ...t, payments: paymentRows.filter((p) => p.transactionId === t.id) }));
  expect(stored.filter((t) => t.payments.length > 1).length).toBeGreaterThan(300);
}, 120_000);

function rangeOf(from: string, to: string): ReportPeriod {
  const read = readRange(from, to, "2026-11-27");
  if (!read.ok) throw new Error(read.error);
  return read.period;
}

const PERIODS = [
  rangeOf("2026-01-01", "2026-01-31"),
  rangeOf("2025-12-01", "2026-03-31"),
  rangeOf("2025-12-29", "2026-01-04"),
  rangeOf("2026-02-10", "2026-02-10"),
  rangeOf("2025-11-15", "2026-02-14"),
  rangeOf("2024-01-01", "2024-12-31"),
];

const inPeriod = (userId: string, p: ReportPeriod) => stored.filter((t) => t.userId === userId && t.date >= p.startDate && t.date <= p.endDate);
const n = (value: bigint) => Number(value);

/** The bucket of a day, computed here: the day, its ISO week's Monday, or its month's first day. */
function bucket(day: string, grouping: Grouping): string {
  if (grouping === "daily") return day;
  if (grouping === "monthly") return `${day.slice(0, 7)}-01`;
  const date = new Date(`${day}T00:00:00Z`);
  const weekday = date.getUTCDay() === 0 ? 7 : date.getUTCDay();
  date.setUTCDate(date.getUTCDate() - (weekday - 1));
  return date.toISOString().slice(0, 10);
}

test("tiles, per-currency breakdown, expense categories and every grouping of the trend equal the stored rows' sums", async () => {
  for (const userId of [alice, bob]) {
    for (const period of PERIODS) {
      const rows = inPeriod(userId, period);
      for (const grouping of GROUPINGS) {
        const data = await reportData(db, userId, period, grouping);
        const what = `${userId} ${period.startDate}..${period.endDate} ${grouping}`;
        let income = 0n;
        let expense = 0n;
        for (const t of rows) (t.type === "INCOME" ? (income += BigInt(t.usdCents)) : (expense += BigInt(t.usdCents)));
        expect({ i: data.incomeUsdCents, e: data.expenseUsdCents, net: data.netUsdCents, count: data.transactionCount }, what).toEqual({
          i: n(income), e: n(expense), net: n(income - expense), count: rows.length,
        });

        const perCurrency = new Map<string, bigint[]>();
        for (const t of rows) {
          for (const p of t.payments) {
            const sums = perCurrency.get(p.currencyCode) ?? [0n, 0n, 0n, 0n];
            const offset = t.type === "INCOME" ? 0 : 1;
            sums[offset] = sums[offset]! + BigInt(p.amountMinor);
            sums[offset + 2] = sums[offset + 2]! + BigInt(p.usdCents);
            perCurrency.set(p.currencyCode, sums);
          }
        }
        expect(data.currencies, what).toEqual(
          [...perCurrency].sort(([a], [b]) => (a < b ? -1 : 1)).map(([currencyCode, s]) => ({
            currencyCode, incomeMinor: n(s[0]!), expenseMinor: n(s[1]!), incomeUsdCents: n(s[2]!), expenseUsdCents: n(s[3]!),
          })),
        );
        // The breakdown's USD adds up to the tiles: a transaction's USD is the sum of its payments'.
        expect(data.currencies.reduce((s, c) => s + c.expenseUsdCents, 0), what).toBe(data.expenseUsdCents);

        const perCategory = new Map<string, bigint>();
        for (const t of rows) if (t.type === "EXPENSE") perCategory.set(t.categoryId!, (perCategory.get(t.categoryId!) ?? 0n) + BigInt(t.usdCents));
        expect(
          data.categories.map((c) => [c.categoryId, c.usdCents]),
          what,
        ).toEqual([...perCategory].sort((a, b) => (a[1] === b[1] ? (a[0] < b[0] ? -1 : 1) : a[1] > b[1] ? -1 : 1)).map(([id, cents]) => [id, n(cents)]));
        if (data.categories.length) expect(data.categories.reduce((s, c) => s + c.shareTenths, 0), what).toBe(1000);
        for (const c of data.categories) {
          // Each share is its exact value rounded down or up, never further.
          const exact = (BigInt(c.usdCents) * 1000n) / expense;
          expect([n(exact), n(exact) + 1], what).toContain(c.shareTenths);
        }

        const perBucket = new Map<string, bigint[]>();
        for (const t of rows) {
          const sums = perBucket.get(bucket(t.date, grouping)) ?? [0n, 0n];
          sums[t.type === "INCOME" ? 0 : 1]! += BigInt(t.usdCents);
          perBucket.set(bucket(t.date, grouping), sums);
        }
        let balance = 0n;
        expect(data.trend[0]!.date, what).toBe(bucket(period.startDate, grouping));
        expect(data.trend.at(-1)!.date, what).toBe(bucket(period.endDate, grouping));
        for (const point of data.trend) {
          const [i, e] = perBucket.get(point.date) ?? [0n, 0n];
          balance += i! - e!;
          expect(point, `${what} ${point.date}`).toEqual({ date: point.date, incomeUsdCents: n(i!), expenseUsdCents: n(e!), balanceUsdCents: n(balance) });
          perBucket.delete(point.date);
        }
        expect([...perBucket.keys()], `${what}: every bucket with rows is in the trend`).toEqual([]);
      }
    }
  }
});


/** A plain decimal at `decimals` places → minor units, exactly. */
function minor(decimal: string, decimals: number): bigint {
  const negative = decimal.startsWith("-");
  const [whole, fraction = ""] = decimal.replace("-", "").split(".");
  expect(fraction.length).toBe(decimals);
  const value = BigInt(`${whole}${fraction}`);
  return negative ? -value : value;
}

test("the CSV has one row per stored payment; its usd_amount column sums to the net and its original_amount to each currency's net", async () => {
  for (const period of PERIODS.slice(0, 3)) {
    const response = await csvExport(db, alice, period, { includeCategories: true, includeCurrencyConversion: true }, 97);
    const [header, ...rows] = parseCsv((await response.text()).replace(/^\uFEFF/, ""));
    const col = (name: string) => header!.indexOf(name);
    const expected = inPeriod(alice, period);
    expect(rows).toHaveLength(expected.reduce((s, t) => s + t.payments.length, 0));
    expect(new Set(rows.map((r) => r[col("transaction_id")])).size).toBe(expected.length);
    const data = await reportData(db, alice, period, "daily");
    expect(n(rows.reduce((s, r) => s + minor(r[col("usd_amount")]!, 2), 0n))).toBe(data.netUsdCents);
    for (const c of data.currencies) {
      const mine = rows.filter((r) => r[col("currency")] === c.currencyCode);
      expect(n(mine.reduce((s, r) => s + minor(r[col("original_amount")]!, decimalsOf.get(c.currencyCode)!), 0n))).toBe(c.incomeMinor - c.expenseMinor);
    }
    // The keyset walk reads in (date, id) order and never repeats a transaction.
    const keys = rows.map((r) => `${r[col("date")]} ${r[col("transaction_id")]}`);
    expect(keys).toEqual([...keys].sort());
  }
});
