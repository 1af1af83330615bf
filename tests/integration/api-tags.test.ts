import { env } from "cloudflare:test";
import { expect, test } from "vitest";
import { api, registerViaApi, type ApiAccount } from "./api-client";
import { insertTransaction } from "./seed-rows";

type TagRow = { id: string; user_id: string; name: string; color: string; description: string | null };
type ApiTag = { id: string; name: string; color: string; description: string | null; createdAt: string; usageCount?: number };

async function createTag(account: ApiAccount, json: Record<string, unknown>): Promise<ApiTag> {
  const res = await api("/api/tags", { method: "POST", token: account.accessToken, json });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data.tag as ApiTag;
}

function tagRow(id: string) {
  return env.DB.prepare("select id, user_id, name, color, description from tags where id = ?").bind(id).first<TagRow>();
}

async function countByName(userId: string, name: string) {
  const row = await env.DB.prepare("select count(*) as n from tags where user_id = ? and lower(name) = lower(?)")
    .bind(userId, name)
    .first<{ n: number }>();
  return row!.n;
}

async function listTags(account: ApiAccount): Promise<ApiTag[]> {
  const res = await api("/api/tags", { token: account.accessToken });
  expect(res.status).toBe(200);
  return res.body.data.tags as ApiTag[];
}

test("creating a tag answers 201 with the tag, blue by default and without a description", async () => {
  const me = await registerViaApi();
  const { status, body } = await api("/api/tags", { method: "POST", token: me.accessToken, json: { name: "  Vacation " } });
  expect(status).toBe(201);
  expect(body).toEqual({
    status: "success",
    data: {
      tag: {
        id: expect.any(String),
        name: "Vacation",
        color: "#3B82F6",
        description: null,
        createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z$/),
      },
    },
  });
  expect(await tagRow(body.data.tag.id)).toMatchObject({ user_id: me.user.id, name: "Vacation", color: "#3B82F6", description: null });
});

test("the tag list is at data.tags and data.data.tags, by name, with usage counts, and holds only the user's tags", async () => {
  const me = await registerViaApi();
  const other = await registerViaApi();
  const zeta = await createTag(me, { name: "zeta", color: "#ef4444", description: "Last" });
  const alpha = await createTag(me, { name: "Alpha" });
  const theirs = await createTag(other, { name: "Alpha" });

  const { status, body } = await api("/api/tags", { token: me.accessToken });
  expect(status).toBe(200);
  expect(body.status).toBe("success");
  expect(body.data.data.tags).toEqual(body.data.tags);
  expect(body.data.tags).toEqual([
    { ...alpha, usageCount: 0 },
    { ...zeta, usageCount: 0 },
  ]);
  expect(zeta).toMatchObject({ color: "#EF4444", description: "Last" });
  expect((body.data.tags as ApiTag[]).map((t) => t.id)).not.toContain(theirs.id);
});

test("an empty or blank tag name answers 400 'Tag name is required', in Spanish too", async () => {
  const me = await registerViaApi();
  for (const name of ["", "    "]) {
    const res = await api("/api/tags", { method: "POST", token: me.accessToken, json: { name } });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ status: "error", message: "Tag name is required", errors: { name: ["Tag name is required"] } });
  }
  const es = await api("/api/tags", {
    method: "POST",
    token: me.accessToken,
    json: { name: " ", color: "#3B82F6" },
    headers: { "Accept-Language": "es" },
  });
  expect(es.status).toBe(400);
  expect(es.body).toEqual({
    status: "error",
    message: "El nombre de la etiqueta es obligatorio",
    errors: { name: ["El nombre de la etiqueta es obligatorio"] },
  });
  expect(await listTags(me)).toEqual([]);
});

test("a colour outside the tag palette answers 400 and creates nothing", async () => {
  const me = await registerViaApi();
  // Amber is a category colour, not a tag colour.
  for (const color of ["#F59E0B", "red", ""]) {
    const res = await api("/api/tags", { method: "POST", token: me.accessToken, json: { name: "Urgent", color } });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual({ color: ["Choose one of the offered colours"] });
  }
  expect(await countByName(me.user.id, "urgent")).toBe(0);
});

test("a description is trimmed, and an empty one is stored as NULL", async () => {
  const me = await registerViaApi();
  const described = await createTag(me, { name: "Work", description: "  Office costs  " });
  expect(described.description).toBe("Office costs");
  expect((await tagRow(described.id))!.description).toBe("Office costs");

  const blank = await createTag(me, { name: "Blank", description: "   " });
  expect(blank.description).toBeNull();
  expect((await tagRow(blank.id))!.description).toBeNull();

  const cleared = await api(`/api/tags/${described.id}`, {
    method: "PUT",
    token: me.accessToken,
    json: { name: "Work", color: "#3B82F6", description: "" },
  });
  expect(cleared.status).toBe(200);
  expect(cleared.body.data.tag.description).toBeNull();
  expect((await tagRow(described.id))!.description).toBeNull();
});

