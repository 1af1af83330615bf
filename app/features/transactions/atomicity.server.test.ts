import { eq } from "drizzle-orm";
import { beforeAll, expect, test } from "vitest";
import { createLibsqlTestDb } from "../../../tests/setup/libsql-db";
import type { Db } from "~/platform/db/client.server";
import { activityLog, payments, tags, transactions, transactionTags, users } from "~/platform/db/schema";
import type { ResolvedPayment, ResolvedTransaction } from "./model/resolve";
import { insertTransaction, replaceTransaction } from "./commands.server";
import { getTransaction } from "./queries.server";

// Saving is one batch (ARCHITECTURE.md 2): when a statement after the transaction row
// fails at the database, nothing of the save remains. Forced honestly, on real libSQL: a
// resolved value whose second payment (or tag link) breaks a NOT NULL constraint, which
// only the database checks.

let db: Db;
const userId = "user-atomic";

beforeAll(async () => {
  db = await createLibsqlTestDb();
  await db.insert(users).values({ id: userId, email: "atomic@example.com", firstName: "A", lastName: "Tomic", passwordHash: "x" });
  await db.insert(tags).values({ id: "tag-atomic", userId, name: "Atomic", nameKey: "atomic" });
});

const usd = (position: number, cents: number): ResolvedPayment => ({
  position,
  currencyCode: "USD",
  amountMinor: cents,
  method: "cash",
  rate: "1",
  rateDate: "2026-11-20",
  rateSource: "fixed",
  usdCents: cents,
});

function resolved(description: string, list: ResolvedPayment[], tagIds: string[] = []): ResolvedTransaction {
  return {
    type: "EXPENSE",
    description,
    date: "2026-11-20",
    categoryId: "default-food",
    tagIds,
    payments: list,
    usdCents: list.reduce((sum, p) => sum + (p.usdCents ?? 0), 0),
  };
}

/** A payment the database refuses: its rate is NULL, which only the NOT NULL constraint catches. */
const broken = (position: number): ResolvedPayment => ({ ...usd(position, 500), rate: null as unknown as string });

async function everything() {
  return {
    transactions: await db.select().from(transactions).where(eq(transactions.userId, userId)),
    payments: await db.select().from(payments).where(eq(payments.userId, userId)),
    links: await db.select().from(transactionTags),
    activity: await db.select().from(activityLog).where(eq(activityLog.userId, userId)),
  };
}

test("a create whose second payment fails at the database leaves no transaction, payment, tag link or activity", async () => {
  const before = await everything();
  await expect(
    insertTransaction(db, userId, resolved("Half written", [usd(0, 1000), broken(1)], ["tag-atomic"]), { ip: null }, { id: "tx-broken" }),
  ).rejects.toThrow(/NOT NULL/i);
  expect(await getTransaction(db, userId, "tx-broken")).toBeUndefined();
  expect(await db.select().from(transactions).where(eq(transactions.id, "tx-broken"))).toEqual([]);
  expect(await db.select().from(payments).where(eq(payments.transactionId, "tx-broken"))).toEqual([]);
  expect(await everything()).toEqual(before);
});

test("a create whose tag link fails after the payments were written leaves nothing either", async () => {
  const before = await everything();
  await expect(
    insertTransaction(db, userId, resolved("Links fail", [usd(0, 1000), usd(1, 250)], [null as unknown as string]), { ip: null }, { id: "tx-links" }),
  ).rejects.toThrow(/NOT NULL/i);
  expect(await db.select().from(transactions).where(eq(transactions.id, "tx-links"))).toEqual([]);
  expect(await everything()).toEqual(before);
});

test("an update that fails midway keeps the transaction exactly as it was", async () => {
  const id = await insertTransaction(db, userId, resolved("Original", [usd(0, 1000), usd(1, 200)], ["tag-atomic"]), { ip: null });
  const stored = await getTransaction(db, userId, id);
  const before = await everything();
  await expect(replaceTransaction(db, userId, id, resolved("Replaced", [usd(0, 3000), broken(1)]), { ip: null })).rejects.toThrow(/NOT NULL/i);
  expect(await getTransaction(db, userId, id)).toEqual(stored);
  expect(await everything()).toEqual(before);
  // The same update without the broken payment goes through whole.
  expect(await replaceTransaction(db, userId, id, resolved("Replaced", [usd(0, 3000)]), { ip: null })).toBe(true);
  expect(await getTransaction(db, userId, id)).toMatchObject({ description: "Replaced", usdCents: 3000, tagIds: [], payments: [{ amountMinor: 3000 }] });
});
