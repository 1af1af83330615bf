import { and, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, expect, test, vi } from "vitest";
import { createLibsqlTestDb } from "../../../tests/setup/libsql-db";
import type { MonthStart } from "~/calendar/months";
import { createBudget } from "~/features/budgets/commands.server";
import { listBudgetMonth } from "~/features/budgets/queries.server";
import { listGoals } from "~/features/goals/queries.server";
import { createTag } from "~/features/tags/commands.server";
import { createTransaction, updateTransaction } from "~/features/transactions/commands.server";
import { getTransaction } from "~/features/transactions/queries.server";
import type { Db } from "~/platform/db/client.server";
import {
  activityLog,
  budgets,
  goalEntries,
  paymentCurrencyTotals,
  payments,
  paymentTotals,
  sampleRecords,
  savingsGoals,
  tags,
  transactions,
  transactionTags,
  users,
} from "~/platform/db/schema";
import { addSampleData, removeSampleData } from "./commands.server";
import { hasSampleData } from "./queries.server";

// "Explore with sample data" and "Remove sample data" (issue 27, decision 040), on real libSQL.

let db: Db;
const alice = { userId: "user-alice", ip: null };
const bob = { userId: "user-bob", ip: null };
const carol = { userId: "user-carol", ip: null };
const dave = { userId: "user-dave", ip: null };
const erin = { userId: "user-erin", ip: null };
// The snapshot's rates are dated 2026-11-01 (migration 0001): November has EUR, VES and COP, October only USD.
const NOW = new Date("2026-11-20T12:00:00Z");
const MONTH = "2026-11-01" as MonthStart;

beforeAll(async () => {
  vi.useFakeTimers({ now: NOW, toFake: ["Date"] });
  db = await createLibsqlTestDb();
  for (const { userId } of [alice, bob, carol, dave, erin]) {
    await db.insert(users).values({ id: userId, email: `${userId}@example.com`, firstName: userId, lastName: "Test", passwordHash: "x" });
  }
});
afterAll(() => {
  vi.useRealTimers();
});

/** Everything of the user's that sample data may touch, as stored. */
async function dump(userId: string) {
  const txs = await db.select().from(transactions).where(eq(transactions.userId, userId)).orderBy(transactions.id);
  const ids = txs.map((t) => t.id);
  return {
    transactions: txs,
    payments: await db.select().from(payments).where(eq(payments.userId, userId)).orderBy(payments.id),
    links: ids.length ? await db.select().from(transactionTags).where(inArray(transactionTags.transactionId, ids)).orderBy(transactionTags.transactionId) : [],
    tags: await db.select().from(tags).where(eq(tags.userId, userId)).orderBy(tags.id),
    budgets: await db.select().from(budgets).where(eq(budgets.userId, userId)).orderBy(budgets.id),
    goals: await db.select().from(savingsGoals).where(eq(savingsGoals.userId, userId)).orderBy(savingsGoals.id),
    entries: await db.select().from(goalEntries).where(eq(goalEntries.userId, userId)).orderBy(goalEntries.id),
    usdTotal: await db.select().from(paymentTotals).where(eq(paymentTotals.userId, userId)),
    // A currency's running total that went back to zero keeps its row (the triggers of migration 0004 update, never delete).
    currencyTotals: (await db.select().from(paymentCurrencyTotals).where(eq(paymentCurrencyTotals.userId, userId)).orderBy(paymentCurrencyTotals.currencyCode)).filter(
      (row) => row.amountMinor !== 0,
    ),
    sampleRecords: await db.select().from(sampleRecords).where(eq(sampleRecords.userId, userId)),
  };
}

const actions = async (userId: string) =>
  (await db.select({ action: activityLog.action }).from(activityLog).where(eq(activityLog.userId, userId))).map((r) => r.action);

test("sample data is a labelled month: about 25 transactions in several currencies, a budget near its limit, a goal with entries", async () => {
  expect(await addSampleData(db, alice, { language: "en" })).toEqual({ kind: "added", transactions: 25 });
  expect(await hasSampleData(db, alice.userId)).toBe(true);
  const stored = await dump(alice.userId);
  expect(stored.transactions).toHaveLength(25);
  expect(new Set(stored.payments.map((p) => p.currencyCode))).toEqual(new Set(["USD", "EUR", "VES", "COP"]));
  // Rates on file only: October has none but USD's, so every October row is in USD.
  const october = new Set(stored.transactions.filter((t) => t.date < MONTH).map((t) => t.id));
  expect(october.size).toBeGreaterThan(0);
  expect(stored.payments.filter((p) => october.has(p.transactionId)).every((p) => p.currencyCode === "USD")).toBe(true);
  expect(stored.payments.filter((p) => p.currencyCode !== "USD").every((p) => p.rateDate === "2026-11-01" && p.rateSource === "snapshot")).toBe(true);
  expect(stored.transactions.every((t) => t.date <= "2026-11-20" && t.date >= "2026-10-01")).toBe(true);
  expect(new Set(stored.transactions.map((t) => t.type))).toEqual(new Set(["INCOME", "EXPENSE"]));
  expect(new Set(stored.transactions.map((t) => t.categoryId)).size).toBeGreaterThan(5);
  // Every sample transaction carries the "Sample" tag, which the sample created.
  expect(stored.tags.map((t) => t.name)).toEqual(["Sample"]);
  expect(stored.links).toHaveLength(25);
  // The budget: this month, on an expense category, 85 to 95 % spent, past its alert threshold.
  const [budget, ...others] = await listBudgetMonth(db, alice.userId, MONTH);
  expect(others).toEqual([]);
  const percent = (budget!.spentCents * 100) / budget!.amountCents;
  expect(percent).toBeGreaterThanOrEqual(85);
  expect(percent).toBeLessThanOrEqual(95);
  expect(percent).toBeGreaterThanOrEqual(budget!.alertThreshold);
  const [goal] = await listGoals(db, alice.userId);
  expect(goal).toMatchObject({ name: "Emergency fund", currencyCode: "USD", savedMinor: 25000, targetMinor: 100000 });
  expect(stored.entries).toHaveLength(2);
  expect(await actions(alice.userId)).toEqual(expect.arrayContaining(["sample_add"]));
});

