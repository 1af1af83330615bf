import { env } from "cloudflare:test";
import { expect, test } from "vitest";
import { api, loginViaApi, registerViaApi } from "./api-client";
import { diffDumps, dumpDatabase } from "./db-dump";
import { browser, registerViaForm, type Browser } from "./helpers";
import { insertTransaction, testDb } from "./seed-rows";
import { addRows, categoryRow } from "../setup/rows";
import { budgets, categories } from "~/platform/db/schema";

// Undo of a category's move-then-delete (issue 27, decision 035) through the Worker on D1: the
// page's "Deleted — Undo" after the move, the API's restore within and after 24 hours and for
// another user; and a transaction a schedule posted, whose occurrence links it again after Undo.

async function follow(b: Browser, res: Response) {
  expect(res.status).toBe(302);
  const location = res.headers.get("Location")!;
  const page = await b.fetch(location);
  expect(page.status).toBe(200);
  return { location, html: await page.text() };
}

/** A signed-in user with transactions in two currencies, a merged and a moved budget in "Pets", and the target "Animals". */
async function userWithPets() {
  const b = browser();
  const { email } = await registerViaForm(b);
  const { accessToken, user } = await loginViaApi(email);
  const userId = user.id;
  const pets = categoryRow(userId, "Pets");
  const animals = categoryRow(userId, "Animals");
  await addRows(testDb(), categories, [pets, animals]);
  for (const [categoryId, date, cents] of [
    [pets.id!, "2026-10-03", 1999],
    [pets.id!, "2026-11-05", 4501],
    [animals.id!, "2026-10-10", 7003],
  ] as const) {
    await insertTransaction({ userId, categoryId, date, description: "Pet things", usdCents: cents });
  }
  await insertTransaction({
    userId,
    categoryId: pets.id!,
    date: "2026-11-07",
    description: "Toys",
    payments: [
      { currencyCode: "EUR", amountMinor: 861, usdCents: 1000, rate: "0.861" },
      { currencyCode: "USD", amountMinor: 1, usdCents: 1 },
    ],
  });
  await addRows(testDb(), budgets, [
    { id: crypto.randomUUID(), userId, categoryId: pets.id!, amountUsdCents: 30_055, month: "2026-10-01", alertThreshold: 90 },
    { id: crypto.randomUUID(), userId, categoryId: animals.id!, amountUsdCents: 50_000, month: "2026-10-01" },
    { id: crypto.randomUUID(), userId, categoryId: pets.id!, amountUsdCents: 12_345, month: "2026-11-01" },
  ]);
  return { b, userId, accessToken, pets: pets.id!, animals: animals.id! };
}

/** What the reports add up per category, and every budget, as stored. */
async function state(userId: string) {
  const totals = await env.DB.prepare("select category_id, sum(usd_cents) as cents, count(*) as n from transactions where user_id = ? group by category_id order by category_id")
    .bind(userId)
    .all();
  const rows = await env.DB.prepare("select id, category_id, amount_usd_cents, month, alert_threshold, created_at from budgets where user_id = ? order by id").bind(userId).all();
  return { totals: totals.results, budgets: rows.results };
}

const moveAndDelete = (b: Browser, id: string, to: string) => b.fetch("/categories", { form: { intent: "move-delete", id, to } });

test("after a move-then-delete the page offers Undo, which gives back the category with its transactions and budgets, to the cent", async () => {
  const { b, userId, pets, animals } = await userWithPets();
  const before = await state(userId);
  const deleted = await follow(b, await moveAndDelete(b, pets, animals));
  expect(deleted.location).toContain(`undo=category%3A${pets}`);
  expect(deleted.html).toContain('name="intent" value="undo"');
  expect(await state(userId)).not.toEqual(before);

  const back = await follow(b, await b.fetch(deleted.location.split("#")[0]!, { form: { intent: "undo", id: pets } }));
  expect(back.html).toContain("Category restored.");
  expect(await state(userId)).toEqual(before);
  const actions = await env.DB.prepare("select action from activity_log where user_id = ? and action like 'category_%' order by created_at").bind(userId).all<{ action: string }>();
  expect(actions.results.map((r) => r.action)).toEqual(["category_delete", "category_restore"]);
});

test("the API restores a moved-then-deleted category within 24 hours; another user's restore and one after 24 hours answer 404 and change nothing", async () => {
  const { b, userId, accessToken, pets, animals } = await userWithPets();
  const other = await registerViaApi();
  const before = await state(userId);
  await follow(b, await moveAndDelete(b, pets, animals));
  const path = `/api/categories/${pets}/restore`;

  const dump = await dumpDatabase();
  expect((await api(path, { method: "POST", token: other.accessToken })).status).toBe(404);
  expect(diffDumps(dump, await dumpDatabase())).toEqual({});

  const restored = await api(path, { method: "POST", token: accessToken });
  expect(restored.status, JSON.stringify(restored.body)).toBe(200);
  expect(restored.body.data.category).toMatchObject({ id: pets, name: "Pets" });
  expect(await state(userId)).toEqual(before);

  await follow(b, await moveAndDelete(b, pets, animals));
  await env.DB.prepare("update deleted_records set deleted_at = deleted_at - ? where record_id = ?")
    .bind(24 * 60 * 60 * 1000 + 1000, pets)
    .run();
  const late = await dumpDatabase();
  expect((await api(path, { method: "POST", token: accessToken })).status).toBe(404);
  expect(diffDumps(late, await dumpDatabase())).toEqual({});
});

