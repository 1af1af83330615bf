import { env } from "cloudflare:test";
import { beforeAll, expect, test } from "vitest";
import { api, registerViaApi, type ApiAccount } from "./api-client";
import { insertTransaction, testDb } from "./seed-rows";
import { budgets, categories, currencies } from "~/platform/db/schema";
import { addRows, categoryRow, inactiveFranc, insertRows, writeRows } from "../setup/rows";

// The budgets and savings-goals API (issue 12) through the Worker. One owner and one stranger
// for the whole file; each test works in its own month or on its own goals, so they share them.

let me: ApiAccount;
let other: ApiAccount;
let groceries: string;

beforeAll(async () => {
  [me, other] = await Promise.all([registerViaApi(), registerViaApi()]);
  const res = await api("/api/categories", { token: me.accessToken, json: { name: "Groceries", type: "expense", color: "#3B82F6" } });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  groceries = res.body.data.category.id;
});

const today = () => new Date().toISOString().slice(0, 10);
const daysFromToday = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

async function expense(json: Record<string, unknown>) {
  const res = await api("/api/transactions", { token: me.accessToken, json: { description: "Shop", categoryId: groceries, type: "EXPENSE", ...json } });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data.transaction as { usdCents: number };
}

async function createBudget(account: ApiAccount, json: Record<string, unknown>) {
  const res = await api("/api/budgets", { token: account.accessToken, json });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data.budget as { id: string; [key: string]: unknown };
}

async function progress(month: string) {
  const res = await api(`/api/budgets/progress?month=${month}`, { token: me.accessToken });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data as { budgets: Record<string, unknown>[]; totals: Record<string, number> };
}

const budgetRow = (id: string) => env.DB.prepare("select * from budgets where id = ?").bind(id).first();
const goalRow = (id: string) => env.DB.prepare("select * from savings_goals where id = ?").bind(id).first();
const entryCount = (goalId: string) =>
  env.DB.prepare("select count(*) as n from goal_entries where goal_id = ?").bind(goalId).first<{ n: number }>().then((r) => r!.n);

// ---------------------------------------------------------------------------------------------
// Budgets

test("a budget is created from the spec's payload, answered in both namings with its figures, and listed for its month", async () => {
  const res = await api("/api/budgets", { token: me.accessToken, json: { categoryId: groceries, amount: 250.5, month: "2026-06-01", alert_threshold: 75 } });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  const budget = res.body.data.budget;
  expect(res.body.data.message).toBe("Budget created successfully!");
  expect(budget).toEqual({
    id: expect.any(String),
    categoryId: groceries,
    category_id: groceries,
    category: { id: groceries, name: "Groceries", color: "#3B82F6", icon: "ShoppingCart" },
    amount: 250.5,
    amountCents: 25_050,
    month: "2026-06-01",
    alert_threshold: 75,
    alertThreshold: 75,
    spent: 0,
    spentCents: 0,
    remaining: 250.5,
    remainingCents: 25_050,
    percent: 0,
    status: "ok",
    createdAt: expect.any(String),
    updatedAt: expect.any(String),
  });
  expect(await budgetRow(budget.id)).toMatchObject({ user_id: me.user.id, amount_usd_cents: 25_050, month: "2026-06-01", alert_threshold: 75 });

  // ?month= as a page writes it or as the spec stores it; the list also where the spec's client reads it.
  for (const month of ["2026-06", "2026-06-01"]) {
    const list = await api(`/api/budgets?month=${month}`, { token: me.accessToken });
    expect(list.status).toBe(200);
    expect(list.body.data).toEqual({ month: "2026-06-01", budgets: [budget], data: { budgets: [budget] } });
  }
  expect((await api("/api/budgets?month=2026-07", { token: me.accessToken })).body.data.budgets).toEqual([]);
  // Without a month: the current one (UTC), and this budget is not in it.
  const current = await api("/api/budgets", { token: me.accessToken });
  expect(current.body.data.month).toBe(`${today().slice(0, 7)}-01`);
  // camelCase names and a string amount are accepted too; the threshold defaults to 80.
  const camel = await createBudget(me, { category_id: "default-food", amount: "99.99", month: "2026-06-01" });
  expect(camel).toMatchObject({ categoryId: "default-food", amountCents: 9_999, alertThreshold: 80 });
  expect(await api("/api/budgets?month=2026-13", { token: me.accessToken })).toMatchObject({
    status: 400,
    body: { message: "Choose a month (yyyy-MM)", errors: { month: ["Choose a month (yyyy-MM)"] } },
  });
});