test("adding again, or twice at once, creates one set", async () => {
  expect(await addSampleData(db, alice, { language: "en" })).toEqual({ kind: "alreadyAdded" });
  expect((await dump(alice.userId)).transactions).toHaveLength(25);
  const both = await Promise.all([addSampleData(db, bob, { language: "es" }), addSampleData(db, bob, { language: "es" })]);
  expect(both.map((o) => o.kind).sort()).toEqual(["added", "alreadyAdded"]);
  const stored = await dump(bob.userId);
  expect(stored.transactions).toHaveLength(25);
  expect(stored.budgets).toHaveLength(1);
  expect(stored.goals).toHaveLength(1);
  // In the user's language.
  expect(stored.tags.map((t) => t.name)).toEqual(["Muestra"]);
  expect(stored.goals[0]!.name).toBe("Fondo de emergencia");
});

test("remove takes exactly the sample away: the user's own records, edited samples' removal, running totals and another user's sample", async () => {
  // Carol's own data before and after exploring.
  const own = await createTransaction(db, carol, {
    input: { type: "EXPENSE", description: "My rent", date: "2026-11-03", categoryId: "default-housing", tagIds: [], multi: false, payments: [{ currencyCode: "EUR", amount: "700.00", method: "bank_transfer" }] },
  });
  expect(own.kind).toBe("created");
  const ownBudget = await createBudget(db, carol, { categoryId: "default-food", month: MONTH, amountCents: 40000, alertThreshold: 80 });
  expect(ownBudget.kind).toBe("ok");
  const before = await dump(carol.userId);
  const bobBefore = await dump(bob.userId);

  expect(await addSampleData(db, carol, { language: "en" })).toMatchObject({ kind: "added" });
  const added = await dump(carol.userId);
  // Her food budget stays hers; the sample's budget goes on the next category.
  expect(added.budgets).toHaveLength(2);
  // She edits a sample transaction: it is still a sample record.
  const sampleId = added.sampleRecords.find((r) => r.kind === "transaction")!.recordId;
  const recorded = (await getTransaction(db, carol.userId, sampleId))!;
  const edited = await updateTransaction(db, carol, {
    id: sampleId,
    recorded,
    input: { type: recorded.type, description: "Edited sample", date: recorded.date, categoryId: recorded.categoryId!, tagIds: recorded.tagIds, multi: false, payments: [{ currencyCode: "USD", amount: "1.00", method: "cash" }] },
  });
  expect(edited.kind).toBe("updated");

  expect(await removeSampleData(db, carol)).toEqual({ kind: "removed", transactions: 25 });
  expect(await dump(carol.userId)).toEqual(before);
  expect(await hasSampleData(db, carol.userId)).toBe(false);
  // Bob's sample is untouched.
  expect(await dump(bob.userId)).toEqual(bobBefore);
  expect(await actions(carol.userId)).toEqual(expect.arrayContaining(["sample_add", "sample_remove"]));
  // Nothing left to remove.
  expect(await removeSampleData(db, carol)).toEqual({ kind: "nothingToRemove" });
});

test("a tag of the same name the user had is used and kept; the sample's own tag stays while a transaction of the user's carries it", async () => {
  const mine = await createTag(db, dave, { name: "sample", color: "#000000", description: undefined });
  expect(mine.kind).toBe("ok");
  await addSampleData(db, dave, { language: "en" });
  expect((await dump(dave.userId)).links.every((l) => l.tagId === (mine.kind === "ok" ? mine.tag.id : ""))).toBe(true);
  await removeSampleData(db, dave);
  expect((await dump(dave.userId)).tags.map((t) => t.name)).toEqual(["sample"]);

  await addSampleData(db, erin, { language: "en" });
  const [sampleTag] = (await dump(erin.userId)).tags;
  const own = await createTransaction(db, erin, {
    input: { type: "EXPENSE", description: "Tagged by me", date: "2026-11-05", categoryId: "default-food", tagIds: [sampleTag!.id], multi: false, payments: [{ currencyCode: "USD", amount: "5.00", method: "cash" }] },
  });
  expect(own.kind).toBe("created");
  await removeSampleData(db, erin);
  const after = await dump(erin.userId);
  expect(after.transactions.map((t) => t.description)).toEqual(["Tagged by me"]);
  expect(after.tags.map((t) => t.id)).toEqual([sampleTag!.id]);
  expect(after.links).toHaveLength(1);
  expect(await db.select().from(sampleRecords).where(and(eq(sampleRecords.userId, erin.userId)))).toEqual([]);
});
