import { sql } from "drizzle-orm";
import { beforeAll, expect, test } from "vitest";
import { createLibsqlTestDb, storedPayment as storedPaymentIn } from "../../../tests/setup/libsql-db";
import { MAX_USD_CENTS, MAX_USER_TOTAL_MINOR } from "~/money/amounts";
import { transactionInputSchema } from "~/features/transactions/schemas/transaction";
import type { Db } from "~/platform/db/client.server";
import { UserTotalLimitError } from "~/platform/db/errors.server";
import { users } from "~/platform/db/schema";
import { listTransactions, loadAndResolveTransaction } from "./queries.server";
import type { ResolvedTransaction } from "./model/resolve";
import { insertTransaction, removeTransaction, replaceTransaction } from "./commands.server";

// Decision 011 on real libSQL: the running totals the triggers of migration 0004 keep, and the
// per-user limit their CHECKs enforce on the transaction writes.

let db: Db;
let userCounter = 0;

beforeAll(async () => {
  db = await createLibsqlTestDb();
});

async function newUser() {
  const id = `user-${++userCounter}`;
  await db.insert(users).values({ id, email: `${id}@example.com`, firstName: id, lastName: "Test", passwordHash: "x" });
  return id;
}

async function resolved(userId: string, raw: Record<string, unknown>): Promise<ResolvedTransaction> {
  const input = transactionInputSchema.parse({ type: "EXPENSE", description: "Groceries", date: "2026-11-10", categoryId: "default-food", ...raw });
  const resolution = await loadAndResolveTransaction(db, userId, input);
  if (!resolution.ok) throw new Error(JSON.stringify(resolution.issues));
  return resolution.value;
}

const storedPayment = (userId: string, currencyCode: string, amountMinor: number, usdCents: number) => storedPaymentIn(db, userId, currencyCode, amountMinor, usdCents);

const usd = (amount: string) => ({ payments: [{ currencyCode: "USD", amount, method: "cash" }] });

/** The kept totals next to fresh sums over the payments, as exact decimal text. */
async function keptAndSummed(userId: string) {
  const [kept] = await db.all<{ usd: string | null }>(sql`select cast(usd_cents as text) as usd from payment_totals where user_id = ${userId}`);
  const [summed] = await db.all<{ usd: string | null }>(sql`select cast(sum(usd_cents) as text) as usd from payments where user_id = ${userId}`);
  const keptByCurrency = await db.all<{ code: string; amount: string }>(
    sql`select currency_code as code, cast(amount_minor as text) as amount from payment_currency_totals where user_id = ${userId} and amount_minor <> 0 order by code`,
  );
  const summedByCurrency = await db.all<{ code: string; amount: string }>(
    sql`select currency_code as code, cast(sum(amount_minor) as text) as amount from payments where user_id = ${userId} group by currency_code order by code`,
  );
  return { kept: { usd: kept?.usd ?? "0", byCurrency: keptByCurrency }, summed: { usd: summed?.usd ?? "0", byCurrency: summedByCurrency } };
}

async function rowCounts(userId: string) {
  const [counts] = await db.all<{ transactions: number; payments: number; activity: number }>(sql`select
    (select count(*) from transactions where user_id = ${userId}) as transactions,
    (select count(*) from payments where user_id = ${userId}) as payments,
    (select count(*) from activity_log where user_id = ${userId}) as activity`);
  return counts;
}