test("a description longer than 200 characters answers 400", async () => {
  const me = await registerViaApi();
  const res = await api("/api/tags", { method: "POST", token: me.accessToken, json: { name: "Long", description: "d".repeat(201) } });
  expect(res.status).toBe(400);
  expect(res.body.errors).toEqual({ description: ["This value is too long"] });
});

test("a tag name already used in another letter case answers 409 and leaves one tag", async () => {
  const me = await registerViaApi();
  await createTag(me, { name: "Groceries" });
  const res = await api("/api/tags", { method: "POST", token: me.accessToken, json: { name: "GROCERIES" } });
  expect(res.status).toBe(409);
  expect(res.body).toEqual({
    status: "error",
    message: "A tag with this name already exists",
    errors: { name: ["A tag with this name already exists"] },
  });
  const es = await api("/api/tags", { method: "POST", token: me.accessToken, json: { name: "groceries" }, headers: { "Accept-Language": "es" } });
  expect(es.body.message).toBe("Ya existe una etiqueta con este nombre");
  expect(await countByName(me.user.id, "groceries")).toBe(1);
});

test("two users may each have a tag of the same name", async () => {
  const me = await registerViaApi();
  const other = await registerViaApi();
  const mine = await createTag(me, { name: "Shared name" });
  const theirs = await createTag(other, { name: "shared NAME" });
  expect(theirs.id).not.toBe(mine.id);
  expect((await listTags(me)).map((tag) => [tag.id, tag.name])).toEqual([[mine.id, "Shared name"]]);
  expect((await listTags(other)).map((tag) => [tag.id, tag.name])).toEqual([[theirs.id, "shared NAME"]]);
});

test("two concurrent creates of one tag name in different cases leave one tag: one 201, one 409", async () => {
  const me = await registerViaApi();
  const results = await Promise.all([
    api("/api/tags", { method: "POST", token: me.accessToken, json: { name: "Race" } }),
    api("/api/tags", { method: "POST", token: me.accessToken, json: { name: "RACE" } }),
  ]);
  expect(results.map((r) => r.status).sort()).toEqual([201, 409]);
  expect(await countByName(me.user.id, "race")).toBe(1);
});

test("PUT replaces a tag's name, colour and description and answers with it", async () => {
  const me = await registerViaApi();
  const tag = await createTag(me, { name: "Trip", description: "Summer" });
  const { status, body } = await api(`/api/tags/${tag.id}`, {
    method: "PUT",
    token: me.accessToken,
    json: { name: "Journey", color: "#14b8a6", description: " Winter " },
  });
  expect(status).toBe(200);
  expect(body.data.tag).toEqual({ id: tag.id, name: "Journey", color: "#14B8A6", description: "Winter", createdAt: tag.createdAt });
  expect(await tagRow(tag.id)).toMatchObject({ name: "Journey", color: "#14B8A6", description: "Winter" });
});

test("renaming a tag onto another tag's name in a different case answers 409; recasing its own name is allowed", async () => {
  const me = await registerViaApi();
  const home = await createTag(me, { name: "Home" });
  await createTag(me, { name: "Office" });
  const clash = await api(`/api/tags/${home.id}`, { method: "PUT", token: me.accessToken, json: { name: "oFFICE" } });
  expect(clash.status).toBe(409);
  expect(clash.body.errors).toEqual({ name: ["A tag with this name already exists"] });
  expect((await tagRow(home.id))!.name).toBe("Home");

  const recased = await api(`/api/tags/${home.id}`, { method: "PUT", token: me.accessToken, json: { name: "HOME" } });
  expect(recased.status).toBe(200);
  expect(recased.body.data.tag.name).toBe("HOME");
  expect(await countByName(me.user.id, "home")).toBe(1);
});

test("another user's tag answers 404 on PUT, DELETE and usage, exactly like a missing one, and is untouched", async () => {
  const me = await registerViaApi();
  const other = await registerViaApi();
  const theirs = await createTag(other, { name: "Secret", color: "#A855F7", description: "Theirs" });
  const transactionId = await insertTransaction({ userId: other.user.id, tagIds: [theirs.id] });
  const before = await tagRow(theirs.id);

  const results = [
    await api(`/api/tags/${theirs.id}`, { method: "PUT", token: me.accessToken, json: { name: "Stolen" } }),
    await api(`/api/tags/${theirs.id}`, { method: "DELETE", token: me.accessToken }),
    await api(`/api/tags/${theirs.id}/usage`, { token: me.accessToken }),
    await api(`/api/tags/${crypto.randomUUID()}`, { method: "PUT", token: me.accessToken, json: { name: "X" } }),
    await api(`/api/tags/${crypto.randomUUID()}`, { method: "DELETE", token: me.accessToken }),
    await api(`/api/tags/${crypto.randomUUID()}/usage`, { token: me.accessToken }),
  ];
  for (const res of results) {
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ status: "error", message: "Not found" });
  }
  expect(await tagRow(theirs.id)).toEqual(before);
  const link = await env.DB.prepare("select count(*) as n from transaction_tags where transaction_id = ? and tag_id = ?")
    .bind(transactionId, theirs.id)
    .first<{ n: number }>();
  expect(link!.n).toBe(1);
});

