import { env } from "cloudflare:test";
import { expect, test } from "vitest";
import { type Browser, browser, pageText, signedIn, withTableAway } from "./helpers";
import { insertTransaction, testDb } from "./seed-rows";
import { allowConsoleError } from "../setup/console-errors";
import { budgets, categories, currencies, savingsGoals } from "~/platform/db/schema";
import { addRows, categoryRow, inactiveFranc, insertRows, writeRows } from "../setup/rows";

// /budgets through the Worker on D1: budgets of a month and savings goals, every write a form
// POST (so without JavaScript). Months in the past (October 2026 and before) keep the
// addresses independent of the day the tests run.

type BudgetRow = { id: string; category_id: string; amount_usd_cents: number; month: string; alert_threshold: number };

function budgetsOf(userId: string) {
  return env.DB.prepare("select id, category_id, amount_usd_cents, month, alert_threshold from budgets where user_id = ? order by month, category_id")
    .bind(userId)
    .all<BudgetRow>()
    .then((r) => r.results);
}

function goalOf(id: string) {
  return env.DB.prepare("select name, currency_code, target_minor, saved_minor, target_date from savings_goals where id = ?").bind(id).first();
}

function createBudget(b: Browser, fields: Record<string, string>) {
  return b.fetch("/budgets?month=2026-10&newBudget", { form: { intent: "budget-create", month: "2026-10", alertThreshold: "80", ...fields } });
}


test("a guest asking for /budgets is sent to sign in and brought back", async () => {
  const res = await browser().fetch("/budgets?month=2026-10");
  expect(res.status).toBe(302);
  expect(res.headers.get("Location")).toBe("/auth/login?redirectTo=%2Fbudgets%3Fmonth%3D2026-10");
});

test("a month with no budgets says so; ?newBudget opens the form with the expense categories only", async () => {
  const { b } = await signedIn();
  const text = await pageText(b, "/budgets?month=2026-10");
  expect(text).toContain("Budgets for October 2026");
  expect(text).toContain("No budgets for October 2026");
  expect(text).toContain("No savings goals yet");
  const html = await (await b.fetch("/budgets?month=2026-10&newBudget")).text();
  expect(html).toContain('name="categoryId"');
  expect(html).toContain('value="default-food"');
  expect(html).not.toContain('value="default-salary"');
  // The month's links: previous and next, each naming its month.
  expect(html).toContain('href="/budgets?month=2026-09"');
  expect(html).toContain('aria-label="Previous month: September 2026"');
  expect(html).toContain('aria-label="Next month: November 2026"');
});

test("a budget is created in the month shown, in cents, and the page answers with the banner", async () => {
  const { b, userId } = await signedIn();
  const res = await createBudget(b, { categoryId: "default-food", amount: "1234.50", alertThreshold: "75" });
  expect(res.status).toBe(302);
  expect(await budgetsOf(userId)).toMatchObject([{ category_id: "default-food", amount_usd_cents: 123450, month: "2026-10-01", alert_threshold: 75 }]);
  // It lands at the new budget (issue 23), whose row carries the banner.
  const [budget] = await budgetsOf(userId);
  expect(res.headers.get("Location")).toBe(`/budgets?month=2026-10&saved=budget-created&item=${budget!.id}#budget-${budget!.id}`);
  const html = await (await b.fetch(`/budgets?month=2026-10&saved=budget-created&item=${budget!.id}`)).text();
  expect(html).toMatch(new RegExp(`<li id="budget-${budget!.id}"[^>]*><div[^>]*><div[^>]*role="status"[^>]*>Budget created successfully!`));
  const text = await pageText(b, "/budgets?month=2026-10");
  expect(text).toContain("Food & Dining");
  expect(text).toContain("Within budget");
  expect(text).toContain("alert at 75%");
});

