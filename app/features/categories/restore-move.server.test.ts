import { and, eq, sql } from "drizzle-orm";
import { beforeEach, expect, test } from "vitest";
import { addRows, addTransactions, categoryRow } from "../../../tests/setup/rows";
import { createLibsqlTestDb } from "../../../tests/setup/libsql-db";
import type { Db } from "~/platform/db/client.server";
import { activityLog, budgets, categories, recurringTransactions, transactions, users } from "~/platform/db/schema";
import { expenseCategories } from "~/features/reports/queries/report.server";
import { moveAndDeleteCategory, restoreCategory } from "./commands.server";

// Undo of a category's move-then-delete (issue 27, decision 035), on real libSQL: the category
// comes back with its transactions, schedules and budgets, to the cent, and only those.

let db: Db;
const alice = { userId: "user-alice", ip: null };
const bob = { userId: "user-bob", ip: null };
const period = { startDate: "2026-10-01", endDate: "2026-11-30", month: null };
let pets: string;
let animals: string;
let other: string;
let petsTx: string[];
let scheduleId: string;

beforeEach(async () => {
  db = await createLibsqlTestDb();
  for (const { userId } of [alice, bob]) {
    await db.insert(users).values({ id: userId, email: `${userId}@example.com`, firstName: userId, lastName: "Test", passwordHash: "x" });
  }
  const rows = [categoryRow(alice.userId, "Pets"), categoryRow(alice.userId, "Animals"), categoryRow(alice.userId, "Vet")];
  await addRows(db, categories, rows);
  [pets, animals, other] = rows.map((row) => row.id!) as [string, string, string];
  petsTx = await addTransactions(db, [
    { userId: alice.userId, categoryId: pets, description: "Food", date: "2026-10-03", usdCents: 1999 },
    {
      userId: alice.userId,
      categoryId: pets,
      description: "Toys",
      date: "2026-11-05",
      payments: [
        { currencyCode: "EUR", amountMinor: 861, usdCents: 1000, rate: "0.861" },
        { currencyCode: "USD", amountMinor: 1, usdCents: 1 },
      ],
    },
    { userId: alice.userId, categoryId: pets, description: "Leash", date: "2026-11-20", usdCents: 4501 },
  ]);
  await addTransactions(db, [{ userId: alice.userId, categoryId: animals, description: "Feed", date: "2026-10-10", usdCents: 7003 }]);
  // October: both have a budget (merged); November: only Pets (moved).
  await addRows(db, budgets, [
    { id: "b-pets-oct", userId: alice.userId, categoryId: pets, amountUsdCents: 30_000, month: "2026-10-01", alertThreshold: 90, createdAt: new Date(1_700_000_000_000), updatedAt: new Date(1_700_000_100_000) },
    { id: "b-animals-oct", userId: alice.userId, categoryId: animals, amountUsdCents: 50_000, month: "2026-10-01", alertThreshold: 75 },
    { id: "b-pets-nov", userId: alice.userId, categoryId: pets, amountUsdCents: 12_345, month: "2026-11-01", alertThreshold: 80 },
  ]);
  scheduleId = crypto.randomUUID();
  await addRows(db, recurringTransactions, [
    { id: scheduleId, userId: alice.userId, type: "EXPENSE", description: "Pet insurance", categoryId: pets, frequency: "monthly", startDate: "2027-01-01", nextDate: "2027-01-01" },
  ]);
});

const categoryOf = async (id: string) => (await db.select({ categoryId: transactions.categoryId }).from(transactions).where(eq(transactions.id, id)))[0]?.categoryId;
const budgetRows = () =>
  db
    .select({ id: budgets.id, categoryId: budgets.categoryId, amountUsdCents: budgets.amountUsdCents, month: budgets.month, alertThreshold: budgets.alertThreshold })
    .from(budgets)
    .where(eq(budgets.userId, alice.userId))
    .orderBy(budgets.id);
const totals = async () => (await expenseCategories(db, alice.userId, period)).map((c) => [c.categoryId, c.name, c.usdCents]).sort();
const scheduleCategory = async () => (await db.select({ categoryId: recurringTransactions.categoryId }).from(recurringTransactions).where(eq(recurringTransactions.id, scheduleId)))[0]?.categoryId;

test("undo of a move-then-delete gives back the category, every transaction, schedule and budget, to the cent, once", async () => {
  const [categoryBefore] = await db.select().from(categories).where(eq(categories.id, pets));
  const totalsBefore = await totals();
  const budgetsBefore = await budgetRows();
  const [mergedBefore] = await db.select().from(budgets).where(eq(budgets.id, "b-pets-oct"));

  expect(await moveAndDeleteCategory(db, alice, { id: pets, to: animals })).toMatchObject({ kind: "ok" });
  expect(await totals()).not.toEqual(totalsBefore);
  expect(await budgetRows()).toEqual([
    { id: "b-animals-oct", categoryId: animals, amountUsdCents: 80_000, month: "2026-10-01", alertThreshold: 75 },
    { id: "b-pets-nov", categoryId: animals, amountUsdCents: 12_345, month: "2026-11-01", alertThreshold: 80 },
  ]);

  expect(await restoreCategory(db, bob, { id: pets })).toEqual({ kind: "notFound" });
  expect(await restoreCategory(db, alice, { id: pets })).toMatchObject({ kind: "ok", category: { id: pets, name: "Pets" } });

  expect((await db.select().from(categories).where(eq(categories.id, pets)))[0]).toEqual(categoryBefore);
  for (const id of petsTx) expect(await categoryOf(id)).toBe(pets);
  expect(await totals()).toEqual(totalsBefore);
  expect(await budgetRows()).toEqual(budgetsBefore);
  // The merged budget is back as it was stored, dates included.
  expect((await db.select().from(budgets).where(eq(budgets.id, "b-pets-oct")))[0]).toEqual(mergedBefore);
  expect(await scheduleCategory()).toBe(pets);

  expect(await restoreCategory(db, alice, { id: pets })).toEqual({ kind: "notFound" });
  const actions = (await db.select().from(activityLog).where(eq(activityLog.userId, alice.userId))).filter((e) => e.details?.name === "Pets").map((e) => e.action);
  expect(actions).toEqual(["category_delete", "category_restore"]);
});