test("after creates, updates and deletes in several currencies, the kept totals equal fresh sums over the payments", async () => {
  const alice = await newUser();
  const bob = await newUser();
  const multi = (...payments: [string, string][]) => ({
    multi: true,
    payments: payments.map(([currencyCode, amount]) => ({ currencyCode, amount, method: "cash" })),
  });
  const first = await insertTransaction(db, alice, await resolved(alice, multi(["USD", "10.00"], ["EUR", "8.61"], ["JPY", "1500"])), { ip: null });
  const second = await insertTransaction(db, alice, await resolved(alice, multi(["VES", "2310.48"], ["EUR", "100"])), { ip: null });
  const third = await insertTransaction(db, alice, await resolved(alice, usd("999999999999.99")), { ip: null });
  await insertTransaction(db, bob, await resolved(bob, usd("5.00")), { ip: null });
  await replaceTransaction(db, alice, first, await resolved(alice, multi(["COP", "38712.50"], ["EUR", "1"])), { ip: null });
  await replaceTransaction(db, alice, second, await resolved(alice, { type: "INCOME", categoryId: "default-salary", ...usd("0.01") }), { ip: null });
  await removeTransaction(db, alice, third, { ip: null });
  // Another user's id changes nothing, for either of them.
  expect(await removeTransaction(db, bob, first, { ip: null })).toBe(false);

  for (const userId of [alice, bob]) {
    const { kept, summed } = await keptAndSummed(userId);
    expect(kept).toEqual(summed);
  }
  expect((await keptAndSummed(alice)).kept).toMatchObject({ usd: String(1000 + 116 + 1), byCurrency: [
    { code: "COP", amount: "3871250" },
    { code: "EUR", amount: "100" },
    { code: "USD", amount: "1" },
  ] });
}, 20_000);

test("a payment updated in place (the app never does) moves its amount between the kept totals", async () => {
  const carol = await newUser();
  await storedPayment(carol, "EUR", 5000, 5806);
  await db.run(sql`update payments set currency_code = 'GBP', amount_minor = 4000, usd_cents = 5265 where user_id = ${carol}`);
  const { kept, summed } = await keptAndSummed(carol);
  expect(kept).toEqual(summed);
  expect(kept).toEqual({ usd: "5265", byCurrency: [{ code: "GBP", amount: "4000" }] });
});

test("a user may reach the USD limit exactly, and the write that would pass it is refused with nothing written", async () => {
  const dave = await newUser();
  await storedPayment(dave, "USD", MAX_USER_TOTAL_MINOR - 100, MAX_USER_TOTAL_MINOR - 100);
  const before = await rowCounts(dave);

  const refused = insertTransaction(db, dave, await resolved(dave, usd("1.01")), { ip: null });
  await expect(refused).rejects.toBeInstanceOf(UserTotalLimitError);
  await expect(refused).rejects.toMatchObject({ limit: "usd" });
  expect(await rowCounts(dave)).toEqual(before);
  expect((await keptAndSummed(dave)).kept.usd).toBe(String(MAX_USER_TOTAL_MINOR - 100));

  const id = await insertTransaction(db, dave, await resolved(dave, usd("1.00")), { ip: null });
  expect((await keptAndSummed(dave)).kept.usd).toBe(String(MAX_USER_TOTAL_MINOR));

  // At the limit, an edit that keeps the total passes: the old payments leave before the new arrive.
  expect(await replaceTransaction(db, dave, id, await resolved(dave, { description: "Renamed", ...usd("1.00") }), { ip: null })).toBe(true);
  expect(await replaceTransaction(db, dave, id, await resolved(dave, usd("0.50")), { ip: null })).toBe(true);
  const updateBefore = await rowCounts(dave);
  await expect(replaceTransaction(db, dave, id, await resolved(dave, usd("1.01")), { ip: null })).rejects.toMatchObject({ limit: "usd" });
  expect(await rowCounts(dave)).toEqual(updateBefore);
  const { kept, summed } = await keptAndSummed(dave);
  expect(kept).toEqual(summed);
  expect(kept.usd).toBe(String(MAX_USER_TOTAL_MINOR - 50));

  // Deleting brings the room back.
  expect(await removeTransaction(db, dave, id, { ip: null })).toBe(true);
  await insertTransaction(db, dave, await resolved(dave, usd("1.00")), { ip: null });
  expect((await keptAndSummed(dave)).kept.usd).toBe(String(MAX_USER_TOTAL_MINOR));
}, 20_000);

test("each currency's total has the same limit in its own minor units, and users do not share it", async () => {
  const erin = await newUser();
  const frank = await newUser();
  await storedPayment(erin, "JPY", MAX_USER_TOTAL_MINOR - 9, 1);
  const jpy = (amount: string) => ({ payments: [{ currencyCode: "JPY", amount, method: "cash", rate: "152.84" }] });
  await expect(insertTransaction(db, erin, await resolved(erin, jpy("10")), { ip: null })).rejects.toMatchObject({ limit: "currency" });
  await insertTransaction(db, erin, await resolved(erin, jpy("9")), { ip: null });
  // Other currencies, and other users' yen, have their own room.
  await insertTransaction(db, erin, await resolved(erin, usd("999999999999.99")), { ip: null });
  await insertTransaction(db, frank, await resolved(frank, jpy("999999999999")), { ip: null });
  const { kept, summed } = await keptAndSummed(erin);
  expect(kept).toEqual(summed);
  expect(kept.byCurrency).toEqual([
    { code: "JPY", amount: String(MAX_USER_TOTAL_MINOR) },
    { code: "USD", amount: String(MAX_USD_CENTS) },
  ]);
}, 20_000);