test("spent adds up the month's expense payments in the category from their stored USD cents, across currencies and payments", async () => {
  const budget = await createBudget(me, { categoryId: groceries, amount: "250.50", month: "2026-10-01" });
  // EUR 50.00 at 0.9 per USD: 5000 ÷ 0.9 = 5555.55… → 5556 cents.
  expect((await expense({ date: "2026-10-01", currencyCode: "EUR", amount: "50.00", exchangeRate: "0.9" })).usdCents).toBe(5_556);
  // USD 10.00 → 1000; COP 40,000.00 at 3871.25: 4,000,000 ÷ 3871.25 = 1033.26 → 1033; JPY 1500 at 150: 150,000 ÷ 150 = 1000.
  const multi = await expense({
    date: "2026-10-31",
    payments: [
      { currencyCode: "USD", amount: "10.00" },
      { currencyCode: "COP", amount: "40000.00", exchangeRate: "3871.25" },
      { currencyCode: "JPY", amount: 1500, exchangeRate: "150" },
    ],
  });
  expect(multi.usdCents).toBe(3_033);
  // Not this budget's: the next month, and another category.
  await expense({ date: "2026-11-01", amount: "40.00" });
  await expense({ date: "2026-10-15", amount: "40.00", categoryId: "default-food" });

  const { budgets } = await progress("2026-10");
  const shown = budgets.find((b) => b.id === budget.id)!;
  // 5556 + 3033 = 8589 cents of 25050: 34.29 % → 34.
  expect(shown).toMatchObject({ spentCents: 8_589, spent: 85.89, remainingCents: 16_461, remaining: 164.61, percent: 34, status: "ok" });
  // The same figure the transaction list gives for the same filter.
  const listed = await api(`/api/transactions?categoryId=${groceries}&type=EXPENSE&startDate=2026-10-01&endDate=2026-10-31`, { token: me.accessToken });
  expect(listed.body.data.totals.expenseUsdCents).toBe(8_589);
});

test("a budget turns near when the percent reaches its threshold, stays near at exactly its amount, and is over one cent past it", async () => {
  const budget = await createBudget(me, { categoryId: groceries, amount: "100", month: "2026-09-01" });
  const status = async () => (await progress("2026-09")).budgets.find((b) => b.id === budget.id)!;
  // 79.99 of 100.00 has not reached 80 %, and its percent (rounded down) does not say it has.
  await expense({ date: "2026-09-03", amount: "79.99" });
  expect(await status()).toMatchObject({ percent: 79, status: "ok" });
  await expense({ date: "2026-09-04", amount: "0.01" });
  expect(await status()).toMatchObject({ percent: 80, status: "near" });
  await expense({ date: "2026-09-05", amount: "20.00" });
  expect(await status()).toMatchObject({ spentCents: 10_000, remainingCents: 0, percent: 100, status: "near" });
  await expense({ date: "2026-09-06", amount: "0.01" });
  expect(await status()).toMatchObject({ spentCents: 10_001, remaining: -0.01, remainingCents: -1, percent: 100, status: "over" });
});

