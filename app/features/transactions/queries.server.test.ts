import { eq } from "drizzle-orm";
import { beforeAll, expect, test } from "vitest";
import { createLibsqlTestDb } from "../../../tests/setup/libsql-db";
import { transactionInputSchema } from "~/features/transactions/schemas/transaction";
import type { Db } from "~/platform/db/client.server";
import { exchangeRates, payments, users } from "~/platform/db/schema";
import { getTransaction, loadAndResolveTransaction } from "./queries.server";
import type { Resolution } from "./model/resolve";
import { insertTransaction, replaceTransaction } from "./commands.server";

// The resolver's rate rules on real libSQL: what an edit keeps, what it looks up again, and
// which rates it refuses. The EUR snapshot shipped with the migrations is 0.8612 of 2026-11-01.

let db: Db;
const userId = "user-rates";

beforeAll(async () => {
  db = await createLibsqlTestDb();
  await db.insert(users).values({ id: userId, email: "rates@example.com", firstName: "Rae", lastName: "Tes", passwordHash: "x" });
});

const base = { type: "EXPENSE", description: "Dinner", date: "2026-11-20", categoryId: "default-food" };

function input(raw: Record<string, unknown>) {
  return transactionInputSchema.parse({ ...base, ...raw });
}

function saved(resolution: Resolution) {
  if (!resolution.ok) throw new Error(JSON.stringify(resolution.issues));
  return resolution.value;
}

async function create(raw: Record<string, unknown>) {
  return insertTransaction(db, userId, saved(await loadAndResolveTransaction(db, userId, input(raw))), { ip: null });
}

/** Resolves an edit the way both faces do: the stored date and payments are what it continues. */
async function resolveEdit(id: string, raw: Record<string, unknown>) {
  const record = (await getTransaction(db, userId, id))!;
  return loadAndResolveTransaction(db, userId, input(raw), record);
}

async function edit(id: string, raw: Record<string, unknown>) {
  expect(await replaceTransaction(db, userId, id, saved(await resolveEdit(id, raw)), { ip: null })).toBe(true);
}

/** The stored payment rows, every column but the row id, as the database holds them. */
async function storedPayments(id: string) {
  const rows = await db.select().from(payments).where(eq(payments.transactionId, id));
  return rows.map(({ id: _rowId, ...row }) => row);
}

async function fileRate(code: string, date: string, rate: string, source = "provider") {
  await db.insert(exchangeRates).values({ id: crypto.randomUUID(), currencyCode: code, date, rate, source, fetchedAt: new Date() });
}

const eur = (amount: string, rate?: string) => ({ currencyCode: "EUR", amount, method: "cash", ...(rate === undefined ? {} : { rate }) });

test("moving a transaction to a date before every rate on file asks for a rate, as creating it there does", async () => {
  const id = await create({ payments: [eur("50")] });
  expect((await storedPayments(id))[0]).toMatchObject({ rate: "0.8612", rateDate: "2026-11-01", rateSource: "snapshot" });

  const created = await loadAndResolveTransaction(db, userId, input({ date: "2023-05-05", payments: [eur("50")] }));
  expect(created).toEqual({ ok: false, issues: [{ path: ["payments", 0, "rate"], message: "validation.rateUnknown" }] });
  // The edit form resends the recorded rate; an API client sends none. Neither is a rate the user typed.
  for (const rate of ["0.8612", "0.86120", undefined]) {
    expect(await resolveEdit(id, { date: "2023-05-05", payments: [eur("50", rate)] }), String(rate)).toEqual(created);
  }
});

test("moving a transaction's date looks the provider's rate up again for the new date", async () => {
  await fileRate("GBP", "2025-01-10", "0.8");
  await fileRate("GBP", "2026-11-15", "0.75");
  const id = await create({ payments: [{ currencyCode: "GBP", amount: "100", method: "cash" }] });
  expect((await storedPayments(id))[0]).toMatchObject({ rate: "0.75", rateDate: "2026-11-15", rateSource: "provider", usdCents: 13333 });

  await edit(id, { date: "2025-06-01", payments: [{ currencyCode: "GBP", amount: "100", method: "cash", rate: "0.75" }] });
  expect((await storedPayments(id))[0]).toMatchObject({ rate: "0.8", rateDate: "2025-01-10", rateSource: "provider", usdCents: 12500 });
});

test("a rate the user typed stays theirs when the date moves, dated on the new date", async () => {
  const id = await create({ payments: [eur("90", "0.9")] });
  await edit(id, { date: "2023-05-05", payments: [eur("90", "0.9")] });
  expect((await storedPayments(id))[0]).toMatchObject({ rate: "0.9", rateDate: "2023-05-05", rateSource: "manual", usdCents: 10000 });
});

test("editing only the description keeps every stored conversion field byte for byte, whatever was filed since", async () => {
  const provider = await create({ payments: [eur("50")] });
  const manual = await create({ multi: true, payments: [eur("90", "0.9"), { currencyCode: "USD", amount: "5", method: "cash" }] });
  const before = { provider: await storedPayments(provider), manual: await storedPayments(manual) };

  // Filed later for dates on or before the transaction: a different EUR rate, and exactly the typed one.
  await fileRate("EUR", "2026-11-18", "0.9");
  await fileRate("EUR", "2026-11-19", "0.9", "manual");

  await edit(provider, { description: "Dinner with Ana", payments: [eur("50", "0.8612")] });
  await edit(manual, { description: "Dinner with Ana", multi: true, payments: [eur("90", "0.9"), { currencyCode: "USD", amount: "5", method: "cash" }] });
  expect(await storedPayments(provider)).toEqual(before.provider);
  expect(await storedPayments(manual)).toEqual(before.manual);

  // An API client that sends the payments without rates changes nothing either.
  await edit(provider, { description: "Dinner", payments: [eur("50")] });
  expect(await storedPayments(provider)).toEqual(before.provider);
});

test("an edit keeps a provider rate recorded before a newer one arrived for the same date", async () => {
  await fileRate("MXN", "2026-11-02", "18.1");
  const id = await create({ date: "2026-11-03", payments: [{ currencyCode: "MXN", amount: "181", method: "cash" }] });
  await fileRate("MXN", "2026-11-03", "18.4");
  await edit(id, { date: "2026-11-03", description: "Tacos", payments: [{ currencyCode: "MXN", amount: "362", method: "cash", rate: "18.1" }] });
  expect((await storedPayments(id))[0]).toMatchObject({ amountMinor: 36200, rate: "18.1", rateDate: "2026-11-02", rateSource: "provider", usdCents: 2000 });
});