test("usage counts only the transactions carrying the tag and lists them newest first", async () => {
  const me = await registerViaApi();
  const food = await createTag(me, { name: "Food" });
  const travel = await createTag(me, { name: "Travel" });
  const older = await insertTransaction({ userId: me.user.id, tagIds: [food.id], description: "Market", date: "2026-10-01", usdCents: 500 });
  const newer = await insertTransaction({
    userId: me.user.id,
    tagIds: [food.id, travel.id],
    description: "Airport lunch",
    date: "2026-10-20",
    type: "EXPENSE",
    usdCents: 1999,
  });
  await insertTransaction({ userId: me.user.id, tagIds: [travel.id], description: "Train" });
  await insertTransaction({ userId: me.user.id, description: "Untagged" });

  const { status, body } = await api(`/api/tags/${food.id}/usage`, { token: me.accessToken });
  expect(status).toBe(200);
  expect(body.data.count).toBe(2);
  expect(body.data.transactions).toEqual([
    { id: newer, description: "Airport lunch", date: "2026-10-20", type: "EXPENSE", usdCents: 1999 },
    { id: older, description: "Market", date: "2026-10-01", type: "EXPENSE", usdCents: 500 },
  ]);

  const unused = await createTag(me, { name: "Unused" });
  const none = await api(`/api/tags/${unused.id}/usage`, { token: me.accessToken });
  expect(none.body.data).toEqual({ count: 0, transactions: [] });

  const counts = Object.fromEntries((await listTags(me)).map((t) => [t.name, t.usageCount]));
  expect(counts).toEqual({ Food: 2, Travel: 2, Unused: 0 });
});

test("deleting a tag removes its links to transactions but keeps the transactions", async () => {
  const me = await registerViaApi();
  const tag = await createTag(me, { name: "Gone soon" });
  const keep = await createTag(me, { name: "Keeper" });
  const first = await insertTransaction({ userId: me.user.id, tagIds: [tag.id, keep.id] });
  const second = await insertTransaction({ userId: me.user.id, tagIds: [tag.id] });

  const { status, body } = await api(`/api/tags/${tag.id}`, { method: "DELETE", token: me.accessToken });
  expect(status).toBe(200);
  expect(body).toEqual({ status: "success", data: { id: tag.id, message: "Tag deleted successfully!" } });

  expect(await tagRow(tag.id)).toBeNull();
  const links = await env.DB.prepare("select count(*) as n from transaction_tags where tag_id = ?").bind(tag.id).first<{ n: number }>();
  expect(links!.n).toBe(0);
  const transactions = await env.DB.prepare("select count(*) as n from transactions where id in (?, ?)")
    .bind(first, second)
    .first<{ n: number }>();
  expect(transactions!.n).toBe(2);
  const kept = await api(`/api/tags/${keep.id}/usage`, { token: me.accessToken });
  expect(kept.body.data.count).toBe(1);
  expect((await api(`/api/tags/${tag.id}/usage`, { token: me.accessToken })).status).toBe(404);
  expect((await api(`/api/tags/${tag.id}`, { method: "DELETE", token: me.accessToken })).status).toBe(404);
});

test("without an access token every tag call answers 401 with WWW-Authenticate: Bearer", async () => {
  const me = await registerViaApi();
  const tag = await createTag(me, { name: "Private" });
  const calls = [
    api("/api/tags"),
    api("/api/tags", { method: "POST", json: { name: "Sneaky" } }),
    api(`/api/tags/${tag.id}`, { method: "PUT", json: { name: "Sneaky" } }),
    api(`/api/tags/${tag.id}`, { method: "DELETE" }),
    api(`/api/tags/${tag.id}/usage`),
  ];
  for (const res of await Promise.all(calls)) {
    expect(res.status).toBe(401);
    expect(res.res.headers.get("WWW-Authenticate")).toBe("Bearer");
  }
  expect((await tagRow(tag.id))!.name).toBe("Private");
});

test("a method a tag path does not have answers 405 with Allow", async () => {
  const me = await registerViaApi();
  const tag = await createTag(me, { name: "Methods" });
  const res = await api(`/api/tags/${tag.id}/usage`, { method: "POST", token: me.accessToken, json: {} });
  expect(res.status).toBe(405);
  expect(res.res.headers.get("Allow")).toBe("GET, HEAD");
});

test("openapi.json documents the tag paths and their methods", async () => {
  const { status, body } = await api("/api/openapi.json");
  expect(status).toBe(200);
  const paths = (body as unknown as { paths: Record<string, Record<string, { responses: Record<string, unknown> }>> }).paths;
  expect(Object.keys(paths["/api/tags"]!).sort()).toEqual(["get", "post"]);
  expect(Object.keys(paths["/api/tags/{id}"]!).sort()).toEqual(["delete", "put"]);
  expect(Object.keys(paths["/api/tags/{id}/usage"]!)).toEqual(["get"]);
  expect(Object.keys(paths["/api/tags/{id}"]!.put!.responses)).toEqual(["200", "400", "401", "404", "409", "413", "415", "500"]);
});
