import { eq } from "drizzle-orm";
import { beforeAll, expect, test } from "vitest";
import { createLibsqlTestDb } from "../../../tests/setup/libsql-db";
import type { Db } from "~/platform/db/client.server";
import { activityLog, deletedRecords, goalEntries, savingsGoals, users } from "~/platform/db/schema";
import { createGoal, deleteGoal, recordGoalProgress, restoreGoal } from "./commands.server";

// Undo of a savings goal's delete (issue 27, decision 035), on real libSQL.

let db: Db;
const alice = { userId: "user-alice", ip: null };
const bob = { userId: "user-bob", ip: null };

beforeAll(async () => {
  db = await createLibsqlTestDb();
  for (const { userId } of [alice, bob]) {
    await db.insert(users).values({ id: userId, email: `${userId}@example.com`, firstName: userId, lastName: "Test", passwordHash: "x" });
  }
});

async function rowsOf(id: string) {
  return {
    goal: await db.select().from(savingsGoals).where(eq(savingsGoals.id, id)),
    entries: await db.select().from(goalEntries).where(eq(goalEntries.goalId, id)).orderBy(goalEntries.id),
  };
}

test("undo puts back the goal and every entry of its history exactly, once", async () => {
  const created = await createGoal(db, alice, { name: "Trip", currencyCode: "EUR", targetMinor: 250_000, savedMinor: 1_234, targetDate: "2027-06-30", description: "Lisbon" });
  if (created.kind !== "ok") throw new Error(created.kind);
  const { id } = created.goal;
  await recordGoalProgress(db, alice, { id, amountMinor: 5_050, note: "bonus" });
  await recordGoalProgress(db, alice, { id, amountMinor: -1_001, note: null });
  // A long history: more entries than one INSERT could bind, each to come back as it was.
  for (let i = 0; i < 150; i += 10) {
    await db.insert(goalEntries).values(Array.from({ length: 10 }, (_, j) => ({ goalId: id, userId: alice.userId, date: "2026-01-02", amountMinor: i + j + 1, note: `n${i + j}` })));
  }
  const before = await rowsOf(id);
  expect(before.entries.length).toBeGreaterThanOrEqual(153);
  expect(before.goal[0]?.savedMinor).toBe(1_234 + 5_050 - 1_001);
  await deleteGoal(db, alice, { id });
  expect(await rowsOf(id)).toEqual({ goal: [], entries: [] });
  expect(await restoreGoal(db, bob, { id })).toEqual({ kind: "notFound" });
  expect(await restoreGoal(db, alice, { id })).toMatchObject({ kind: "ok", goal: { id, savedMinor: 5_283 } });
  expect(await rowsOf(id)).toEqual(before);
  expect(await restoreGoal(db, alice, { id })).toEqual({ kind: "notFound" });
  const actions = (await db.select({ action: activityLog.action }).from(activityLog).where(eq(activityLog.userId, alice.userId))).map((r) => r.action);
  expect(actions).toEqual(expect.arrayContaining(["goal_delete", "goal_restore"]));
});

test("a goal deleted more than 24 hours ago cannot be undone", async () => {
  const created = await createGoal(db, alice, { name: "Old", currencyCode: "USD", targetMinor: 100, targetDate: null, description: null });
  if (created.kind !== "ok") throw new Error(created.kind);
  const { id } = created.goal;
  await deleteGoal(db, alice, { id });
  await db.update(deletedRecords).set({ deletedAt: new Date(Date.now() - 25 * 60 * 60 * 1000) }).where(eq(deletedRecords.recordId, id));
  expect(await restoreGoal(db, alice, { id })).toEqual({ kind: "notFound" });
  expect((await rowsOf(id)).goal).toEqual([]);
});