/** The list's kept counts and totals (migration 0014) next to a fresh count and sum over the user's transactions. */
async function keptAndCountedList(userId: string) {
  const [kept] = await db.all<Record<string, string>>(sql`select cast(income_count as text) as incomeCount, cast(expense_count as text) as expenseCount,
    cast(income_usd_cents as text) as incomeUsd, cast(expense_usd_cents as text) as expenseUsd from transaction_totals where user_id = ${userId}`);
  const [counted] = await db.all<Record<string, string>>(sql`select cast(coalesce(sum(type = 'INCOME'), 0) as text) as incomeCount, cast(coalesce(sum(type = 'EXPENSE'), 0) as text) as expenseCount,
    cast(coalesce(sum(case when type = 'INCOME' then usd_cents else 0 end), 0) as text) as incomeUsd, cast(coalesce(sum(case when type = 'EXPENSE' then usd_cents else 0 end), 0) as text) as expenseUsd
    from transactions where user_id = ${userId}`);
  return { kept, counted };
}

test("the list's kept counts and totals follow creates, an edit from expense to income, deletes and another user's writes, and the list shows them", async () => {
  const frank = await newUser();
  const grace = await newUser();
  const lunch = await insertTransaction(db, frank, await resolved(frank, usd("12.34")), { ip: null });
  const refund = await insertTransaction(db, frank, await resolved(frank, usd("5.00")), { ip: null });
  await insertTransaction(db, frank, await resolved(frank, { type: "INCOME", categoryId: "default-salary", ...usd("2500.00") }), { ip: null });
  await insertTransaction(db, grace, await resolved(grace, usd("7.00")), { ip: null });
  await replaceTransaction(db, frank, refund, await resolved(frank, { type: "INCOME", categoryId: "default-salary", ...usd("5.01") }), { ip: null });
  await removeTransaction(db, frank, lunch, { ip: null });

  const { kept, counted } = await keptAndCountedList(frank);
  expect(kept).toEqual(counted);
  expect(kept).toEqual({ incomeCount: "2", expenseCount: "0", incomeUsd: "250501", expenseUsd: "0" });
  expect((await keptAndCountedList(grace)).kept).toEqual({ incomeCount: "0", expenseCount: "1", incomeUsd: "0", expenseUsd: "700" });

  // What the list shows: all rows and one type from the kept totals, a narrower filter from the rows, alike.
  const sort = { by: "date", order: "desc" } as const;
  const first = { page: 1, limit: 1 };
  const all = await listTransactions(db, frank, {}, sort, first);
  expect({ total: all.total, totals: all.totals }).toEqual({ total: 2, totals: { incomeUsdCents: 250_501, expenseUsdCents: 0, netUsdCents: 250_501 } });
  expect(await listTransactions(db, frank, { startDate: "1900-01-01" }, sort, first)).toMatchObject({ total: 2, totals: all.totals });
  expect((await listTransactions(db, frank, { type: "EXPENSE" }, sort, first)).totals).toEqual({ incomeUsdCents: 0, expenseUsdCents: 0, netUsdCents: 0 });
  expect(await listTransactions(db, grace, { type: "EXPENSE" }, sort, first)).toMatchObject({ total: 1, totals: { incomeUsdCents: 0, expenseUsdCents: 700, netUsdCents: -700 } });
  expect(await listTransactions(db, grace, { type: "INCOME", search: "" }, sort, first)).toMatchObject({ total: 0, totals: { incomeUsdCents: 0, expenseUsdCents: 0, netUsdCents: 0 } });

  // The account's deletion takes its kept totals with it.
  await db.run(sql`delete from users where id = ${frank}`);
  expect((await keptAndCountedList(frank)).kept).toBeUndefined();
});