test("Spanish amounts are read the Spanish way, and missing fields get the spec's message in both languages", async () => {
  const es = await signedIn("es");
  expect((await createBudget(es.b, { categoryId: "default-food", amount: "1.234,50" })).status).toBe(302);
  expect(await budgetsOf(es.userId)).toMatchObject([{ amount_usd_cents: 123450 }]);
  const refused = await createBudget(es.b, { categoryId: "", amount: "" });
  expect(refused.status).toBe(400);
  expect(await refused.text()).toContain("Por favor, completa todos los campos obligatorios");
  const { b, userId } = await signedIn();
  const missing = await createBudget(b, { categoryId: "default-food", amount: "" });
  expect(missing.status).toBe(400);
  const html = await missing.text();
  expect(html).toContain("Please fill in all required fields");
  // The form stays open with what was typed.
  expect(html).toMatch(/<option value="default-food" selected/);
  expect(await budgetsOf(userId)).toEqual([]);
});

test("a second budget for the same category and month is refused clearly, never a 500", async () => {
  const { b, userId } = await signedIn();
  await createBudget(b, { categoryId: "default-food", amount: "100" });
  const res = await createBudget(b, { categoryId: "default-food", amount: "200" });
  expect(res.status).toBe(409);
  expect(await res.text()).toContain("This category already has a budget for that month");
  expect(await budgetsOf(userId)).toMatchObject([{ amount_usd_cents: 10000 }]);
  // An income category cannot be budgeted.
  const income = await createBudget(b, { categoryId: "default-salary", amount: "200" });
  expect(income.status).toBe(400);
  expect(await income.text()).toContain("Choose one of your expense categories");
});

test("spent adds the month's expense payments in the category from their stored USD cents: near the threshold, then over", async () => {
  const { b, userId } = await signedIn();
  await createBudget(b, { categoryId: "default-food", amount: "100", alertThreshold: "80" });
  // One transaction paid in COP and EUR (20.00 + 12.13), one in VES (27.11), one in USD (20.76): 80.00 in all.
  await insertTransaction({ userId, categoryId: "default-food", date: "2026-10-01", payments: [{ currencyCode: "COP", amountMinor: 7_742_500, usdCents: 2000 }, { currencyCode: "EUR", amountMinor: 1_050, usdCents: 1213 }] });
  await insertTransaction({ userId, categoryId: "default-food", date: "2026-10-15", payments: [{ currencyCode: "VES", amountMinor: 123_456, usdCents: 2711 }] });
  await insertTransaction({ userId, categoryId: "default-food", date: "2026-10-31", usdCents: 2076 });
  // Not counted: another month, another category, an income in the category.
  await insertTransaction({ userId, categoryId: "default-food", date: "2026-11-01", usdCents: 99_999 });
  await insertTransaction({ userId, categoryId: "default-transport", date: "2026-10-10", usdCents: 99_999 });
  await insertTransaction({ userId, categoryId: "default-food", date: "2026-10-10", usdCents: 99_999, type: "INCOME" });
  let text = await pageText(b, "/budgets?month=2026-10");
  expect(text).toContain("Approaching budget limit");
  expect(text).toContain("Spent $ 80.00 Budget $ 100.00 Left $ 20.00");
  expect(text).toContain("80% spent");
  // One cent more than the budget: over.
  await insertTransaction({ userId, categoryId: "default-food", date: "2026-10-20", usdCents: 2001 });
  text = await pageText(b, "/budgets?month=2026-10");
  expect(text).toContain("Over budget!");
  expect(text).toContain("Spent $ 100.01 Budget $ 100.00 Over by $ 0.01");
  expect(text).toContain("1 budget is over its limit");
  // The same figure the transaction list gives for that category and month.
  const list = await pageText(b, "/expenses?category=default-food&type=expense&from=2026-10-01&to=2026-10-31");
  expect(list).toContain("$ 100.01");
});

