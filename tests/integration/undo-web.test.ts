import { env } from "cloudflare:test";
import { expect, test } from "vitest";
import { signedIn, type Browser } from "./helpers";
import { insertTransaction, testDb } from "./seed-rows";
import { addRows, tagRow } from "../setup/rows";
import { tags } from "~/platform/db/schema";

// "Deleted — Undo" on the pages, without JavaScript (issue 27, decision 035): the delete's
// redirect carries the banner, whose Undo is a plain form; Undo lands on the list with the record.

/** Every stored row of a transaction, as the database holds it. */
async function rowsOf(id: string) {
  const all = (sql: string) => env.DB.prepare(sql).bind(id).all().then((r) => r.results);
  return {
    transaction: await all("select * from transactions where id = ?"),
    payments: await all("select * from payments where transaction_id = ? order by position"),
    tags: await all("select * from transaction_tags where transaction_id = ? order by tag_id"),
  };
}

async function follow(b: Browser, res: Response) {
  expect(res.status).toBe(302);
  const location = res.headers.get("Location")!;
  const page = await b.fetch(location);
  expect(page.status).toBe(200);
  return { location, html: await page.text() };
}

test("a deleted transaction with payments in two currencies and tags comes back with Undo, to the cent", async () => {
  const { b, userId } = await signedIn();
  const trip = tagRow(userId, "Trip");
  const work = tagRow(userId, "Work");
  await addRows(testDb(), tags, [trip, work]);
  const id = await insertTransaction({
    userId,
    description: "Market run",
    tagIds: [trip.id!, work.id!],
    payments: [
      { currencyCode: "EUR", amountMinor: 1234, usdCents: 1371, method: "cash", rate: "0.9", rateSource: "manual" },
      { currencyCode: "COP", amountMinor: 3871250, usdCents: 1000, method: "credit_card", rate: "3871.25" },
    ],
  });
  const before = await rowsOf(id);

  const deleted = await follow(b, await b.fetch("/expenses?type=expense", { form: { intent: "delete", id } }));
  expect(deleted.location).toBe(`/expenses?type=expense&saved=deleted&undo=transaction%3A${id}`);
  expect(deleted.html).toContain("Deleted");
  expect(deleted.html).toMatch(/<form[^>]*action="\/expenses\?type=expense&amp;saved=deleted&amp;undo=transaction%3A[^"]*" method="post"/);
  expect(deleted.html).toContain('name="intent" value="undo"');
  expect(deleted.html).toContain(`name="id" value="${id}"`);
  expect(deleted.html).toMatch(/>Undo</);
  expect((await rowsOf(id)).transaction).toEqual([]);

  const restored = await follow(b, await b.fetch(deleted.location, { form: { intent: "undo", id } }));
  expect(restored.location).toBe("/expenses?type=expense&saved=restored");
  expect(restored.html).toContain("Transaction restored.");
  expect(restored.html).toContain("Market run");
  expect(await rowsOf(id)).toEqual(before);

  // A second Undo has nothing left to do, and says so.
  const again = await b.fetch(deleted.location, { form: { intent: "undo", id } });
  expect(again.status).toBe(404);
  expect(await again.text()).toContain("There is nothing to undo");
});

test("in Spanish the banner reads Eliminado — Deshacer; another user's Undo is 404 and changes nothing", async () => {
  const { b, userId } = await signedIn("es");
  const other = await signedIn();
  const id = await insertTransaction({ userId, description: "Café" });
  const deleted = await follow(b, await b.fetch("/expenses", { form: { intent: "delete", id } }));
  expect(deleted.html).toContain("Eliminado");
  expect(deleted.html).toMatch(/>Deshacer</);
  const stolen = await other.b.fetch("/expenses", { form: { intent: "undo", id } });
  expect(stolen.status).toBe(404);
  expect((await rowsOf(id)).transaction).toEqual([]);
});

test("a tag, a category, a budget and a goal each come back with their page's Undo", async () => {
  const { b, userId } = await signedIn();
  const tag = tagRow(userId, "Gifts");
  await addRows(testDb(), tags, [tag]);
  const tagDeleted = await follow(b, await b.fetch("/tags", { form: { intent: "delete", id: tag.id! } }));
  expect(tagDeleted.html).toContain('name="intent" value="undo"');
  const tagBack = await follow(b, await b.fetch(tagDeleted.location.split("#")[0]!, { form: { intent: "undo", id: tag.id! } }));
  expect(tagBack.location).toBe(`/tags?saved=restored&item=${tag.id}#tag-${tag.id}`);
  expect(tagBack.html).toContain("Tag restored.");

  await b.fetch("/categories", { form: { intent: "create", name: "Pets", type: "expense", color: "#3B82F6", icon: "Gift" } });
  const category = await env.DB.prepare("select id from categories where user_id = ? and name = 'Pets'").bind(userId).first<{ id: string }>();
  const categoryDeleted = await follow(b, await b.fetch("/categories", { form: { intent: "delete", id: category!.id } }));
  expect(categoryDeleted.html).toContain('name="intent" value="undo"');
  const categoryBack = await follow(b, await b.fetch("/categories", { form: { intent: "undo", id: category!.id } }));
  expect(categoryBack.html).toContain("Category restored.");

  await b.fetch("/budgets?month=2026-10", { form: { intent: "budget-create", month: "2026-10", categoryId: "default-food", amount: "150.50" } });
  const budget = await env.DB.prepare("select id from budgets where user_id = ?").bind(userId).first<{ id: string }>();
  const budgetDeleted = await follow(b, await b.fetch("/budgets?month=2026-10", { form: { intent: "budget-delete", id: budget!.id } }));
  expect(budgetDeleted.html).toContain('name="intent" value="budget-undo"');
  const budgetBack = await follow(b, await b.fetch("/budgets?month=2026-10", { form: { intent: "budget-undo", id: budget!.id } }));
  expect(budgetBack.html).toContain("Restored");
  expect(await env.DB.prepare("select amount_usd_cents from budgets where id = ?").bind(budget!.id).first()).toEqual({ amount_usd_cents: 15050 });

  await b.fetch("/budgets", { form: { intent: "goal-create", name: "Trip", currencyCode: "USD", targetAmount: "1000", savedAmount: "12.34" } });
  const goal = await env.DB.prepare("select id from savings_goals where user_id = ?").bind(userId).first<{ id: string }>();
  expect(goal).not.toBeNull();
  const goalDeleted = await follow(b, await b.fetch("/budgets", { form: { intent: "goal-delete", id: goal!.id } }));
  expect(goalDeleted.html).toContain('name="intent" value="goal-undo"');
  await follow(b, await b.fetch("/budgets", { form: { intent: "goal-undo", id: goal!.id } }));
  expect(await env.DB.prepare("select name from savings_goals where id = ?").bind(goal!.id).first()).toEqual({ name: "Trip" });
});
