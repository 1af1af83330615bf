import { env } from "cloudflare:test";
import { expect, test } from "vitest";
import { MAX_PAYMENTS, MAX_TAGS } from "~/features/transactions/model/transaction";
import { api, registerViaApi, type ApiAccount } from "./api-client";
import { browser, registerViaForm } from "./helpers";
import { tags } from "~/platform/db/schema";
import { testDb } from "./seed-rows";
import { addRows, addTransactions, tagRow } from "../setup/rows";

// D1 refuses a statement with more than 100 bound parameters, which local SQLite and libSQL
// accept (STACK.md, traps). Every query built from a list (a page's ids, a transaction's tags
// and payments, the tag filter) must stay under it whatever the list's length: these run at
// the documented maxima through the Worker, on D1.

async function tagsOf(userId: string, count: number): Promise<string[]> {
  const rows = Array.from({ length: count }, (_, i) => tagRow(userId, `Tag ${i}`));
  await addRows(testDb(), tags, rows);
  return rows.map((row) => row.id!);
}

/** A full page's worth of rows, each with three payments and every given tag, written in one batch. */
async function fullPage(userId: string, tagIds: string[], count = 100) {
  await addTransactions(
    testDb(),
    Array.from({ length: count }, (_, i) => ({
      userId,
      description: `Row ${i}`,
      date: `2026-10-${String((i % 28) + 1).padStart(2, "0")}`,
      payments: [
        { currencyCode: "USD", amountMinor: 100, rate: "1", usdCents: 100 },
        { currencyCode: "EUR", amountMinor: 200, rate: "0.87", usdCents: 230 },
        { currencyCode: "USD", amountMinor: 300, rate: "1", usdCents: 300 },
      ],
      tagIds,
    })),
  );
}

async function userIdOf(email: string) {
  const row = await env.DB.prepare("select id from users where email = ?").bind(email).first<{ id: string }>();
  return row!.id;
}

test("GET /api/transactions?limit=100 answers the full page of multi-payment, multi-tag rows with their children", async () => {
  const me = await registerViaApi();
  const tagIds = await tagsOf(me.user.id, 3);
  await fullPage(me.user.id, tagIds);
  const { status, body } = await api("/api/transactions?limit=100", { token: me.accessToken });
  expect(status, JSON.stringify(body).slice(0, 500)).toBe(200);
  expect(body.data.transactions).toHaveLength(100);
  expect(body.data.pagination.total).toBe(100);
  for (const tx of body.data.transactions) {
    expect(tx.payments).toHaveLength(3);
    expect([...tx.tagIds].sort()).toEqual([...tagIds].sort());
  }
  // The first request of a file starts the Worker (7-9 s alone, far more on a busy machine).
}, 90_000);

test("the web list and its tag filter answer with the maximum of tag chips on rows carrying every tag", async () => {
  const b = browser();
  const { email } = await registerViaForm(b);
  const userId = await userIdOf(email);
  const tagIds = await tagsOf(userId, MAX_TAGS);
  await fullPage(userId, tagIds);
  const all = await b.fetch("/expenses");
  expect(all.status).toBe(200);
  const filtered = await b.fetch(`/expenses?${tagIds.map((id) => `tag=${id}`).join("&")}`);
  expect(filtered.status).toBe(200);
  const html = await filtered.text();
  expect(html.match(/data-transaction-id=/g)).toHaveLength(10);
  expect(html).toContain("100");
});

test("the API's tag filter on a full page of rows", async () => {
  const me = await registerViaApi();
  const tagIds = await tagsOf(me.user.id, 3);
  await fullPage(me.user.id, tagIds);
  const { status, body } = await api(`/api/transactions?limit=100&tagId=${tagIds[1]}`, { token: me.accessToken });
  expect(status).toBe(200);
  expect(body.data.transactions).toHaveLength(100);
});

function maxTransaction(tagIds: string[], description: string) {
  return {
    description,
    date: "2026-11-10",
    categoryId: "default-food",
    tagIds,
    payments: Array.from({ length: MAX_PAYMENTS }, (_, i) => ({ currencyCode: i % 2 ? "EUR" : "USD", amount: String(i + 1), exchangeRate: i % 2 ? "0.9" : undefined })),
  };
}

async function createMax(me: ApiAccount, tagIds: string[]) {
  return api("/api/transactions", { method: "POST", token: me.accessToken, json: maxTransaction(tagIds, "Everything at once") });
}

test("POST and PUT /api/transactions take the maximum of payments and tags", async () => {
  const me = await registerViaApi();
  const tagIds = await tagsOf(me.user.id, MAX_TAGS);
  const created = await createMax(me, tagIds);
  expect(created.status, JSON.stringify(created.body).slice(0, 500)).toBe(201);
  expect(created.body.data.transaction.payments).toHaveLength(MAX_PAYMENTS);
  const id = created.body.data.transaction.id as string;
  const updated = await api(`/api/transactions/${id}`, { method: "PUT", token: me.accessToken, json: maxTransaction([...tagIds].reverse(), "Everything again") });
  expect(updated.status, JSON.stringify(updated.body).slice(0, 500)).toBe(200);
  const read = await api(`/api/transactions/${id}`, { token: me.accessToken });
  expect(read.body.data.transaction.payments).toHaveLength(MAX_PAYMENTS);
  expect(read.body.data.transaction.tagIds).toHaveLength(MAX_TAGS);
  expect(read.body.data.transaction.description).toBe("Everything again");
});

test("more tags than a transaction may carry is a 400 with the limit in the message, and nothing is stored", async () => {
  const me = await registerViaApi();
  const tagIds = await tagsOf(me.user.id, MAX_TAGS + 1);
  const refused = await createMax(me, tagIds);
  expect(refused.status).toBe(400);
  expect(refused.body.errors?.tagIds).toEqual([`At most ${MAX_TAGS} tags`]);
  const count = await env.DB.prepare("select count(*) as n from transactions where user_id = ?").bind(me.user.id).first<{ n: number }>();
  expect(count!.n).toBe(0);
});

test("choosing more tags on the web list than a transaction may carry applies the first ones and says so", async () => {
  const b = browser();
  const { email } = await registerViaForm(b);
  const userId = await userIdOf(email);
  const tagIds = await tagsOf(userId, MAX_TAGS + 1);
  await fullPage(userId, tagIds.slice(0, MAX_TAGS), 3);
  const res = await b.fetch(`/expenses?${tagIds.map((id) => `tag=${id}`).join("&")}`);
  expect(res.status).toBe(200);
  const html = await res.text();
  expect(html).toContain(`Filter by at most ${MAX_TAGS} tags: only the first ${MAX_TAGS} were applied`);
  expect(html.match(/data-transaction-id=/g)).toHaveLength(3);
});