test("a transaction a schedule posted, deleted and restored, is its occurrence's posted transaction again", async () => {
  const me = await registerViaApi();
  const start = new Date(Date.now() - 3 * 24 * 60 * 60 * 1000).toISOString().slice(0, 10);
  const created = await api("/api/recurring-transactions", {
    token: me.accessToken,
    json: {
      type: "EXPENSE",
      description: "Rent",
      categoryId: "default-housing",
      payments: [{ currencyCode: "USD", amount: "1200.00", method: "bank_transfer" }],
      frequency: "monthly",
      startDate: start,
    },
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const scheduleId = created.body.data.recurring_transaction.id as string;
  const occurrence = () =>
    env.DB.prepare("select status, transaction_id from recurring_occurrences where recurring_id = ? and due_date = ?").bind(scheduleId, start).first<{ status: string; transaction_id: string | null }>();
  const posted = await occurrence();
  expect(posted?.status).toBe("posted");
  const txId = posted!.transaction_id!;
  expect(txId).toBeTruthy();

  expect((await api(`/api/transactions/${txId}`, { method: "DELETE", token: me.accessToken })).status).toBe(200);
  expect(await occurrence()).toEqual({ status: "posted", transaction_id: null });

  const restored = await api(`/api/transactions/${txId}/restore`, { method: "POST", token: me.accessToken });
  expect(restored.status, JSON.stringify(restored.body)).toBe(200);
  expect(await occurrence()).toEqual({ status: "posted", transaction_id: txId });
  const tx = await env.DB.prepare("select recurring_id, occurrence_date from transactions where id = ?").bind(txId).first();
  expect(tx).toEqual({ recurring_id: scheduleId, occurrence_date: start });
});

test("a budget lowered since below what the merge added refuses the page's Undo with a clear message, in English and Spanish, and nothing changes", async () => {
  const { b, userId, pets, animals } = await userWithPets();
  await follow(b, await moveAndDelete(b, pets, animals));
  await env.DB.prepare("update budgets set amount_usd_cents = 100 where user_id = ? and category_id = ? and month = '2026-10-01'").bind(userId, animals).run();
  const dump = await dumpDatabase();
  const refused = await b.fetch("/categories", { form: { intent: "undo", id: pets } });
  expect(refused.status).toBe(409);
  expect(await refused.text()).toContain("It cannot be restored: a budget its budgets were merged into has been lowered since, below what the merge added.");
  expect(diffDumps(dump, await dumpDatabase())).toEqual({});

  await b.fetch("/resources/language", { form: { lng: "es", redirectTo: "/dashboard" } });
  const dumpEs = await dumpDatabase();
  const enEspañol = await b.fetch("/categories", { form: { intent: "undo", id: pets } });
  expect(enEspañol.status).toBe(409);
  expect(await enEspañol.text()).toContain("No se puede restaurar: un presupuesto con el que se fusionaron sus presupuestos se redujo después");
  expect(diffDumps(dumpEs, await dumpDatabase())).toEqual({});
});

test("on D1, a category with 50,000 transactions is moved, deleted and restored through the page, every one back, to the cent", async () => {
  const { b, userId, pets, animals } = await userWithPets();
  // Rows written by SQLite itself (a recursive count), as no app write makes 50,000 at once.
  await env.DB.prepare(
    `with recursive n(i) as (select 1 union all select i + 1 from n where i < 50000)
     insert into transactions (id, user_id, type, description, search_text, date, category_id, usd_cents, created_at, updated_at)
     select lower(hex(randomblob(16))), ?, 'EXPENSE', 'Bulk ' || i, 'bulk ' || i, '2026-09-' || printf('%02d', 1 + i % 28), ?, 100 + i % 977, 0, 0 from n`,
  )
    .bind(userId, pets)
    .run();
  const before = await state(userId);
  const deleted = await follow(b, await moveAndDelete(b, pets, animals));
  expect(deleted.html).toContain('name="intent" value="undo"');
  const moved = await env.DB.prepare("select count(*) as n from transactions where category_id = ?").bind(animals).first<{ n: number }>();
  expect(moved!.n).toBe(50_004);
  const back = await follow(b, await b.fetch("/categories", { form: { intent: "undo", id: pets } }));
  expect(back.html).toContain("Category restored.");
  expect(await state(userId)).toEqual(before);
});