test("the progress call adds up the month: budgeted, spent, remaining and how many are over", async () => {
  await createBudget(me, { categoryId: groceries, amount: "50", month: "2026-05-01" });
  await createBudget(me, { categoryId: "default-food", amount: "200", month: "2026-05-01" });
  await expense({ date: "2026-05-10", amount: "60.25" });
  await expense({ date: "2026-05-11", amount: "10", categoryId: "default-food" });
  const { budgets, totals } = await progress("2026-05-01");
  // By category name: Food & Dining, then Groceries.
  expect(budgets.map((b) => [b.categoryId, b.status])).toEqual([["default-food", "ok"], [groceries, "over"]]);
  expect(totals).toEqual({
    budgeted: 250,
    budgetedCents: 25_000,
    spent: 70.25,
    spentCents: 7_025,
    remaining: 179.75,
    remainingCents: 17_975,
    overCount: 1,
  });
  expect((await progress("2026-04")).totals).toMatchObject({ budgetedCents: 0, spentCents: 0, overCount: 0 });
});

test("one budget per category and month: a second answers 409 on categoryId and nothing is added; the spec's missing fields answer 400", async () => {
  await createBudget(me, { categoryId: groceries, amount: "10", month: "2026-03-01" });
  const again = await api("/api/budgets", { token: me.accessToken, json: { categoryId: groceries, amount: "20", month: "2026-03", alert_threshold: 90 } });
  expect(again.status).toBe(409);
  expect(again.body).toEqual({
    status: "error",
    message: "This category already has a budget for that month",
    errors: { categoryId: ["This category already has a budget for that month"] },
  });
  const count = await env.DB.prepare("select count(*) as n from budgets where user_id = ? and category_id = ? and month = '2026-03-01'")
    .bind(me.user.id, groceries)
    .first<{ n: number }>();
  expect(count!.n).toBe(1);
  const missing = await api("/api/budgets", { token: me.accessToken, json: { month: "2026-03-01" }, headers: { "Accept-Language": "es" } });
  expect(missing.status).toBe(400);
  expect(missing.body.message).toBe("Por favor, completa todos los campos obligatorios");
  expect(Object.keys(missing.body.errors ?? {}).sort()).toEqual(["amount", "categoryId"]);
});

test("only an expense category of one's own or a default one can be budgeted", async () => {
  const theirs = await api("/api/categories", { token: other.accessToken, json: { name: "Theirs", type: "expense", color: "#3B82F6" } });
  for (const categoryId of ["default-salary", theirs.body.data.category.id, "no-such-category"]) {
    const res = await api("/api/budgets", { token: me.accessToken, json: { categoryId, amount: "10", month: "2026-02-01" } });
    expect(res.status, categoryId).toBe(400);
    expect(res.body.errors, categoryId).toEqual({ categoryId: ["Choose one of your expense categories"] });
  }
  expect((await api("/api/budgets?month=2026-02", { token: me.accessToken })).body.data.budgets).toEqual([]);
});

test("a budget is updated and deleted with the spec's messages (in the request's language), and each change is in the activity log", async () => {
  const budget = await createBudget(me, { categoryId: groceries, amount: "10", month: "2026-01-01" });
  await createBudget(me, { categoryId: "default-food", amount: "10", month: "2026-01-01" });
  const put = (json: Record<string, unknown>, headers?: Record<string, string>) =>
    api(`/api/budgets/${budget.id}`, { method: "PUT", token: me.accessToken, json, headers });

  const updated = await put({ categoryId: groceries, amount: "300", month: "2026-01-01", alert_threshold: 100 });
  expect(updated.status, JSON.stringify(updated.body)).toBe(200);
  expect(updated.body.data.message).toBe("Budget updated successfully!");
  expect(updated.body.data.budget).toMatchObject({ id: budget.id, amountCents: 30_000, alert_threshold: 100 });
  // Moved onto a category that already has a budget that month.
  const clash = await put({ categoryId: "default-food", amount: "300", month: "2026-01-01" });
  expect(clash.status).toBe(409);
  expect(await budgetRow(budget.id)).toMatchObject({ category_id: groceries, amount_usd_cents: 30_000 });

  const deleted = await api(`/api/budgets/${budget.id}`, { method: "DELETE", token: me.accessToken, headers: { "Accept-Language": "es" } });
  expect(deleted.status).toBe(200);
  expect(deleted.body.data).toEqual({ id: budget.id, message: "¡Presupuesto eliminado con éxito!" });
  expect(await budgetRow(budget.id)).toBeNull();
  expect((await api(`/api/budgets/${budget.id}`, { method: "DELETE", token: me.accessToken })).status).toBe(404);

  const activity = await api("/api/users/activity", { token: me.accessToken });
  const actions = (activity.body.data.activities as { action: string }[]).map((a) => a.action);
  expect(actions).toEqual(expect.arrayContaining(["budget_create", "budget_update", "budget_delete"]));
});

