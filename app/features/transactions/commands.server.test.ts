import { seededRandom } from "../../../tests/setup/seeded-random";
import { eq, sql } from "drizzle-orm";
import { beforeAll, expect, test } from "vitest";
import { createLibsqlTestDb } from "../../../tests/setup/libsql-db";
import { toUsdCents } from "~/money/rates";
import { transactionInputSchema } from "~/features/transactions/schemas/transaction";
import type { Db } from "~/platform/db/client.server";
import { payments, tags, transactions, users } from "~/platform/db/schema";
import { getTransaction, listTransactions, loadAndResolveTransaction } from "./queries.server";
import { insertTransaction, removeTransaction, replaceTransaction } from "./commands.server";

// The query layer on real libSQL in Node (the production driver family).

let db: Db;
const alice = "user-alice";
const bob = "user-bob";

beforeAll(async () => {
  db = await createLibsqlTestDb();
  for (const id of [alice, bob]) {
    await db.insert(users).values({ id, email: `${id}@example.com`, firstName: id, lastName: "Test", passwordHash: "x" });
  }
  await db.insert(tags).values([
    { id: "tag-trip", userId: alice, name: "Trip", nameKey: "trip" },
    { id: "tag-work", userId: alice, name: "Work", nameKey: "work" },
    { id: "tag-bob", userId: bob, name: "Bob's", nameKey: "bob's" },
  ]);
});

async function resolve(userId: string, raw: Record<string, unknown>) {
  const input = transactionInputSchema.parse({
    type: "EXPENSE",
    description: "Groceries",
    date: "2026-11-10",
    categoryId: "default-food",
    ...raw,
  });
  return loadAndResolveTransaction(db, userId, input);
}

async function add(userId: string, raw: Record<string, unknown>) {
  const resolved = await resolve(userId, raw);
  if (!resolved.ok) throw new Error(JSON.stringify(resolved.issues));
  return insertTransaction(db, userId, resolved.value, { ip: null });
}

test("a three-payment expense stores each payment's exact USD cents and their sum", async () => {
  const id = await add(alice, {
    description: "Market run",
    multi: true,
    tagIds: ["tag-trip"],
    payments: [
      { currencyCode: "USD", amount: "10.00", method: "cash" },
      { currencyCode: "VES", amount: "2310.48", method: "Digital Wallet" },
      { currencyCode: "COP", amount: "38712.50", method: "credit-card", rate: "3871.25" },
    ],
  });
  const stored = await getTransaction(db, alice, id);
  expect(stored).toMatchObject({ description: "Market run", type: "EXPENSE", tagIds: ["tag-trip"], usdCents: 1000 + 1000 + 1000 });
  expect(stored!.payments).toEqual([
    { currencyCode: "USD", amountMinor: 1000, method: "cash", rate: "1", rateDate: "2026-11-10", rateSource: "fixed", usdCents: 1000 },
    expect.objectContaining({ currencyCode: "VES", amountMinor: 231048, method: "digital_wallet", rate: "231.0475", rateSource: "snapshot", rateDate: "2026-11-01" }),
    expect.objectContaining({ currencyCode: "COP", amountMinor: 3871250, method: "credit_card", rate: "3871.25", rateSource: "snapshot" }),
  ]);
}, 20_000);

test("VES has 2 decimals, so 2310.475 VES is refused rather than rounded", async () => {
  const resolved = await resolve(alice, { payments: [{ currencyCode: "VES", amount: "2310.475", method: "cash" }] });
  expect(resolved).toEqual({ ok: false, issues: [{ path: ["payments", 0, "amount"], message: "validation.amountTooManyDecimals" }] });
});

test("a typed rate different from the one on file is stored as manual, with the transaction's date", async () => {
  const id = await add(alice, { payments: [{ currencyCode: "EUR", amount: "50", method: "cash", rate: "0.9" }] });
  const [payment] = (await getTransaction(db, alice, id))!.payments;
  expect(payment).toMatchObject({ rate: "0.9", rateSource: "manual", rateDate: "2026-11-10", usdCents: 5556 });
});

