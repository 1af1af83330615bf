import { and, eq } from "drizzle-orm";
import { beforeAll, expect, test } from "vitest";
import { createLibsqlTestDb } from "../../../tests/setup/libsql-db";
import type { Db } from "~/platform/db/client.server";
import { activityLog, budgets, categories, payments, transactions, users } from "~/platform/db/schema";
import { copyPreviousMonthBudgets, createBudget, deleteBudget, updateBudget } from "./commands.server";
import { findBudget, listBudgetMonth } from "./queries.server";
import { budgetFigures } from "./model";

// Budget writes and their spending on real libSQL in Node (the production driver family); the
// Worker on D1 runs the same paths in tests/integration.

let db: Db;
const alice = { userId: "user-alice", ip: "203.0.113.7" };
const bob = { userId: "user-bob", ip: null };
const november = "2026-11-01" as const;

/** A transaction with its payments as they are stored: each payment's USD cents fixed when it was saved. */
async function expense(userId: string, date: string, categoryId: string, paid: [currency: string, amountMinor: number, usdCents: number][], type: "EXPENSE" | "INCOME" = "EXPENSE") {
  const id = crypto.randomUUID();
  await db.insert(transactions).values({ id, userId, type, description: "Bought", date, categoryId, usdCents: paid.reduce((sum, [, , usd]) => sum + usd, 0) });
  await db.insert(payments).values(
    paid.map(([currencyCode, amountMinor, usdCents], position) => ({ transactionId: id, userId, position, currencyCode, amountMinor, rate: "1", rateDate: date, rateSource: "manual", usdCents })),
  );
}

beforeAll(async () => {
  db = await createLibsqlTestDb();
  for (const { userId } of [alice, bob]) {
    await db.insert(users).values({ id: userId, email: `${userId}@example.com`, firstName: userId, lastName: "Test", passwordHash: "x" });
  }
  await db.insert(categories).values([
    { id: "alice-pets", userId: alice.userId, name: "Pets", nameKey: "pets", type: "expense" },
    { id: "alice-bonus", userId: alice.userId, name: "Bonus", nameKey: "bonus", type: "income" },
    { id: "bob-boats", userId: bob.userId, name: "Boats", nameKey: "boats", type: "expense" },
  ]);
  // Alice's November food: a COP and EUR payment in one transaction, a VES one, and a USD one.
  await expense(alice.userId, "2026-11-01", "default-food", [["COP", 7_742_500, 2000], ["EUR", 1_050, 1213]]); // 20.00 + 12.13
  await expense(alice.userId, "2026-11-15", "default-food", [["VES", 123_456, 2711]]); // 27.11
  await expense(alice.userId, "2026-11-30", "default-food", [["USD", 4_999, 4999]]); // 49.99
  // Not counted: October and December, another category, an income, and Bob's food.
  await expense(alice.userId, "2026-10-31", "default-food", [["USD", 10_000, 10_000]]);
  await expense(alice.userId, "2026-12-01", "default-food", [["USD", 10_000, 10_000]]);
  await expense(alice.userId, "2026-11-10", "alice-pets", [["USD", 500, 500]]);
  await expense(alice.userId, "2026-11-10", "default-food", [["USD", 7_000, 7_000]], "INCOME");
  await expense(bob.userId, "2026-11-10", "default-food", [["USD", 9_999, 9_999]]);
});

test("a budget's spent is the month's expense payments in its category, in stored USD cents", async () => {
  const created = await createBudget(db, alice, { categoryId: "default-food", amountCents: 10_000, month: november, alertThreshold: 80 });
  expect(created.kind).toBe("ok");
  const budget = created.kind === "ok" ? created.budget : undefined;
  // 20.00 + 12.13 + 27.11 + 49.99 = 109.23
  expect(budget).toMatchObject({ categoryId: "default-food", amountCents: 10_000, month: november, alertThreshold: 80, spentCents: 10_923 });
  expect(budgetFigures(budget!.amountCents, budget!.spentCents, budget!.alertThreshold)).toEqual({ percent: 109, remainingCents: -923, status: "over" });
  // The activity log has it, with the address it came from.
  const [entry] = await db.select().from(activityLog).where(and(eq(activityLog.userId, alice.userId), eq(activityLog.action, "budget_create")));
  expect(entry).toMatchObject({ description: "Food & Dining, 2026-11", ipAddress: "203.0.113.7" });
});