test("another user's budget answers 404 exactly as a missing one, stays out of their lists and is left unchanged", async () => {
  const budget = await createBudget(me, { categoryId: groceries, amount: "42", month: "2025-12-01" });
  const before = await budgetRow(budget.id);
  const body = { categoryId: "default-food", amount: "1", month: "2025-12-01" };
  for (const [method, json] of [["PUT", body], ["DELETE", undefined]] as const) {
    const theirs = await api(`/api/budgets/${budget.id}`, { method, token: other.accessToken, json });
    const unknown = await api(`/api/budgets/${crypto.randomUUID()}`, { method, token: other.accessToken, json });
    expect(theirs.status, method).toBe(404);
    expect(theirs.body, method).toEqual(unknown.body);
  }
  expect(await budgetRow(budget.id)).toEqual(before);
  for (const path of ["/api/budgets?month=2025-12", "/api/budgets/progress?month=2025-12"]) {
    expect((await api(path, { token: other.accessToken })).body.data.budgets, path).toEqual([]);
  }
});

test("a 0.01 budget with 9,000,000,000,000.00 spent answers 200 on the list and the progress call, its percent capped at 1000", async () => {
  const big = await registerViaApi();
  const month = "2026-04-01";
  const budget = await createBudget(big, { categoryId: "default-food", amount: "0.01", month });
  await insertTransaction({ userId: big.user.id, categoryId: "default-food", date: "2026-04-15", usdCents: 900_000_000_000_000 });
  for (const path of [`/api/budgets?month=${month}`, `/api/budgets/progress?month=${month}`]) {
    const res = await api(path, { token: big.accessToken });
    expect(res.status, path).toBe(200);
    expect(res.body.data.budgets, path).toEqual([
      expect.objectContaining({ id: budget.id, amountCents: 1, spentCents: 900_000_000_000_000, spent: 9_000_000_000_000, remainingCents: -899_999_999_999_999, percent: 1000, status: "over" }),
    ]);
  }
});

test("the month's budgets add up to at most 10,000,000,000,000.00: exactly that is accepted and summed to the cent, a cent more answers 400 on amount", async () => {
  const full = await registerViaApi();
  const month = "2026-03-01";
  const own = async (name: string) => (await api("/api/categories", { token: full.accessToken, json: { name, type: "expense", color: "#3B82F6" } })).body.data.category.id as string;
  const defaults = ["food", "housing", "transport", "utilities", "entertainment", "health", "shopping", "education", "travel"].map((c) => `default-${c}`);
  for (const categoryId of [...defaults, await own("Tenth")]) await createBudget(full, { categoryId, amount: "999999999999.99", month });
  const last = await own("Eleventh");
  for (const language of ["en", "es"]) {
    const over = await api("/api/budgets", { token: full.accessToken, json: { categoryId: last, amount: "0.11", month }, headers: { "Accept-Language": language } });
    expect(over.status).toBe(400);
    const message =
      language === "en"
        ? "This would take the month's budgets past $ 10,000,000,000,000.00 in all, the most one month can hold"
        : "Con esto los presupuestos del mes sumarían más de US$ 10.000.000.000.000,00, el máximo que admite un mes";
    expect(over.body).toEqual({ status: "error", message, errors: { amount: [message] } });
  }
  const added = await createBudget(full, { categoryId: last, amount: "0.10", month });
  const res = await api(`/api/budgets/progress?month=${month}`, { token: full.accessToken });
  expect(res.status).toBe(200);
  expect(res.body.data.totals).toEqual({
    budgeted: 10_000_000_000_000,
    budgetedCents: 1_000_000_000_000_000,
    spent: 0,
    spentCents: 0,
    remaining: 10_000_000_000_000,
    remainingCents: 1_000_000_000_000_000,
    overCount: 0,
  });
  // An edit that adds a cent is refused; the budget is unchanged.
  const put = await api(`/api/budgets/${added.id}`, { method: "PUT", token: full.accessToken, json: { categoryId: last, amount: "0.11", month } });
  expect(put.status).toBe(400);
  expect(put.body.errors).toEqual({ amount: ["This would take the month's budgets past $ 10,000,000,000,000.00 in all, the most one month can hold"] });
  expect(await budgetRow(added.id)).toMatchObject({ amount_usd_cents: 10 });
});