test("a date before any known rate asks for one instead of assuming 1", async () => {
  const resolved = await resolve(alice, { date: "2020-01-01", payments: [{ currencyCode: "MXN", amount: "100", method: "cash" }] });
  expect(resolved).toEqual({ ok: false, issues: [{ path: ["payments", 0, "rate"], message: "validation.rateUnknown" }] });
});

test("another user's tag, an unknown category and a category of the other type are refused", async () => {
  expect(await resolve(alice, { tagIds: ["tag-bob"], payments: [{ currencyCode: "USD", amount: "1", method: "cash" }] })).toMatchObject({
    ok: false,
    issues: [{ path: ["tagIds"], message: "validation.tagInvalid" }],
  });
  expect(await resolve(alice, { categoryId: "nope", payments: [{ currencyCode: "USD", amount: "1", method: "cash" }] })).toMatchObject({
    ok: false,
    issues: [{ path: ["categoryId"], message: "validation.categoryInvalid" }],
  });
  expect(await resolve(alice, { categoryId: "default-salary", payments: [{ currencyCode: "USD", amount: "1", method: "cash" }] })).toMatchObject({
    ok: false,
    issues: [{ path: ["categoryId"], message: "validation.categoryTypeMismatch" }],
  });
});

test("update replaces payments and tags; delete removes the transaction with its children; both only for the owner", async () => {
  const id = await add(alice, { tagIds: ["tag-trip", "tag-work"], payments: [{ currencyCode: "USD", amount: "20", method: "cash" }] });
  const change = await resolve(alice, { description: "Edited", tagIds: ["tag-work"], payments: [{ currencyCode: "JPY", amount: "1000", method: "cash", rate: "152.84" }] });
  if (!change.ok) throw new Error("resolve failed");
  expect(await replaceTransaction(db, bob, id, change.value, { ip: null })).toBe(false);
  expect(await replaceTransaction(db, alice, id, change.value, { ip: null })).toBe(true);
  expect(await getTransaction(db, alice, id)).toMatchObject({ description: "Edited", tagIds: ["tag-work"], usdCents: 654, payments: [{ currencyCode: "JPY", amountMinor: 1000 }] });
  expect(await getTransaction(db, bob, id)).toBeUndefined();
  expect(await removeTransaction(db, bob, id, { ip: null })).toBe(false);
  expect(await removeTransaction(db, alice, id, { ip: null })).toBe(true);
  expect(await getTransaction(db, alice, id)).toBeUndefined();
  const orphans = await db.select().from(payments).where(eq(payments.transactionId, id));
  expect(orphans).toEqual([]);
});

