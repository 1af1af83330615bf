import { eq, sql } from "drizzle-orm";
import { beforeAll, expect, test } from "vitest";
import { createLibsqlTestDb } from "../../../tests/setup/libsql-db";
import { addRows, inactiveFranc } from "../../../tests/setup/rows";
import type { Db } from "~/platform/db/client.server";
import { activityLog, currencies, goalEntries, users } from "~/platform/db/schema";
import { createGoal, deleteGoal, recordGoalProgress, updateGoal } from "./commands.server";
import { findGoal, listGoalEntries, listGoals } from "./queries.server";

// Goal writes on real libSQL in Node; the Worker on D1 runs the same paths in tests/integration.

let db: Db;
const alice = { userId: "user-alice", ip: "203.0.113.7" };
const bob = { userId: "user-bob", ip: null };

beforeAll(async () => {
  db = await createLibsqlTestDb();
  for (const { userId } of [alice, bob]) {
    await db.insert(users).values({ id: userId, email: `${userId}@example.com`, firstName: userId, lastName: "Test", passwordHash: "x" });
  }
});

/** The saved amount is the sum of the entries, whatever happened. */
async function expectSavedIsSumOfEntries(goalId: string) {
  const goal = await findGoal(db, alice.userId, goalId);
  const [sum] = await db.all<{ total: number }>(sql`select coalesce(sum(amount_minor), 0) as total from goal_entries where goal_id = ${goalId}`);
  expect(goal?.savedMinor).toBe(Number(sum!.total));
  return goal!;
}

const laptop = { name: "Laptop", currencyCode: "USD", targetMinor: 150_000, targetDate: "2027-06-30", description: null };

test("a new goal starts with what is saved as its first entry", async () => {
  const created = await createGoal(db, alice, { ...laptop, savedMinor: 42_000 });
  expect(created).toMatchObject({ kind: "ok", goal: { name: "Laptop", currencyCode: "USD", targetMinor: 150_000, savedMinor: 42_000 } });
  const id = created.kind === "ok" ? created.goal.id : "";
  expect((await listGoalEntries(db, alice.userId)).map((e) => [e.goalId, e.amountMinor])).toEqual([[id, 42_000]]);
  await expectSavedIsSumOfEntries(id);
  // Nothing saved: no entry.
  const empty = await createGoal(db, alice, { ...laptop, name: "Trip", currencyCode: "COP", targetMinor: 400_000_000 });
  expect(empty).toMatchObject({ kind: "ok", goal: { savedMinor: 0, currencyCode: "COP" } });
  expect(await listGoalEntries(db, alice.userId)).toHaveLength(1);
});

test("deposits and withdrawals add up; a withdrawal below zero is refused and writes nothing", async () => {
  const [goal] = await listGoals(db, alice.userId);
  expect(await recordGoalProgress(db, alice, { id: goal!.id, amountMinor: 10_000, note: "Bonus" })).toMatchObject({ kind: "ok", goal: { savedMinor: 52_000 } });
  expect(await recordGoalProgress(db, alice, { id: goal!.id, amountMinor: 2_550, note: null })).toMatchObject({ kind: "ok", goal: { savedMinor: 54_550 } });
  expect(await recordGoalProgress(db, alice, { id: goal!.id, amountMinor: -4_550, note: "Repairs" })).toMatchObject({ kind: "ok", goal: { savedMinor: 50_000 } });
  const entriesBefore = await db.$count(goalEntries);
  const logBefore = await db.$count(activityLog);
  expect(await recordGoalProgress(db, alice, { id: goal!.id, amountMinor: -50_001, note: null })).toEqual({ kind: "belowZero" });
  expect(await db.$count(goalEntries)).toBe(entriesBefore);
  expect(await db.$count(activityLog)).toBe(logBefore);
  // Everything out is allowed: exactly zero left.
  expect(await recordGoalProgress(db, alice, { id: goal!.id, amountMinor: -50_000, note: null })).toMatchObject({ kind: "ok", goal: { savedMinor: 0 } });
  expect(await recordGoalProgress(db, alice, { id: goal!.id, amountMinor: 150_000, note: null })).toMatchObject({ kind: "ok", goal: { savedMinor: 150_000 } });
  await expectSavedIsSumOfEntries(goal!.id);
  const progress = await db.select().from(activityLog).where(eq(activityLog.action, "goal_progress"));
  expect(progress).toHaveLength(5);
  expect(progress[0]).toMatchObject({ description: "Laptop", ipAddress: "203.0.113.7" });
});

test("the database refuses a saved amount below zero even if a check was raced", async () => {
  const [goal] = await listGoals(db, alice.userId);
  await expect(db.run(sql`update savings_goals set saved_minor = -1 where id = ${goal!.id}`)).rejects.toThrow();
});