test("a month with 91 maximal budgets written before the bound answers 200 on the list and the progress call", async () => {
  const legacy = await registerViaApi();
  const old = Array.from({ length: 91 }, (_, i) => categoryRow(legacy.user.id, `Old ${i}`));
  const db = testDb();
  await writeRows(db, [
    ...insertRows(db, categories, old),
    ...insertRows(db, budgets, old.map((category) => ({ userId: legacy.user.id, categoryId: category.id!, amountUsdCents: 99_999_999_999_999, month: "2026-02-01" }))),
  ]);
  for (const path of ["/api/budgets?month=2026-02", "/api/budgets/progress?month=2026-02"]) {
    const res = await api(path, { token: legacy.accessToken });
    expect(res.status, path).toBe(200);
    expect(res.body.data.budgets, path).toHaveLength(91);
  }
});

// ---------------------------------------------------------------------------------------------
// Savings goals

async function createGoal(account: ApiAccount, json: Record<string, unknown>) {
  const res = await api("/api/savings-goals", { token: account.accessToken, json });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data.savings_goal as { id: string; [key: string]: unknown };
}

const recordProgress = (id: string, json: unknown, account = me) =>
  api(`/api/savings-goals/${id}/progress`, { method: "PUT", token: account.accessToken, json });

async function listedGoal(id: string) {
  const res = await api("/api/savings-goals", { token: me.accessToken });
  expect(res.status).toBe(200);
  expect(res.body.data.data.savings_goals).toEqual(res.body.data.savings_goals);
  return (res.body.data.savings_goals as { id: string; entries: { amountMinor: number; note: string | null }[] }[]).find((g) => g.id === id);
}