test("one budget per category and month: a second is refused and nothing is written", async () => {
  const before = await db.$count(budgets);
  expect(await createBudget(db, alice, { categoryId: "default-food", amountCents: 1, month: november, alertThreshold: 50 })).toEqual({ kind: "duplicate" });
  expect(await db.$count(budgets)).toBe(before);
  expect(await db.$count(activityLog, eq(activityLog.action, "budget_create"))).toBe(1);
  // Another month, or another user, may have one.
  expect((await createBudget(db, alice, { categoryId: "default-food", amountCents: 1, month: "2026-12-01", alertThreshold: 50 })).kind).toBe("ok");
  expect((await createBudget(db, bob, { categoryId: "default-food", amountCents: 1, month: november, alertThreshold: 50 })).kind).toBe("ok");
});

test("only expense categories the user can see can be budgeted", async () => {
  for (const categoryId of ["alice-bonus", "default-salary", "bob-boats", "no-such-category"]) {
    expect(await createBudget(db, alice, { categoryId, amountCents: 100, month: november, alertThreshold: 80 }), categoryId).toEqual({ kind: "categoryInvalid" });
  }
  expect((await createBudget(db, alice, { categoryId: "alice-pets", amountCents: 1_000, month: november, alertThreshold: 80 })).kind).toBe("ok");
});

test("the month's list: each budget with its own spending, only the user's", async () => {
  const list = await listBudgetMonth(db, alice.userId, november);
  expect(list.map((b) => [b.category.name, b.spentCents])).toEqual([
    ["Food & Dining", 10_923],
    ["Pets", 500],
  ]);
  const bobs = await listBudgetMonth(db, bob.userId, november);
  expect(bobs.map((b) => [b.categoryId, b.spentCents])).toEqual([["default-food", 9_999]]);
});

test("another user's budget cannot be read, changed or deleted", async () => {
  const [bobsBudget] = await listBudgetMonth(db, bob.userId, november);
  expect(await findBudget(db, alice.userId, bobsBudget!.id)).toBeUndefined();
  expect(await updateBudget(db, alice, { id: bobsBudget!.id, categoryId: "default-food", amountCents: 5, month: november, alertThreshold: 10 })).toEqual({ kind: "notFound" });
  expect(await deleteBudget(db, alice, { id: bobsBudget!.id })).toEqual({ kind: "notFound" });
  expect(await findBudget(db, bob.userId, bobsBudget!.id)).toMatchObject({ amountCents: 1, alertThreshold: 50 });
});

test("an edit changes the amount and threshold, and cannot move onto a taken category", async () => {
  const [food, pets] = await listBudgetMonth(db, alice.userId, november);
  const edited = await updateBudget(db, alice, { id: pets!.id, categoryId: "alice-pets", amountCents: 600, month: november, alertThreshold: 90 });
  expect(edited).toMatchObject({ kind: "ok", budget: { amountCents: 600, alertThreshold: 90, spentCents: 500 } });
  expect(await updateBudget(db, alice, { id: pets!.id, categoryId: "default-food", amountCents: 600, month: november, alertThreshold: 90 })).toEqual({ kind: "duplicate" });
  expect(await findBudget(db, alice.userId, food!.id)).toMatchObject({ categoryId: "default-food", amountCents: 10_000 });
});

test("copying last month's budgets skips categories already budgeted and says how many it copied", async () => {
  // December already has Food (created above); November has Food and Pets.
  expect(await copyPreviousMonthBudgets(db, alice, "2026-12-01")).toEqual({ kind: "ok", copied: 1 });
  const december = await listBudgetMonth(db, alice.userId, "2026-12-01");
  expect(december.map((b) => [b.category.name, b.amountCents, b.alertThreshold])).toEqual([
    ["Food & Dining", 1, 50],
    ["Pets", 600, 90],
  ]);
  // Again: nothing left to copy, and no activity entry for nothing.
  expect(await copyPreviousMonthBudgets(db, alice, "2026-12-01")).toEqual({ kind: "ok", copied: 0 });
  const copies = await db.select().from(activityLog).where(eq(activityLog.action, "budget_copy"));
  expect(copies.map((c) => c.description)).toEqual(["1, 2026-11 → 2026-12"]);
  // Bob's budgets were never copied into Alice's month, nor Alice's into his.
  expect(await listBudgetMonth(db, bob.userId, "2026-12-01")).toEqual([]);
});

test("a deleted budget is gone and its deletion is logged", async () => {
  const [, pets] = await listBudgetMonth(db, alice.userId, "2026-12-01");
  expect(await deleteBudget(db, alice, { id: pets!.id })).toMatchObject({ kind: "ok", budget: { categoryId: "alice-pets" } });
  expect(await findBudget(db, alice.userId, pets!.id)).toBeUndefined();
  expect(await deleteBudget(db, alice, { id: pets!.id })).toEqual({ kind: "notFound" });
  expect(await db.$count(activityLog, eq(activityLog.action, "budget_delete"))).toBe(1);
});