test("the month's summary says how many budgets are over and by how much, never netting it against the others' room (en and es)", async () => {
  for (const language of [undefined, "es"] as const) {
    const { b, userId } = await signedIn(language);
    for (const [categoryId, amount] of [["default-travel", "200"], ["default-food", "100"], ["default-housing", "500"]] as const) {
      expect((await createBudget(b, { categoryId, amount })).status).toBe(302);
    }
    // Travel $130.89 over, Food one cent over, Housing $124.90 left: netted, the month would read "Over $ 6.00".
    await insertTransaction({ userId, categoryId: "default-travel", date: "2026-10-05", usdCents: 33_089 });
    await insertTransaction({ userId, categoryId: "default-food", date: "2026-10-06", usdCents: 10_001 });
    await insertTransaction({ userId, categoryId: "default-housing", date: "2026-10-07", usdCents: 37_510 });
    const text = await pageText(b, "/budgets?month=2026-10");
    if (language === "es") {
      expect(text).toContain("Presupuestado US$ 800,00 Gastado US$ 806,00 Disponible en los demás US$ 124,90 Excedido US$ 130,90");
      expect(text).toContain("2 presupuestos exceden su límite en US$ 130,90 en total");
      expect(text).not.toContain("US$ 6,00");
    } else {
      expect(text).toContain("Budgeted $ 800.00 Spent $ 806.00 Left in the others $ 124.90 Over $ 130.90");
      expect(text).toContain("2 budgets are over their limit, by $ 130.90 in all");
      expect(text).not.toContain("$ 6.00");
    }
  }
});

test("copying last month's budgets skips what the month has and says how many it copied", async () => {
  const { b, userId } = await signedIn();
  for (const [month, categoryId, amount] of [["2026-09", "default-food", "100"], ["2026-09", "default-transport", "50"], ["2026-10", "default-food", "120"]] as const) {
    await b.fetch(`/budgets?month=${month}&newBudget`, { form: { intent: "budget-create", month, categoryId, amount, alertThreshold: "90" } });
  }
  const res = await b.fetch("/budgets?month=2026-10", { form: { intent: "budget-copy", month: "2026-10" } });
  expect(res.status).toBe(302);
  expect(res.headers.get("Location")).toBe("/budgets?month=2026-10&copied=1#budgets-heading");
  expect((await budgetsOf(userId)).filter((r) => r.month === "2026-10-01").map((r) => [r.category_id, r.amount_usd_cents, r.alert_threshold])).toEqual([
    ["default-food", 12000, 90],
    ["default-transport", 5000, 90],
  ]);
  expect(await pageText(b, "/budgets?month=2026-10&copied=1")).toContain("Copied 1 budget from September 2026");
  const again = await b.fetch("/budgets?month=2026-10", { form: { intent: "budget-copy", month: "2026-10" } });
  expect(again.headers.get("Location")).toBe("/budgets?month=2026-10&copied=0#budgets-heading");
  expect(await pageText(b, "/budgets?month=2026-10&copied=0")).toContain("Nothing to copy");
});

test("the copy button is offered only while last month has budgets this month lacks: gone once they are copied or set by hand", async () => {
  const { b } = await signedIn();
  const button = "Copy September 2026's budgets";
  for (const [month, categoryId] of [["2026-09", "default-food"], ["2026-09", "default-transport"], ["2026-10", "default-food"]] as const) {
    await b.fetch(`/budgets?month=${month}&newBudget`, { form: { intent: "budget-create", month, categoryId, amount: "100", alertThreshold: "80" } });
  }
  expect(await pageText(b, "/budgets?month=2026-10")).toContain(button);
  await b.fetch("/budgets?month=2026-10", { form: { intent: "budget-copy", month: "2026-10" } });
  const copied = await pageText(b, "/budgets?month=2026-10&copied=1");
  expect(copied).toContain("Copied 1 budget from September 2026");
  expect(copied).not.toContain(button);
  // November, budgeted by hand in October's one category left: nothing to copy from October either.
  await b.fetch("/budgets?month=2026-11&newBudget", { form: { intent: "budget-create", month: "2026-11", categoryId: "default-food", amount: "100", alertThreshold: "80" } });
  expect(await pageText(b, "/budgets?month=2026-11")).toContain("Copy October 2026's budgets");
  await b.fetch("/budgets?month=2026-11&newBudget", { form: { intent: "budget-create", month: "2026-11", categoryId: "default-transport", amount: "100", alertThreshold: "80" } });
  expect(await pageText(b, "/budgets?month=2026-11")).not.toContain("Copy October 2026's budgets");
});