test("over thousands of random transactions, the SQL totals equal the sum of the stored USD cents exactly", async () => {
  const userId = "user-property";
  await db.insert(users).values({ id: userId, email: "property@example.com", firstName: "P", lastName: "T", passwordHash: "x" });
  // A seeded generator: the same "random" data on every run, so a failure can be replayed.
  const { random } = seededRandom(20261123);
  const currencies: [string, number, string][] = [
    ["USD", 2, "1"],
    ["EUR", 2, "0.8612"],
    ["VES", 2, "231.0475"],
    ["COP", 2, "3871.25"],
    ["JPY", 0, "152.84"],
    ["MXN", 2, "18.4215"],
  ];
  const rows: (typeof transactions.$inferInsert)[] = [];
  const paymentRows: (typeof payments.$inferInsert)[] = [];
  let expectedIncome = 0;
  let expectedExpense = 0;
  for (let i = 0; i < 3000; i++) {
    const id = `prop-${i}`;
    const type = random() < 0.3 ? "INCOME" : "EXPENSE";
    let total = 0;
    const count = 1 + Math.floor(random() * 3);
    for (let p = 0; p < count; p++) {
      const [code, decimals, rate] = currencies[Math.floor(random() * currencies.length)]!;
      const amountMinor = 1 + Math.floor(random() * 10 ** (decimals + 7));
      const usdCents = toUsdCents(amountMinor, decimals, rate);
      total += usdCents;
      paymentRows.push({ transactionId: id, userId, position: p, currencyCode: code, amountMinor, method: "cash", rate, rateDate: "2026-11-01", rateSource: "snapshot", usdCents });
    }
    if (type === "INCOME") expectedIncome += total;
    else expectedExpense += total;
    rows.push({ id, userId, type, description: `Row ${i}`, date: `2026-${String(1 + (i % 11)).padStart(2, "0")}-15`, categoryId: type === "INCOME" ? "default-salary" : "default-food", usdCents: total });
  }
  for (let i = 0; i < rows.length; i += 200) await db.insert(transactions).values(rows.slice(i, i + 200));
  for (let i = 0; i < paymentRows.length; i += 200) await db.insert(payments).values(paymentRows.slice(i, i + 200));

  const page = await listTransactions(db, userId, {}, { by: "date", order: "desc" }, { page: 1, limit: 10 });
  expect(page.total).toBe(3000);
  expect(page.totals).toEqual({ incomeUsdCents: expectedIncome, expenseUsdCents: expectedExpense, netUsdCents: expectedIncome - expectedExpense });
  // The transactions' totals are the sums of their payments, to the cent.
  const [check] = await db
    .select({ payments: sql<number>`(select sum(usd_cents) from payments where user_id = ${userId})`, transactions: sql<number>`sum(${transactions.usdCents})` })
    .from(transactions)
    .where(eq(transactions.userId, userId));
  expect(Number(check!.payments)).toBe(expectedIncome + expectedExpense);
  expect(Number(check!.transactions)).toBe(expectedIncome + expectedExpense);
  // A filter narrows the totals the same way.
  const march = await listTransactions(db, userId, { startDate: "2026-03-01", endDate: "2026-03-31", type: "EXPENSE" }, { by: "amount", order: "asc" }, { page: 2, limit: 10 });
  const marchRows = rows.filter((r) => r.date.startsWith("2026-03") && r.type === "EXPENSE");
  expect(march.total).toBe(marchRows.length);
  expect(march.totals.expenseUsdCents).toBe(marchRows.reduce((sum, r) => sum + r.usdCents, 0));
  expect(march.totals.incomeUsdCents).toBe(0);
  const sortedAmounts = marchRows.map((r) => r.usdCents).sort((a, b) => a - b);
  expect(march.transactions.map((t) => t.usdCents)).toEqual(sortedAmounts.slice(10, 20));
}, 60_000);

test("search, currency and tag filters narrow the list, and another user's rows never appear", async () => {
  await add(alice, { description: "Coffee 100% arabica", payments: [{ currencyCode: "MXN", amount: "55", method: "cash" }], tagIds: ["tag-work"] });
  await add(bob, { description: "Coffee for Bob", payments: [{ currencyCode: "MXN", amount: "55", method: "cash" }] });
  const sort = { by: "date", order: "desc" } as const;
  const paging = { page: 1, limit: 50 };
  const coffee = await listTransactions(db, alice, { search: "COFFEE" }, sort, paging);
  expect(coffee.transactions.map((t) => t.description)).toEqual(["Coffee 100% arabica"]);
  // % is literal, not a wildcard.
  expect((await listTransactions(db, alice, { search: "0%" }, sort, paging)).total).toBe(1);
  expect((await listTransactions(db, alice, { search: "e%a" }, sort, paging)).total).toBe(0);
  expect((await listTransactions(db, alice, { currencyCode: "MXN" }, sort, paging)).total).toBe(1);
  expect((await listTransactions(db, alice, { tagIds: ["tag-work"] }, sort, paging)).transactions.map((t) => t.description)).toContain("Coffee 100% arabica");
  expect((await listTransactions(db, alice, { tagIds: ["tag-work", "tag-trip"] }, sort, paging)).transactions.map((t) => t.description)).not.toContain("Coffee 100% arabica");
});
