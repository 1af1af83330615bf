import { env } from "cloudflare:test";
import { expect, test } from "vitest";
import { api, registerViaApi, type ApiAccount } from "./api-client";
import { diffDumps, dumpDatabase } from "./db-dump";

// Undo of a delete through the API (issue 27, decision 035): POST /api/{collection}/{id}/restore.

async function createTag(account: ApiAccount, name: string) {
  const res = await api("/api/tags", { token: account.accessToken, json: { name } });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data.tag.id as string;
}

async function createTransaction(account: ApiAccount, tagIds: string[]) {
  const res = await api("/api/transactions", {
    token: account.accessToken,
    json: {
      description: "Market run",
      date: "2026-11-10",
      categoryId: "default-food",
      type: "EXPENSE",
      tags: tagIds,
      payments: [
        { currencyCode: "USD", amount: "20.01", paymentMethod: "Cash" },
        { currencyCode: "EUR", amount: "8.61", paymentMethod: "Credit Card", exchangeRate: "0.8612" },
      ],
    },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data.transaction as { id: string; [key: string]: unknown };
}

const restore = (account: ApiAccount, path: string) => api(`${path}/restore`, { method: "POST", token: account.accessToken });
const remove = (account: ApiAccount, path: string) => api(path, { method: "DELETE", token: account.accessToken });

test("a deleted transaction comes back within 24 hours with its payments, stored rates, USD cents and tags, once", async () => {
  const me = await registerViaApi();
  const tag = await createTag(me, "Trip");
  const tx = await createTransaction(me, [tag]);
  const path = `/api/transactions/${tx.id}`;
  expect((await remove(me, path)).status).toBe(200);
  expect((await api(path, { token: me.accessToken })).status).toBe(404);

  const restored = await restore(me, path);
  expect(restored.status, JSON.stringify(restored.body)).toBe(200);
  expect(restored.body.data.transaction).toEqual(tx);
  expect((await api(path, { token: me.accessToken })).body.data.transaction).toEqual(tx);

  const twice = await restore(me, path);
  expect(twice.status).toBe(404);
  expect(twice.body).toMatchObject({ status: "error", message: "There is nothing to undo: it was restored already, or deleted more than 24 hours ago." });
  const activity = await env.DB.prepare("select action from activity_log where user_id = ? and action like 'transaction_%' order by created_at")
    .bind(me.user.id)
    .all<{ action: string }>();
  expect(activity.results.map((r) => r.action)).toEqual(["transaction_create", "transaction_delete", "transaction_restore"]);
});

test("another user's deleted transaction answers 404 and nothing changes", async () => {
  const me = await registerViaApi();
  const other = await registerViaApi();
  const tx = await createTransaction(me, []);
  const path = `/api/transactions/${tx.id}`;
  await remove(me, path);
  const before = await dumpDatabase();
  const res = await restore(other, path);
  expect(res.status).toBe(404);
  expect(diffDumps(before, await dumpDatabase())).toEqual({});
  expect((await restore(me, path)).status).toBe(200);
});

test("after 24 hours a delete can no longer be undone: 404, and nothing changes", async () => {
  const me = await registerViaApi();
  const tx = await createTransaction(me, []);
  const path = `/api/transactions/${tx.id}`;
  await remove(me, path);
  await env.DB.prepare("update deleted_records set deleted_at = deleted_at - ? where record_id = ?")
    .bind(24 * 60 * 60 * 1000 + 1000, tx.id)
    .run();
  const before = await dumpDatabase();
  const res = await restore(me, path);
  expect(res.status).toBe(404);
  expect(diffDumps(before, await dumpDatabase())).toEqual({});
});

test("a record never deleted has nothing to undo, in Spanish too", async () => {
  const me = await registerViaApi();
  const tx = await createTransaction(me, []);
  const res = await api(`/api/transactions/${tx.id}/restore`, { method: "POST", token: me.accessToken, headers: { "Accept-Language": "es" } });
  expect(res.status).toBe(404);
  expect(res.body.message).toBe("No hay nada que deshacer: ya se restauró, o se eliminó hace más de 24 horas.");
});

test("a tag whose name was taken again meanwhile is refused with 409, and nothing changes", async () => {
  const me = await registerViaApi();
  const tag = await createTag(me, "Gifts");
  await createTransaction(me, [tag]);
  await remove(me, `/api/tags/${tag}`);
  await createTag(me, "GIFTS");
  const before = await dumpDatabase();
  const res = await restore(me, `/api/tags/${tag}`);
  expect(res.status).toBe(409);
  expect(res.body.message).toBe("It cannot be restored: one with the same name exists again.");
  expect(diffDumps(before, await dumpDatabase())).toEqual({});
});

test("a transaction whose tag was deleted after it is refused with 409, and nothing changes", async () => {
  const me = await registerViaApi();
  const tag = await createTag(me, "Gifts");
  const tx = await createTransaction(me, [tag]);
  await remove(me, `/api/transactions/${tx.id}`);
  await remove(me, `/api/tags/${tag}`);
  const before = await dumpDatabase();
  const refused = await restore(me, `/api/transactions/${tx.id}`);
  expect(refused.status).toBe(409);
  expect(refused.body.message).toBe("It cannot be restored: one of its tags has been deleted since.");
  expect(diffDumps(before, await dumpDatabase())).toEqual({});
});

test("a tag comes back on the transactions that carried it", async () => {
  const me = await registerViaApi();
  const tag = await createTag(me, "Work");
  const tx = await createTransaction(me, [tag]);
  await remove(me, `/api/tags/${tag}`);
  expect((await api(`/api/transactions/${tx.id}`, { token: me.accessToken })).body.data.transaction.tagIds).toEqual([]);
  const res = await restore(me, `/api/tags/${tag}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  expect(res.body.data.tag).toMatchObject({ id: tag, name: "Work" });
  expect((await api(`/api/transactions/${tx.id}`, { token: me.accessToken })).body.data.transaction.tagIds).toEqual([tag]);
});

test("a budget, a savings goal and a category come back through their own collections", async () => {
  const me = await registerViaApi();
  const category = await api("/api/categories", { token: me.accessToken, json: { name: "Pets", type: "expense", color: "#3B82F6" } });
  const categoryId = category.body.data.category.id as string;
  const budget = await api("/api/budgets", { token: me.accessToken, json: { categoryId: "default-food", amount: "250.55", month: "2026-06-01", alert_threshold: 75 } });
  const goal = await api("/api/savings-goals", { token: me.accessToken, json: { name: "Trip", target_amount: "1000", current_amount: "12.34" } });
  expect(goal.status, JSON.stringify(goal.body)).toBe(201);
  const paths = {
    budget: `/api/budgets/${budget.body.data.budget.id}`,
    goal: `/api/savings-goals/${goal.body.data.savings_goal.id}`,
    category: `/api/categories/${categoryId}`,
  };
  for (const path of Object.values(paths)) expect((await remove(me, path)).status, path).toBe(200);
  const restoredBudget = await restore(me, paths.budget);
  expect(restoredBudget.status, JSON.stringify(restoredBudget.body)).toBe(200);
  expect(restoredBudget.body.data.budget).toEqual(budget.body.data.budget);
  const restoredGoal = await restore(me, paths.goal);
  expect(restoredGoal.status, JSON.stringify(restoredGoal.body)).toBe(200);
  expect(restoredGoal.body.data.savings_goal).toEqual(goal.body.data.savings_goal);
  const restoredCategory = await restore(me, paths.category);
  expect(restoredCategory.status, JSON.stringify(restoredCategory.body)).toBe(200);
  expect(restoredCategory.body.data.category).toEqual(category.body.data.category);
});

test("on D1, a tag on 60,000 transactions is deleted and comes back on every one of them, and on no other", async () => {
  const me = await registerViaApi();
  const tag = await createTag(me, "Everything");
  const untagged = await createTransaction(me, []);
  // Rows and links written by SQLite itself (a recursive count), as no app write makes 60,000 at once.
  // One JSON array of their ids in the deletion's snapshot passed D1's 2 MB value, and the delete failed.
  await env.DB.batch([
    env.DB.prepare(
      `with recursive n(i) as (select 1 union all select i + 1 from n where i < 60000)
       insert into transactions (id, user_id, type, description, search_text, date, category_id, usd_cents, created_at, updated_at)
       select 'bulk-tag-' || printf('%06d', i) || '-' || lower(hex(randomblob(8))), ?, 'EXPENSE', 'Bulk ' || i, 'bulk ' || i, '2026-09-' || printf('%02d', 1 + i % 28), 'default-food', 100 + i % 977, 0, 0 from n`,
    ).bind(me.user.id),
    env.DB.prepare("insert into transaction_tags (transaction_id, tag_id) select id, ? from transactions where user_id = ? and id like 'bulk-tag-%'").bind(tag, me.user.id),
  ]);
  const links = () => env.DB.prepare("select count(*) as n from transaction_tags where tag_id = ?").bind(tag).first<{ n: number }>();
  expect((await links())!.n).toBe(60_000);

  const removed = await remove(me, `/api/tags/${tag}`);
  expect(removed.status, JSON.stringify(removed.body)).toBe(200);
  expect((await links())!.n).toBe(0);
  // Cloudflare's D1 refuses a value over 2 MB; the local one does not, so the size is checked here.
  const widest = await env.DB.prepare("select max(length(snapshot)) as bytes, count(*) as n from deleted_records where user_id = ?").bind(me.user.id).first<{ bytes: number; n: number }>();
  expect(widest!.bytes).toBeLessThan(2_000_000);
  expect(widest!.n).toBeGreaterThan(1);
  const res = await restore(me, `/api/tags/${tag}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  expect((await links())!.n).toBe(60_000);
  expect((await api(`/api/transactions/${untagged.id}`, { token: me.accessToken })).body.data.transaction.tagIds).toEqual([]);
});