test("editing and deleting: the confirmation is on the page without JavaScript; another user's budget answers 404 and stays", async () => {
  const { b, userId } = await signedIn();
  await createBudget(b, { categoryId: "default-food", amount: "100" });
  const [budget] = await budgetsOf(userId);
  const edit = await b.fetch(`/budgets?month=2026-10&editBudget=${budget!.id}`, {
    form: { intent: "budget-update", id: budget!.id, month: "2026-10", categoryId: "default-food", amount: "150.5", alertThreshold: "60" },
  });
  expect(edit.headers.get("Location")).toBe(`/budgets?month=2026-10&saved=budget-updated&item=${budget!.id}#budget-${budget!.id}`);
  expect(await budgetsOf(userId)).toMatchObject([{ amount_usd_cents: 15050, alert_threshold: 60 }]);

  const other = await signedIn();
  // Another user's id in the address opens nothing: no edit form, no question, no row.
  const otherText = await pageText(other.b, `/budgets?month=2026-10&editBudget=${budget!.id}&deleteBudget=${budget!.id}`);
  expect(otherText).not.toContain("Edit Budget");
  expect(otherText).not.toContain("Are you sure");
  expect(otherText).toContain("No budgets for October 2026");
  const stolen = await other.b.fetch("/budgets?month=2026-10", { form: { intent: "budget-update", id: budget!.id, month: "2026-10", categoryId: "default-food", amount: "1" } });
  expect(stolen.status).toBe(404);
  expect((await other.b.fetch("/budgets?month=2026-10", { form: { intent: "budget-delete", id: budget!.id } })).status).toBe(404);
  expect(await budgetsOf(userId)).toMatchObject([{ amount_usd_cents: 15050 }]);

  const confirm = await pageText(b, `/budgets?month=2026-10&deleteBudget=${budget!.id}`);
  expect(confirm).toContain("Are you sure you want to delete this budget?");
  const deleted = await b.fetch("/budgets?month=2026-10", { form: { intent: "budget-delete", id: budget!.id } });
  expect(deleted.headers.get("Location")).toBe(`/budgets?month=2026-10&saved=budget-deleted&undo=budget%3A${budget!.id}#budgets-heading`);
  expect(await budgetsOf(userId)).toEqual([]);
});

test("a category with budgets cannot be deleted, in both languages", async () => {
  const { b } = await signedIn();
  await b.fetch("/categories", { form: { intent: "create", name: "Pets", type: "expense", color: "#EF4444", icon: "Gift" } });
  const html = await (await b.fetch("/budgets?month=2026-10&newBudget")).text();
  const petsId = /<option value="([^"]+)">Pets<\/option>/.exec(html)![1]!;
  await createBudget(b, { categoryId: petsId, amount: "30" });
  const refused = await b.fetch("/categories", { form: { intent: "delete", id: petsId } });
  expect(refused.status).toBe(409);
  expect(await refused.text()).toContain("Cannot delete category that is used by budgets");
});

test("a savings goal: created with what is saved, added to twice, withdrawn from once, refused below zero", async () => {
  const { b, userId } = await signedIn();
  const created = await b.fetch("/budgets?newGoal", {
    form: { intent: "goal-create", name: "Laptop", currencyCode: "USD", targetAmount: "1500", savedAmount: "420", targetDate: "2031-01-01", description: "" },
  });
  const goal = await env.DB.prepare("select id from savings_goals where user_id = ?").bind(userId).first<{ id: string }>();
  expect(created.headers.get("Location")).toBe(`/budgets?saved=goal-created&item=${goal!.id}#goal-${goal!.id}`);
  expect(await goalOf(goal!.id)).toMatchObject({ currency_code: "USD", target_minor: 150000, saved_minor: 42000, target_date: "2031-01-01" });
  const progress = (fields: Record<string, string>) => b.fetch("/budgets", { form: { intent: "goal-progress", id: goal!.id, note: "", ...fields } });
  expect((await progress({ amount: "80", direction: "deposit" })).headers.get("Location")).toBe(`/budgets?saved=goal-progress&item=${goal!.id}#goal-${goal!.id}`);
  await progress({ amount: "0.50", direction: "deposit", note: "Coins" });
  await progress({ amount: "100.25", direction: "withdraw" });
  expect(await goalOf(goal!.id)).toMatchObject({ saved_minor: 40025 });
  const refused = await progress({ amount: "400.26", direction: "withdraw" });
  expect(refused.status).toBe(400);
  expect(await refused.text()).toContain("You cannot withdraw more than is saved");
  expect(await goalOf(goal!.id)).toMatchObject({ saved_minor: 40025 });
  const text = await pageText(b, "/budgets");
  expect(text).toContain("Saved $ 400.25 Target $ 1,500.00 Remaining $ 1,099.75");
  expect(text).toContain("26%"); // 26.68 %, rounded down
  expect(text).toMatch(/\d+ months remaining/);
  expect(text).toContain("History (4 entries)");
  expect(text).toContain("Coins");
});