test("a transaction or budget the user moved elsewhere after the delete stays where the user put it", async () => {
  await moveAndDeleteCategory(db, alice, { id: pets, to: animals });
  await db.update(transactions).set({ categoryId: other }).where(eq(transactions.id, petsTx[1]!));
  await db.update(budgets).set({ categoryId: other }).where(eq(budgets.id, "b-pets-nov"));
  expect(await restoreCategory(db, alice, { id: pets })).toMatchObject({ kind: "ok" });
  expect(await categoryOf(petsTx[0]!)).toBe(pets);
  expect(await categoryOf(petsTx[1]!)).toBe(other);
  expect(await categoryOf(petsTx[2]!)).toBe(pets);
  expect((await budgetRows()).find((b) => b.id === "b-pets-nov")?.categoryId).toBe(other);
});

test("a merged budget the user lowered below what the merge added refuses the undo and changes nothing; raised, it gives back exactly what was added", async () => {
  await moveAndDeleteCategory(db, alice, { id: pets, to: animals });
  await db.update(budgets).set({ amountUsdCents: 30_000 }).where(eq(budgets.id, "b-animals-oct"));
  const before = await budgetRows();
  expect(await restoreCategory(db, alice, { id: pets })).toEqual({ kind: "budgetChanged" });
  expect(await budgetRows()).toEqual(before);
  expect(await db.select().from(categories).where(eq(categories.id, pets))).toEqual([]);
  expect(await categoryOf(petsTx[0]!)).toBe(animals);

  await db.update(budgets).set({ amountUsdCents: 90_000 }).where(eq(budgets.id, "b-animals-oct"));
  expect(await restoreCategory(db, alice, { id: pets })).toMatchObject({ kind: "ok" });
  const after = await budgetRows();
  expect(after.find((b) => b.id === "b-animals-oct")?.amountUsdCents).toBe(60_000);
  expect(after.find((b) => b.id === "b-pets-oct")).toMatchObject({ categoryId: pets, amountUsdCents: 30_000 });
});

test("a kept budget deleted since: the merged budget still comes back, on its own", async () => {
  await moveAndDeleteCategory(db, alice, { id: pets, to: animals });
  await db.delete(budgets).where(eq(budgets.id, "b-animals-oct"));
  expect(await restoreCategory(db, alice, { id: pets })).toMatchObject({ kind: "ok" });
  expect((await budgetRows()).map((b) => [b.id, b.categoryId, b.amountUsdCents])).toEqual([
    ["b-pets-nov", pets, 12_345],
    ["b-pets-oct", pets, 30_000],
  ]);
});

test("more than 24 hours after the move-then-delete there is nothing to undo, and nothing changes", async () => {
  await moveAndDeleteCategory(db, alice, { id: pets, to: animals });
  await db.run(sql`update deleted_records set deleted_at = deleted_at - ${24 * 60 * 60 * 1000 + 1000} where record_id = ${pets}`);
  expect(await restoreCategory(db, alice, { id: pets })).toEqual({ kind: "notFound" });
  expect(await db.select().from(categories).where(and(eq(categories.id, pets)))).toEqual([]);
  for (const id of petsTx) expect(await categoryOf(id)).toBe(animals);
});

test("a category with 20,003 transactions: the ids are kept in rows of at most 10,000, none near D1's 2 MB, and all come back", async () => {
  await addTransactions(
    db,
    Array.from({ length: 20_000 }, (_, i) => ({ userId: alice.userId, categoryId: pets, description: `Item ${i}`, date: "2026-11-02", usdCents: 100 + (i % 977) })),
  );
  const count = async (categoryId: string) => Number((await db.all<{ n: number }>(sql`select count(*) as n from transactions where category_id = ${categoryId}`))[0]!.n);
  const totalsBefore = await totals();
  expect(await count(pets)).toBe(20_003);
  expect(await moveAndDeleteCategory(db, alice, { id: pets, to: animals })).toMatchObject({ kind: "ok" });
  const lists = await db.all<{ record_id: string; n: number; bytes: number }>(
    sql`select record_id, json_array_length(snapshot) as n, length(snapshot) as bytes from deleted_records where kind = 'ids' order by n desc`,
  );
  expect(lists.map((l) => [l.record_id.split(":")[1], Number(l.n)])).toEqual([
    ["transactions", 10_000],
    ["transactions", 10_000],
    ["transactions", 3],
    ["schedules", 1],
  ]);
  expect(Math.max(...lists.map((l) => Number(l.bytes)))).toBeLessThan(500_000);
  expect(await restoreCategory(db, alice, { id: pets })).toMatchObject({ kind: "ok" });
  expect(await count(pets)).toBe(20_003);
  expect(await totals()).toEqual(totalsBefore);
  expect(await scheduleCategory()).toBe(pets);
}, 120_000);
