import { eq } from "drizzle-orm";
import { beforeAll, expect, test } from "vitest";
import { createLibsqlTestDb } from "../../../tests/setup/libsql-db";
import { transactionInputSchema } from "~/features/transactions/schemas/transaction";
import type { Db } from "~/platform/db/client.server";
import { activityLog, categories, deletedRecords, payments, tags, transactions, transactionTags, users } from "~/platform/db/schema";
import { loadAndResolveTransaction } from "./queries.server";
import { deleteTransaction, insertTransaction, restoreTransaction } from "./commands.server";

// Undo of a transaction's delete (issue 27, decision 035), on real libSQL.

let db: Db;
const alice = { userId: "user-alice", ip: null };
const bob = { userId: "user-bob", ip: null };

beforeAll(async () => {
  db = await createLibsqlTestDb();
  for (const { userId } of [alice, bob]) {
    await db.insert(users).values({ id: userId, email: `${userId}@example.com`, firstName: userId, lastName: "Test", passwordHash: "x" });
  }
  await db.insert(tags).values([
    { id: "tag-trip", userId: alice.userId, name: "Trip", nameKey: "trip" },
    { id: "tag-work", userId: alice.userId, name: "Work", nameKey: "work" },
  ]);
});

async function add(raw: Record<string, unknown>) {
  const input = transactionInputSchema.parse({ type: "EXPENSE", description: "Market run", date: "2026-11-10", categoryId: "default-food", payments: [{ currencyCode: "USD", amount: "4.50", method: "cash" }], ...raw });
  const resolved = await loadAndResolveTransaction(db, alice.userId, input);
  if (!resolved.ok) throw new Error(JSON.stringify(resolved.issues));
  return insertTransaction(db, alice.userId, resolved.value, alice);
}

/** Every stored row of the transaction, as the database holds it. */
async function rowsOf(id: string) {
  return {
    transaction: await db.select().from(transactions).where(eq(transactions.id, id)),
    payments: await db.select().from(payments).where(eq(payments.transactionId, id)).orderBy(payments.position),
    tags: await db.select().from(transactionTags).where(eq(transactionTags.transactionId, id)).orderBy(transactionTags.tagId),
  };
}

const twoCurrencies = {
  multi: true,
  tagIds: ["tag-trip", "tag-work"],
  payments: [
    { currencyCode: "EUR", amount: "12.34", method: "cash", rate: "0.9" },
    { currencyCode: "COP", amount: "38712.50", method: "credit-card", rate: "3871.25" },
  ],
};

test("undo puts back the transaction, its payments (ids, stored rates, USD cents) and its tags exactly", async () => {
  const id = await add(twoCurrencies);
  const before = await rowsOf(id);
  expect(before.payments).toHaveLength(2);
  expect(await deleteTransaction(db, alice, { id })).toEqual({ kind: "deleted" });
  expect((await rowsOf(id)).transaction).toEqual([]);
  expect(await restoreTransaction(db, alice, { id })).toEqual({ kind: "restored", id });
  expect(await rowsOf(id)).toEqual(before);
  const actions = (await db.select({ action: activityLog.action }).from(activityLog).where(eq(activityLog.userId, alice.userId))).map((r) => r.action);
  expect(actions).toEqual(expect.arrayContaining(["transaction_delete", "transaction_restore"]));
});

test("a second undo restores nothing", async () => {
  const id = await add({});
  await deleteTransaction(db, alice, { id });
  expect(await restoreTransaction(db, alice, { id })).toEqual({ kind: "restored", id });
  expect(await restoreTransaction(db, alice, { id })).toEqual({ kind: "notFound" });
  expect((await rowsOf(id)).payments).toHaveLength(1);
});

test("another user's deletion is not found and stays deleted", async () => {
  const id = await add({});
  await deleteTransaction(db, alice, { id });
  expect(await restoreTransaction(db, bob, { id })).toEqual({ kind: "notFound" });
  expect((await rowsOf(id)).transaction).toEqual([]);
  expect(await restoreTransaction(db, alice, { id })).toEqual({ kind: "restored", id });
});

test("a deletion older than 24 hours cannot be undone", async () => {
  const id = await add({});
  await deleteTransaction(db, alice, { id });
  await db.update(deletedRecords).set({ deletedAt: new Date(Date.now() - 24 * 60 * 60 * 1000 - 1000) }).where(eq(deletedRecords.recordId, id));
  expect(await restoreTransaction(db, alice, { id })).toEqual({ kind: "notFound" });
  expect((await rowsOf(id)).transaction).toEqual([]);
});

test("a transaction never deleted has nothing to undo", async () => {
  expect(await restoreTransaction(db, alice, { id: crypto.randomUUID() })).toEqual({ kind: "notFound" });
});

test("when one of its tags was deleted meanwhile, undo is refused and writes nothing", async () => {
  await db.insert(tags).values({ id: "tag-gone", userId: alice.userId, name: "Gone", nameKey: "gone" });
  const id = await add({ tagIds: ["tag-gone"] });
  await deleteTransaction(db, alice, { id });
  await db.delete(tags).where(eq(tags.id, "tag-gone"));
  expect(await restoreTransaction(db, alice, { id })).toEqual({ kind: "tagGone" });
  expect(await rowsOf(id)).toEqual({ transaction: [], payments: [], tags: [] });
  const [row] = await db.select({ restoredAt: deletedRecords.restoredAt }).from(deletedRecords).where(eq(deletedRecords.recordId, id));
  expect(row?.restoredAt).toBeNull();
});

test("when its category was deleted meanwhile, undo is refused and writes nothing", async () => {
  await db.insert(categories).values({ id: "cat-gone", userId: alice.userId, name: "Gone", nameKey: "gone", type: "expense" });
  const id = await add({ categoryId: "cat-gone" });
  await deleteTransaction(db, alice, { id });
  await db.delete(categories).where(eq(categories.id, "cat-gone"));
  expect(await restoreTransaction(db, alice, { id })).toEqual({ kind: "categoryGone" });
  expect((await rowsOf(id)).transaction).toEqual([]);
});