test("every line of a goal's history says what it was: the starting amount, the user's note, added or withdrawn; in Spanish too", async () => {
  const { b, userId } = await signedIn();
  await b.fetch("/budgets?newGoal", { form: { intent: "goal-create", name: "Bike", currencyCode: "USD", targetAmount: "900", savedAmount: "120" } });
  const goal = await env.DB.prepare("select id from savings_goals where user_id = ?").bind(userId).first<{ id: string }>();
  const progress = (fields: Record<string, string>) => b.fetch("/budgets", { form: { intent: "goal-progress", id: goal!.id, note: "", ...fields } });
  await progress({ amount: "30", direction: "deposit" });
  await progress({ amount: "5", direction: "deposit", note: "Birthday" });
  await progress({ amount: "10", direction: "withdraw" });
  // Newest first, each line: its date, what it was, its amount.
  const line = (label: string, amount: string) => new RegExp(`\\d{4} ${label} ${amount.replace(/[+$.]/g, "\\$&")}`);
  const text = await pageText(b, "/budgets");
  expect(text).toMatch(line("Withdrawn", "-$ 10.00"));
  expect(text).toMatch(line("Birthday", "+$ 5.00"));
  expect(text).toMatch(line("Added", "+$ 30.00"));
  expect(text).toMatch(line("Starting amount", "+$ 120.00"));
  await b.fetch("/resources/language", { form: { lng: "es", redirectTo: "/budgets" } });
  const texto = await pageText(b, "/budgets");
  for (const label of ["Retiro", "Aporte", "Monto inicial"]) expect(texto).toContain(label);
});

test("a goal in pesos, in Spanish: amounts in its own currency, the spec's messages, another user's goal untouched", async () => {
  const { b, userId } = await signedIn("es");
  const empty = await b.fetch("/budgets?newGoal", { form: { intent: "goal-create", name: "", currencyCode: "COP", targetAmount: "" } });
  expect(empty.status).toBe(400);
  expect(await empty.text()).toContain("Por favor, completa todos los campos obligatorios");
  await b.fetch("/budgets?newGoal", { form: { intent: "goal-create", name: "Viaje", currencyCode: "COP", targetAmount: "4000000,50", targetDate: "2020-01-01" } });
  const goal = await env.DB.prepare("select id from savings_goals where user_id = ?").bind(userId).first<{ id: string }>();
  expect(await goalOf(goal!.id)).toMatchObject({ currency_code: "COP", target_minor: 400000050, saved_minor: 0 });
  const text = await pageText(b, "/budgets");
  expect(text).toContain("COP 4.000.000,50");
  expect(text).toContain("Fecha límite vencida");

  const other = await signedIn();
  const stolen = await other.b.fetch("/budgets", { form: { intent: "goal-progress", id: goal!.id, amount: "5", direction: "deposit" } });
  expect(stolen.status).toBe(404);
  expect((await other.b.fetch("/budgets", { form: { intent: "goal-delete", id: goal!.id } })).status).toBe(404);
  expect(await goalOf(goal!.id)).toMatchObject({ saved_minor: 0, name: "Viaje" });

  expect(await pageText(b, `/budgets?deleteGoal=${goal!.id}`)).toContain("¿Seguro que quieres eliminar esta meta de ahorro?");
  expect((await b.fetch("/budgets", { form: { intent: "goal-delete", id: goal!.id } })).headers.get("Location")).toBe(`/budgets?saved=goal-deleted&undo=goal%3A${goal!.id}#goals-heading`);
  expect(await goalOf(goal!.id)).toBeNull();
});