test("a goal is created from the spec's payload and grows with progress twice and a withdrawal, each kept in its history", async () => {
  const res = await api("/api/savings-goals", {
    token: me.accessToken,
    json: { name: "Emergency fund", target_amount: 1500, current_amount: "100.50", target_date: null, description: "Six months" },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  expect(res.body.data.message).toBe("Savings goal created successfully!");
  const goal = res.body.data.savings_goal;
  expect(goal).toMatchObject({
    name: "Emergency fund",
    currencyCode: "USD",
    target_amount: 1500,
    targetAmountMinor: 150_000,
    current_amount: 100.5,
    currentAmountMinor: 10_050,
    remaining: 1399.5,
    percent: 6, // 6.7 %, rounded down
    completed: false,
    target_date: null,
    description: "Six months",
    months_remaining: null,
    past_due: false,
    per_month_needed: null,
  });

  const first = await recordProgress(goal.id, { amount: 200, note: "Payday" });
  expect(first.status, JSON.stringify(first.body)).toBe(200);
  expect(first.body.data.message).toBe("Progress recorded");
  expect(first.body.data.savings_goal).toMatchObject({ current_amount: 300.5, currentAmountMinor: 30_050 });
  expect((await recordProgress(goal.id, { amount: "199.50" })).body.data.savings_goal).toMatchObject({ currentAmountMinor: 50_000 });
  const withdrawal = await recordProgress(goal.id, { amount: "-50.25", note: "Car repair" });
  expect(withdrawal.body.data.savings_goal).toMatchObject({ current_amount: 449.75, remaining: 1050.25, percent: 29 }); // 29.98 %

  const listed = await listedGoal(goal.id);
  expect(listed).toMatchObject({ currentAmountMinor: 44_975 });
  expect(listed!.entries.map((e) => e.amountMinor).sort((a, b) => a - b)).toEqual([-5_025, 10_050, 19_950, 20_000]);
  expect(listed!.entries.find((e) => e.amountMinor === -5_025)!.note).toBe("Car repair");
  // The saved amount is the sum of the entries, in the database too.
  expect(await goalRow(goal.id)).toMatchObject({ saved_minor: 44_975 });

  // More than is saved: refused on amount, nothing recorded.
  const tooMuch = await recordProgress(goal.id, { amount: -449.76 });
  expect(tooMuch.status).toBe(400);
  expect(tooMuch.body).toEqual({ status: "error", message: "You cannot withdraw more than is saved", errors: { amount: ["You cannot withdraw more than is saved"] } });
  expect(await goalRow(goal.id)).toMatchObject({ saved_minor: 44_975 });
  expect(await entryCount(goal.id)).toBe(4);
  // Withdrawing exactly what is saved leaves 0.
  expect((await recordProgress(goal.id, { amount: -449.75 })).body.data.savings_goal).toMatchObject({ current_amount: 0, percent: 0 });
  for (const amount of [0, "0.001", "abc"]) expect((await recordProgress(goal.id, { amount })).status, String(amount)).toBe(400);
});

test("a goal counts 30-day months to its date and what is needed each month; past its date it says so", async () => {
  const ahead = await createGoal(me, { name: "Trip", target_amount: "1000.01", target_date: daysFromToday(31) });
  // 31 days is two 30-day months; 100,001 cents over two months, rounded up: 50,001.
  expect(ahead).toMatchObject({ months_remaining: 2, monthsRemaining: 2, past_due: false, per_month_needed: 500.01, perMonthNeededMinor: 50_001 });
  expect(await createGoal(me, { name: "Today", target_amount: 10, targetDate: today() })).toMatchObject({ months_remaining: 0, past_due: false, per_month_needed: null });
  expect(await createGoal(me, { name: "Late", target_amount: 10, target_date: daysFromToday(-1) })).toMatchObject({ months_remaining: null, past_due: true, pastDue: true });
  const done = await createGoal(me, { name: "Done", target_amount: 10, current_amount: 12, target_date: daysFromToday(90) });
  expect(done).toMatchObject({ completed: true, remaining: 0, percent: 120, per_month_needed: null });
});

test("a 0.01 goal with 999,999,999,999.99 saved answers 200 with its percent capped at 1000", async () => {
  const tiny = await createGoal(me, { name: "Tiny", target_amount: "0.01", current_amount: "999999999999.99" });
  expect(tiny).toMatchObject({ targetAmountMinor: 1, currentAmountMinor: 99_999_999_999_999, percent: 1000, completed: true });
  expect(await listedGoal(tiny.id)).toMatchObject({ percent: 1000 });
});

test("a goal in another currency keeps its amounts at that currency's decimals", async () => {
  const yen = await createGoal(me, { name: "Camera", currencyCode: "JPY", targetAmount: 150000, currentAmount: 2000 });
  expect(yen).toMatchObject({ currencyCode: "JPY", target_amount: 150_000, targetAmountMinor: 150_000, current_amount: 2000 });
  const fraction = await recordProgress(yen.id, { amount: "10.5" });
  expect(fraction.status).toBe(400);
  expect(fraction.body.errors?.amount).toEqual(["This currency has fewer decimal places"]);
  expect((await recordProgress(yen.id, { amount: "500" })).body.data.savings_goal).toMatchObject({ current_amount: 2500 });
  // Once there is history, the currency stays.
  const moved = await api(`/api/savings-goals/${yen.id}`, { method: "PUT", token: me.accessToken, json: { name: "Camera", currencyCode: "EUR", target_amount: 1000 } });
  expect(moved.status).toBe(409);
  expect(moved.body.errors).toEqual({ currencyCode: ["The currency cannot change once progress is recorded"] });
  const unknown = await api("/api/savings-goals", { token: me.accessToken, json: { name: "X", currencyCode: "XXX", target_amount: 5 } });
  expect(unknown.status).toBe(400);
  expect(unknown.body.errors).toEqual({ currencyCode: ["Choose one of the active currencies"] });
});

test("a PUT that leaves currencyCode out keeps the goal's currency: a JPY 150,000 goal stays JPY 150,000", async () => {
  const yen = await createGoal(me, { name: "Camera", currencyCode: "JPY", target_amount: 150000 });
  const put = await api(`/api/savings-goals/${yen.id}`, { method: "PUT", token: me.accessToken, json: { name: "Better camera", target_amount: 150000, target_date: null } });
  expect(put.status, JSON.stringify(put.body)).toBe(200);
  expect(put.body.data.savings_goal).toMatchObject({ name: "Better camera", currencyCode: "JPY", target_amount: 150_000, targetAmountMinor: 150_000 });
  expect(await goalRow(yen.id)).toMatchObject({ currency_code: "JPY", target_minor: 150_000 });
  // Its amounts are read at the yen's decimals, as when the currency is named.
  const fraction = await api(`/api/savings-goals/${yen.id}`, { method: "PUT", token: me.accessToken, json: { name: "Camera", target_amount: "150000.50" } });
  expect(fraction.status).toBe(400);
  expect(fraction.body.errors).toEqual({ target_amount: ["This currency has fewer decimal places"] });
});

test("an inactive currency (CHF) is refused for a new goal and for moving one, with the web page's message; nothing changes", async () => {
  await addRows(testDb(), currencies, [inactiveFranc], { ignoreExisting: true });
  const refusal = { status: "error", message: "Choose one of the active currencies", errors: { currencyCode: ["Choose one of the active currencies"] } };
  const created = await api("/api/savings-goals", { token: me.accessToken, json: { name: "Swiss", currencyCode: "CHF", target_amount: 100 } });
  expect(created.status).toBe(400);
  expect(created.body).toEqual(refusal);
  const goal = await createGoal(me, { name: "Plain", target_amount: 100 });
  const moved = await api(`/api/savings-goals/${goal.id}`, { method: "PUT", token: me.accessToken, json: { name: "Plain", currencyCode: "CHF", target_amount: 100 } });
  expect(moved.status).toBe(400);
  expect(moved.body).toEqual(refusal);
  expect(await goalRow(goal.id)).toMatchObject({ currency_code: "USD" });
  const spanish = await api(`/api/savings-goals/${goal.id}`, { method: "PUT", token: me.accessToken, json: { name: "Plain", currency_code: "chf", target_amount: 100 }, headers: { "Accept-Language": "es" } });
  expect(spanish.body.errors).toEqual({ currencyCode: ["Elige una de las monedas activas"] });
});

test("name and target are required together; a goal is updated (an edited saved amount is an entry) and deleted with its history", async () => {
  const empty = await api("/api/savings-goals", { token: me.accessToken, json: { description: "no name" } });
  expect(empty.status).toBe(400);
  expect(empty.body.message).toBe("Please fill in all required fields");
  expect(Object.keys(empty.body.errors ?? {}).sort()).toEqual(["name", "target_amount"]);

  const goal = await createGoal(me, { name: "Laptop", target_amount: 800, current_amount: 100 });
  const put = await api(`/api/savings-goals/${goal.id}`, {
    method: "PUT",
    token: me.accessToken,
    json: { name: "New laptop", target_amount: 900, current_amount: 150, target_date: "2027-01-31", description: null },
  });
  expect(put.status, JSON.stringify(put.body)).toBe(200);
  expect(put.body.data.message).toBe("Savings goal updated successfully!");
  expect(put.body.data.savings_goal).toMatchObject({ name: "New laptop", target_amount: 900, current_amount: 150, target_date: "2027-01-31" });
  expect(await entryCount(goal.id)).toBe(2);
  // Lowering the saved amount below zero is not possible; the refusal names the field sent.
  const negative = await api(`/api/savings-goals/${goal.id}`, { method: "PUT", token: me.accessToken, json: { name: "New laptop", target_amount: 900, current_amount: -1 } });
  expect(negative.status).toBe(400);
  expect(negative.body.errors).toEqual({ current_amount: ["The saved amount must be 0 or more"] });

  const deleted = await api(`/api/savings-goals/${goal.id}`, { method: "DELETE", token: me.accessToken });
  expect(deleted.body.data).toEqual({ id: goal.id, message: "Savings goal deleted successfully!" });
  expect(await goalRow(goal.id)).toBeNull();
  expect(await entryCount(goal.id)).toBe(0);
  expect((await recordProgress(goal.id, { amount: 1 })).status).toBe(404);

  const actions = ((await api("/api/users/activity", { token: me.accessToken })).body.data.activities as { action: string }[]).map((a) => a.action);
  expect(actions).toEqual(expect.arrayContaining(["goal_create", "goal_update", "goal_progress", "goal_delete"]));
});

test("another user's goal answers 404 exactly as a missing one on every write, stays out of their list and is left unchanged", async () => {
  const goal = await createGoal(me, { name: "Private", target_amount: 50, current_amount: 5 });
  const before = { goal: await goalRow(goal.id), entries: await entryCount(goal.id) };
  const writes: [string, string, unknown][] = [
    ["PUT", "", { name: "Hijacked", target_amount: 1, current_amount: 0 }],
    ["PUT", "/progress", { amount: -5 }],
    ["DELETE", "", undefined],
  ];
  for (const [method, suffix, json] of writes) {
    const theirs = await api(`/api/savings-goals/${goal.id}${suffix}`, { method, token: other.accessToken, json });
    const unknown = await api(`/api/savings-goals/${crypto.randomUUID()}${suffix}`, { method, token: other.accessToken, json });
    expect(theirs.status, `${method} ${suffix}`).toBe(404);
    expect(theirs.body, `${method} ${suffix}`).toEqual(unknown.body);
  }
  expect({ goal: await goalRow(goal.id), entries: await entryCount(goal.id) }).toEqual(before);
  const list = await api("/api/savings-goals", { token: other.accessToken });
  expect((list.body.data.savings_goals as { id: string }[]).map((g) => g.id)).not.toContain(goal.id);
});

test("openapi.json documents the budgets and savings-goals paths and their methods", async () => {
  const { status, body } = await api("/api/openapi.json");
  expect(status).toBe(200);
  const paths = (body as unknown as { paths: Record<string, Record<string, { responses: Record<string, unknown> }>> }).paths;
  const methods = (path: string) => Object.keys(paths[path] ?? {}).sort();
  expect(methods("/api/budgets")).toEqual(["get", "post"]);
  expect(methods("/api/budgets/progress")).toEqual(["get"]);
  expect(methods("/api/budgets/{id}")).toEqual(["delete", "put"]);
  expect(methods("/api/savings-goals")).toEqual(["get", "post"]);
  expect(methods("/api/savings-goals/{id}")).toEqual(["delete", "put"]);
  expect(methods("/api/savings-goals/{id}/progress")).toEqual(["put"]);
  expect(Object.keys(paths["/api/budgets"]!.post!.responses)).toEqual(["201", "400", "401", "409", "413", "415", "500"]);
  expect(Object.keys(paths["/api/savings-goals/{id}"]!.put!.responses)).toEqual(["200", "400", "401", "404", "409", "413", "415", "500"]);
});