test("an edit that changes the saved amount records the difference as an entry; the currency is kept once there are entries", async () => {
  const [goal, trip] = await listGoals(db, alice.userId);
  expect(await updateGoal(db, alice, { id: goal!.id, ...laptop, name: "New laptop", targetMinor: 200_000, savedMinor: 149_000 })).toMatchObject({
    kind: "ok",
    goal: { name: "New laptop", targetMinor: 200_000, savedMinor: 149_000 },
  });
  const [latest] = await listGoalEntries(db, alice.userId);
  expect(latest).toMatchObject({ goalId: goal!.id, amountMinor: -1_000 });
  await expectSavedIsSumOfEntries(goal!.id);
  // Without a saved amount the entries stay as they are.
  expect(await updateGoal(db, alice, { id: goal!.id, ...laptop, name: "New laptop", targetMinor: 200_000 })).toMatchObject({ kind: "ok", goal: { savedMinor: 149_000 } });
  expect(await updateGoal(db, alice, { id: goal!.id, ...laptop, currencyCode: "EUR" })).toEqual({ kind: "currencyLocked" });
  // A goal without entries may change currency.
  expect(await updateGoal(db, alice, { id: trip!.id, ...laptop, name: "Trip", currencyCode: "MXN", targetMinor: 5_000_000 })).toMatchObject({ kind: "ok", goal: { currencyCode: "MXN" } });
});

test("a goal is set in an active currency only: created or moved into an inactive one is refused; one already in it keeps it", async () => {
  const carol = { userId: "user-carol", ip: null };
  await db.insert(users).values({ id: carol.userId, email: "carol@example.com", firstName: "Carol", lastName: "Test", passwordHash: "x" });
  await addRows(db, currencies, [inactiveFranc]);
  expect(await createGoal(db, carol, { ...laptop, name: "Swiss", currencyCode: "CHF" })).toEqual({ kind: "currencyInactive" });
  expect(await listGoals(db, carol.userId)).toEqual([]);
  const plain = await createGoal(db, carol, { ...laptop, name: "Plain", currencyCode: "USD" });
  const id = plain.kind === "ok" ? plain.goal.id : "";
  expect(await updateGoal(db, carol, { id, ...laptop, name: "Plain", currencyCode: "CHF" })).toEqual({ kind: "currencyInactive" });
  expect(await findGoal(db, carol.userId, id)).toMatchObject({ currencyCode: "USD" });
  // A goal made while CHF was active keeps it, and can still be edited, after it is turned off.
  await db.run(sql`update currencies set is_active = 1 where code = 'CHF'`);
  const swiss = await createGoal(db, carol, { ...laptop, name: "Swiss", currencyCode: "CHF" });
  await db.run(sql`update currencies set is_active = 0 where code = 'CHF'`);
  const swissId = swiss.kind === "ok" ? swiss.goal.id : "";
  expect(await updateGoal(db, carol, { id: swissId, ...laptop, name: "Swiss franc fund", currencyCode: "CHF" })).toMatchObject({ kind: "ok", goal: { currencyCode: "CHF", name: "Swiss franc fund" } });
});

test("another user's goal cannot be read, changed, added to or deleted", async () => {
  const [goal] = await listGoals(db, alice.userId);
  expect(await findGoal(db, bob.userId, goal!.id)).toBeUndefined();
  expect(await listGoals(db, bob.userId)).toEqual([]);
  expect(await listGoalEntries(db, bob.userId)).toEqual([]);
  expect(await updateGoal(db, bob, { id: goal!.id, ...laptop, name: "Mine now" })).toEqual({ kind: "notFound" });
  expect(await recordGoalProgress(db, bob, { id: goal!.id, amountMinor: -100, note: null })).toEqual({ kind: "notFound" });
  expect(await deleteGoal(db, bob, { id: goal!.id })).toEqual({ kind: "notFound" });
  expect(await findGoal(db, alice.userId, goal!.id)).toMatchObject({ name: "New laptop", savedMinor: 149_000 });
});

test("deleting a goal removes its history with it", async () => {
  const [goal] = await listGoals(db, alice.userId);
  expect(await deleteGoal(db, alice, { id: goal!.id })).toMatchObject({ kind: "ok", goal: { id: goal!.id } });
  expect(await findGoal(db, alice.userId, goal!.id)).toBeUndefined();
  expect(await db.$count(goalEntries, eq(goalEntries.goalId, goal!.id))).toBe(0);
  expect(await db.$count(activityLog, eq(activityLog.action, "goal_delete"))).toBe(1);
});