test("a month's budgets add up to at most USD 10,000,000,000,000.00: exactly that is accepted, a cent more is refused on every write", async () => {
  const carol = { userId: "user-carol", ip: null };
  await db.insert(users).values({ id: carol.userId, email: "carol@example.com", firstName: "Carol", lastName: "Test", passwordHash: "x" });
  await db.insert(categories).values(
    ["a", "b", "c", "d"].map((key) => ({ id: `carol-${key}`, userId: carol.userId, name: `Carol ${key}`, nameKey: `carol ${key}`, type: "expense" as const })),
  );
  const january = "2027-01-01" as const;
  const max = 99_999_999_999_999; // the largest budget: USD 999,999,999,999.99
  const defaults = ["food", "housing", "transport", "utilities", "entertainment", "health", "shopping", "education", "travel"].map((c) => `default-${c}`);
  for (const categoryId of [...defaults, "carol-a"]) {
    expect((await createBudget(db, carol, { categoryId, amountCents: max, month: january, alertThreshold: 80 })).kind, categoryId).toBe("ok");
  }
  const monthTotal = async (month: string) => (await listBudgetMonth(db, carol.userId, month as typeof january)).reduce((sum, b) => sum + BigInt(b.amountCents), 0n);
  const logged = () => db.$count(activityLog, eq(activityLog.userId, carol.userId));
  // 10 × max = 10^15 − 10 cents: 10 more cents fit, 11 do not, and the refusal writes nothing.
  const before = { total: await monthTotal(january), logged: await logged() };
  expect(await createBudget(db, carol, { categoryId: "carol-b", amountCents: 11, month: january, alertThreshold: 80 })).toEqual({ kind: "monthTotalLimit" });
  expect({ total: await monthTotal(january), logged: await logged() }).toEqual(before);
  const last = await createBudget(db, carol, { categoryId: "carol-b", amountCents: 10, month: january, alertThreshold: 80 });
  expect(last.kind).toBe("ok");
  expect(await monthTotal(january)).toBe(10n ** 15n);

  // An edit: a cent more is refused and changes nothing; the same or less is fine.
  const id = last.kind === "ok" ? last.budget.id : "";
  const edit = (amountCents: number) => updateBudget(db, carol, { id, categoryId: "carol-b", amountCents, month: january, alertThreshold: 80 });
  const loggedBefore = await logged();
  expect(await edit(11)).toEqual({ kind: "monthTotalLimit" });
  expect(await findBudget(db, carol.userId, id)).toMatchObject({ amountCents: 10 });
  expect(await logged()).toBe(loggedBefore);
  expect((await edit(10)).kind).toBe("ok");
  expect((await edit(9)).kind).toBe("ok");
  expect(await logged()).toBe(loggedBefore + 2);

  // Moving a budget from another month counts its whole amount in the new one.
  const moved = await createBudget(db, carol, { categoryId: "carol-c", amountCents: 2, month: "2027-02-01", alertThreshold: 80 });
  const movedId = moved.kind === "ok" ? moved.budget.id : "";
  const move = (amountCents: number) => updateBudget(db, carol, { id: movedId, categoryId: "carol-c", amountCents, month: january, alertThreshold: 80 });
  expect(await move(2)).toEqual({ kind: "monthTotalLimit" });
  expect(await findBudget(db, carol.userId, movedId)).toMatchObject({ month: "2027-02-01", amountCents: 2 });
  expect(await move(1)).toMatchObject({ kind: "ok", budget: { month: january, amountCents: 1 } });
  expect(await monthTotal(january)).toBe(10n ** 15n);
});

test("copying last month is all or nothing against the month's bound", async () => {
  const carol = { userId: "user-carol", ip: null };
  // January holds exactly 10^15 cents (the test above); February gets one cent in a category January lacks.
  const extra = await createBudget(db, carol, { categoryId: "carol-d", amountCents: 1, month: "2027-02-01", alertThreshold: 80 });
  const copies = () => db.$count(activityLog, and(eq(activityLog.userId, carol.userId), eq(activityLog.action, "budget_copy")));
  expect(await copyPreviousMonthBudgets(db, carol, "2027-02-01")).toEqual({ kind: "monthTotalLimit" });
  expect((await listBudgetMonth(db, carol.userId, "2027-02-01")).map((b) => b.categoryId)).toEqual(["carol-d"]);
  expect(await copies()).toBe(0);
  // Without that cent the copy fits exactly, and copies all 12.
  await deleteBudget(db, carol, { id: extra.kind === "ok" ? extra.budget.id : "" });
  expect(await copyPreviousMonthBudgets(db, carol, "2027-02-01")).toEqual({ kind: "ok", copied: 12 });
  expect(await copies()).toBe(1);
});
