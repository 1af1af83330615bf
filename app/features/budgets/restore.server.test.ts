import { eq } from "drizzle-orm";
import { beforeAll, expect, test } from "vitest";
import { createLibsqlTestDb } from "../../../tests/setup/libsql-db";
import type { Db } from "~/platform/db/client.server";
import { activityLog, budgets, categories, deletedRecords, users } from "~/platform/db/schema";
import type { MonthStart } from "~/calendar/months";
import { createBudget, deleteBudget, restoreBudget } from "./commands.server";

// Undo of a budget's delete (issue 27, decision 035), on real libSQL.

let db: Db;
const alice = { userId: "user-alice", ip: null };
const bob = { userId: "user-bob", ip: null };

beforeAll(async () => {
  db = await createLibsqlTestDb();
  for (const { userId } of [alice, bob]) {
    await db.insert(users).values({ id: userId, email: `${userId}@example.com`, firstName: userId, lastName: "Test", passwordHash: "x" });
  }
});

async function budget(month: string, categoryId = "default-food", amountCents = 12345) {
  const outcome = await createBudget(db, alice, { categoryId, month: month as MonthStart, amountCents, alertThreshold: 70 });
  if (outcome.kind !== "ok") throw new Error(outcome.kind);
  return outcome.budget.id;
}

const rowOf = (id: string) => db.select().from(budgets).where(eq(budgets.id, id));

test("undo puts the budget back exactly, once, and the activity log has both", async () => {
  const id = await budget("2026-01-01");
  const before = await rowOf(id);
  await deleteBudget(db, alice, { id });
  expect(await rowOf(id)).toEqual([]);
  expect(await restoreBudget(db, bob, { id })).toEqual({ kind: "notFound" });
  expect(await restoreBudget(db, alice, { id })).toMatchObject({ kind: "ok", budget: { id, amountCents: 12345 } });
  expect(await rowOf(id)).toEqual(before);
  expect(await restoreBudget(db, alice, { id })).toEqual({ kind: "notFound" });
  const actions = (await db.select({ action: activityLog.action }).from(activityLog).where(eq(activityLog.userId, alice.userId))).map((r) => r.action);
  expect(actions).toEqual(expect.arrayContaining(["budget_delete", "budget_restore"]));
});

test("undo is refused, changing nothing, when a budget for the same category and month exists again", async () => {
  const id = await budget("2026-02-01");
  await deleteBudget(db, alice, { id });
  const again = await budget("2026-02-01", "default-food", 500);
  expect(await restoreBudget(db, alice, { id })).toEqual({ kind: "budgetExists" });
  expect(await rowOf(id)).toEqual([]);
  expect((await rowOf(again))[0]?.amountUsdCents).toBe(500);
  const [row] = await db.select({ restoredAt: deletedRecords.restoredAt }).from(deletedRecords).where(eq(deletedRecords.recordId, id));
  expect(row?.restoredAt).toBeNull();
});

test("undo is refused when its category is gone", async () => {
  await db.insert(categories).values({ id: "cat-gone", userId: alice.userId, name: "Gone", nameKey: "gone", type: "expense" });
  const id = await budget("2026-03-01", "cat-gone");
  await deleteBudget(db, alice, { id });
  await db.delete(categories).where(eq(categories.id, "cat-gone"));
  expect(await restoreBudget(db, alice, { id })).toEqual({ kind: "categoryGone" });
  expect(await rowOf(id)).toEqual([]);
});

test("undo is refused when the month's budgets would pass their total", async () => {
  const id = await budget("2026-04-01", "default-food", 600_000_000_000_000);
  await deleteBudget(db, alice, { id });
  await budget("2026-04-01", "default-housing", 600_000_000_000_000);
  expect(await restoreBudget(db, alice, { id })).toEqual({ kind: "monthTotalLimit" });
  expect(await rowOf(id)).toEqual([]);
  const [row] = await db.select({ restoredAt: deletedRecords.restoredAt }).from(deletedRecords).where(eq(deletedRecords.recordId, id));
  expect(row?.restoredAt).toBeNull();
});