test("when the database fails the page says 'Failed to load budgets', and a save says 'Failed to save budget' and writes nothing", async () => {
  const { b, userId } = await signedIn();
  allowConsoleError(/^Unexpected Server Error$|budget create failed/);
  const load = await withTableAway("budgets", () => b.fetch("/budgets?month=2026-10"));
  expect(load.status).toBe(500);
  expect(await load.text()).toContain("Failed to load budgets");
  const save = await withTableAway("activity_log", () => createBudget(b, { categoryId: "default-food", amount: "10" }));
  expect(save.status).toBe(500);
  expect(await save.text()).toContain("Failed to save budget");
  expect(await budgetsOf(userId)).toEqual([]);
});

test("the dashboard lists this month's budgets near or over their limit, worst first, and nothing when all are fine", async () => {
  const { b, userId } = await signedIn();
  const month = new Date().toISOString().slice(0, 7);
  const today = new Date().toISOString().slice(0, 10);
  expect(await pageText(b, "/dashboard")).not.toContain("Budget alerts");
  for (const [categoryId, amount] of [["default-food", "100"], ["default-transport", "100"], ["default-health", "100"]] as const) {
    await b.fetch(`/budgets?month=${month}&newBudget`, { form: { intent: "budget-create", month, categoryId, amount, alertThreshold: "80" } });
  }
  expect(await pageText(b, "/dashboard")).not.toContain("Budget alerts");
  await insertTransaction({ userId, categoryId: "default-food", date: today, usdCents: 8500 });
  await insertTransaction({ userId, categoryId: "default-transport", date: today, usdCents: 10001 });
  await insertTransaction({ userId, categoryId: "default-health", date: today, usdCents: 1000 });
  const text = await pageText(b, "/dashboard");
  // Each with what was spent, a link to those transactions (issue 27).
  expect(text).toContain(
    "Budget alerts View budgets Transportation Spent in Transportation: $ 100.01 100% ⚠ Over budget! Food & Dining Spent in Food & Dining: $ 85.00 85% Approaching budget limit",
  );
  expect(text).not.toContain("Healthcare 10%");
  expect(text).not.toContain("Spent in Healthcare");
});

// ---------------------------------------------------------------------------------------------
// Issue 20: sums past 2^53, percents past any size, status compared exactly

test("79.99 of 100.00 with an 80 % threshold is within budget and shows 79 %; 80.00 is near and shows 80 %", async () => {
  const { b, userId } = await signedIn();
  await createBudget(b, { categoryId: "default-food", amount: "100", alertThreshold: "80" });
  await insertTransaction({ userId, categoryId: "default-food", date: "2026-10-02", usdCents: 7999 });
  let text = await pageText(b, "/budgets?month=2026-10");
  expect(text).toContain("79% spent");
  expect(text).toContain("Within budget");
  expect(text).not.toContain("Approaching budget limit");
  await insertTransaction({ userId, categoryId: "default-food", date: "2026-10-03", usdCents: 1 });
  text = await pageText(b, "/budgets?month=2026-10");
  expect(text).toContain("80% spent");
  expect(text).toContain("Approaching budget limit");
});

test("a 0.01 budget with 9,000,000,000,000.00 spent and a 0.01 goal with 999,999,999,999.99 saved: /budgets and /dashboard answer 200 with '>999%'", async () => {
  for (const language of [undefined, "es"] as const) {
    const { b, userId } = await signedIn(language);
    const month = new Date().toISOString().slice(0, 7);
    await b.fetch(`/budgets?month=${month}&newBudget`, { form: { intent: "budget-create", month, categoryId: "default-food", amount: language ? "0,01" : "0.01", alertThreshold: "80" } });
    await insertTransaction({ userId, categoryId: "default-food", date: new Date().toISOString().slice(0, 10), usdCents: 900_000_000_000_000 });
    await b.fetch("/budgets?newGoal", { form: { intent: "goal-create", name: "Tiny", currencyCode: "USD", targetAmount: language ? "0,01" : "0.01", savedAmount: "999999999999" } });
    const goal = await env.DB.prepare("select id from savings_goals where user_id = ?").bind(userId).first<{ id: string }>();
    await b.fetch("/budgets", { form: { intent: "goal-progress", id: goal!.id, amount: language ? "0,99" : "0.99", direction: "deposit", note: "" } });
    expect(await goalOf(goal!.id)).toMatchObject({ target_minor: 1, saved_minor: 99_999_999_999_999 });
    const capped = language ? ">999 %" : ">999%"; // pageText folds the no-break space
    const budgets = (await pageText(b, `/budgets?month=${month}`)).replace(/&gt;/g, ">");
    expect(budgets).toContain(language ? `${capped} gastado` : `${capped} spent`);
    expect(budgets.split(capped).length - 1, budgets).toBeGreaterThanOrEqual(2); // the budget and the goal
    expect(budgets).toContain(language ? "Gastado US$ 9.000.000.000.000,00" : "Spent $ 9,000,000,000,000.00");
    const dashboard = (await pageText(b, "/dashboard")).replace(/&gt;/g, ">");
    expect(dashboard).toContain(`${capped} ⚠`);
  }
}, 90_000);

test("a month filled with 91 maximal budgets before the month's bound existed still shows its totals to the cent", async () => {
  const { b, userId } = await signedIn();
  const old = Array.from({ length: 91 }, (_, i) => categoryRow(userId, `Old ${i}`));
  const db = testDb();
  await writeRows(db, [
    ...insertRows(db, categories, old),
    ...insertRows(db, budgets, old.map((category) => ({ userId, categoryId: category.id!, amountUsdCents: 99_999_999_999_999, month: "2026-08-01" }))),
  ]);
  const text = await pageText(b, "/budgets?month=2026-08");
  // 91 × 999,999,999,999.99 = 90,999,999,999,999.09: past 2^53 cents, and every cent shown.
  expect(text).toContain("Budgeted $ 90,999,999,999,999.09");
  // Nothing more fits in that month; the refusal is clear and writes nothing.
  const refused = await b.fetch("/budgets?month=2026-08&newBudget", { form: { intent: "budget-create", month: "2026-08", categoryId: "default-food", amount: "0.01", alertThreshold: "80" } });
  expect(refused.status).toBe(400);
  expect(await refused.text()).toContain("This would take the month&#x27;s budgets past $ 10,000,000,000,000.00 in all, the most one month can hold");
  expect((await budgetsOf(userId)).length).toBe(91);
});

test("a month's budgets stop at USD 10,000,000,000,000.00: the form refuses a cent more on its amount, and so does the copy of last month, in both languages", async () => {
  const { b, userId } = await signedIn("es");
  // Ten maximal budgets less 10 cents: 9 default expense categories and one of the user's.
  await b.fetch("/categories", { form: { intent: "create", name: "Mascotas", type: "expense", color: "#EF4444", icon: "Gift" } });
  const own = await env.DB.prepare("select id from categories where user_id = ?").bind(userId).first<{ id: string }>();
  const defaults = ["food", "housing", "transport", "utilities", "entertainment", "health", "shopping", "education", "travel"].map((c) => `default-${c}`);
  for (const categoryId of [...defaults, own!.id]) {
    const res = await b.fetch("/budgets?month=2026-09&newBudget", { form: { intent: "budget-create", month: "2026-09", categoryId, amount: "999999999999,99", alertThreshold: "80" } });
    expect(res.status, categoryId).toBe(302);
  }
  await b.fetch("/categories", { form: { intent: "create", name: "Viajes largos", type: "expense", color: "#EF4444", icon: "Gift" } });
  const last = await env.DB.prepare("select id from categories where user_id = ? and name = 'Viajes largos'").bind(userId).first<{ id: string }>();
  const over = await b.fetch("/budgets?month=2026-09&newBudget", { form: { intent: "budget-create", month: "2026-09", categoryId: last!.id, amount: "0,11", alertThreshold: "80" } });
  expect(over.status).toBe(400);
  const html = await over.text();
  expect(html).toContain("Con esto los presupuestos del mes sumarían más de US$ 10.000.000.000.000,00, el máximo que admite un mes");
  // On the amount field, with what was typed kept.
  expect(html).toMatch(/aria-invalid="true"[^>]*name="amount"|name="amount"[^>]*aria-invalid="true"/);
  expect((await budgetsOf(userId)).length).toBe(10);
  const exact = await b.fetch("/budgets?month=2026-09&newBudget", { form: { intent: "budget-create", month: "2026-09", categoryId: last!.id, amount: "0,10", alertThreshold: "80" } });
  expect(exact.status).toBe(302);
  expect(await pageText(b, "/budgets?month=2026-09")).toContain("Presupuestado US$ 10.000.000.000.000,00");

  // October has a cent already: the copy of September would pass the bound, so nothing is copied.
  await b.fetch("/categories", { form: { intent: "create", name: "Otra", type: "expense", color: "#EF4444", icon: "Gift" } });
  const other = await env.DB.prepare("select id from categories where user_id = ? and name = 'Otra'").bind(userId).first<{ id: string }>();
  await createBudget(b, { categoryId: other!.id, amount: "0,01" });
  const copy = await b.fetch("/budgets?month=2026-10", { form: { intent: "budget-copy", month: "2026-10" } });
  expect(copy.status).toBe(400);
  expect(await copy.text()).toContain("Con esto los presupuestos del mes sumarían más de US$ 10.000.000.000.000,00");
  expect((await budgetsOf(userId)).filter((r) => r.month === "2026-10-01")).toHaveLength(1);
});

test("an inactive currency (CHF) is refused for a new goal and for moving one, as the API refuses it; an edit that leaves the currency out keeps it", async () => {
  await addRows(testDb(), currencies, [inactiveFranc], { ignoreExisting: true });
  const { b, userId } = await signedIn();
  const created = await b.fetch("/budgets?newGoal", { form: { intent: "goal-create", name: "Swiss", currencyCode: "CHF", targetAmount: "100" } });
  expect(created.status).toBe(400);
  expect(await created.text()).toContain("Choose one of the active currencies");
  expect(await env.DB.prepare("select count(*) as n from savings_goals where user_id = ?").bind(userId).first<{ n: number }>()).toEqual({ n: 0 });

  await b.fetch("/budgets?newGoal", { form: { intent: "goal-create", name: "Camera", currencyCode: "JPY", targetAmount: "150000" } });
  const goal = await env.DB.prepare("select id from savings_goals where user_id = ?").bind(userId).first<{ id: string }>();
  const moved = await b.fetch(`/budgets?editGoal=${goal!.id}`, { form: { intent: "goal-update", id: goal!.id, name: "Camera", currencyCode: "CHF", targetAmount: "150000" } });
  expect(moved.status).toBe(400);
  expect(await moved.text()).toContain("Choose one of the active currencies");
  expect(await goalOf(goal!.id)).toMatchObject({ currency_code: "JPY", target_minor: 150_000 });
  // A goal already in CHF (made while it was active) keeps it: its edit form offers and selects it, and saving keeps it.
  await addRows(testDb(), savingsGoals, [{ id: "goal-chf-" + userId, userId, name: "Swiss", currencyCode: "CHF", targetMinor: 10000, savedMinor: 0 }]);
  const form = await (await b.fetch(`/budgets?editGoal=goal-chf-${userId}`)).text();
  expect(form).toMatch(/<option value="CHF" selected/);
  const saved = await b.fetch(`/budgets?editGoal=goal-chf-${userId}`, { form: { intent: "goal-update", id: `goal-chf-${userId}`, name: "Swiss fund", currencyCode: "CHF", targetAmount: "100" } });
  expect(saved.status).toBe(302);
  expect(await goalOf(`goal-chf-${userId}`)).toMatchObject({ name: "Swiss fund", currency_code: "CHF" });
  // A form without the currency field keeps the goal's yen, read at its decimals.
  const kept = await b.fetch(`/budgets?editGoal=${goal!.id}`, { form: { intent: "goal-update", id: goal!.id, name: "Better camera", targetAmount: "150000" } });
  expect(kept.status).toBe(302);
  expect(await goalOf(goal!.id)).toMatchObject({ name: "Better camera", currency_code: "JPY", target_minor: 150_000 });
});
