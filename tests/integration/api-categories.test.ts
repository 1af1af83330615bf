import { env } from "cloudflare:test";
import { expect, test } from "vitest";
import { api, registerViaApi, type ApiAccount } from "./api-client";
import { insertBudget, insertTransaction } from "./seed-rows";

type CategoryRow = { id: string; user_id: string | null; name: string; type: string; color: string; icon: string };

async function createCategory(account: ApiAccount, json: Record<string, unknown>) {
  const res = await api("/api/categories", { method: "POST", token: account.accessToken, json });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data.category as { id: string; name: string; type: string; color: string; icon: string };
}

function categoryRow(id: string) {
  return env.DB.prepare("select id, user_id, name, type, color, icon from categories where id = ?").bind(id).first<CategoryRow>();
}

async function countByName(userId: string, name: string) {
  const row = await env.DB.prepare("select count(*) as n from categories where user_id = ? and lower(name) = lower(?)")
    .bind(userId, name)
    .first<{ n: number }>();
  return row!.n;
}

test("the list holds the shared defaults and the user's own categories, never another user's", async () => {
  const me = await registerViaApi();
  const other = await registerViaApi();
  const mine = await createCategory(me, { name: "Pets", type: "expense", color: "#10B981", icon: "Gift" });
  const theirs = await createCategory(other, { name: "Boat", type: "expense" });

  const { status, body } = await api("/api/categories", { token: me.accessToken });
  expect(status).toBe(200);
  expect(body.status).toBe("success");
  const list = body.data.categories as { id: string; isDefault: boolean }[];
  const ids = list.map((c) => c.id);
  expect(ids).toContain(mine.id);
  expect(ids).not.toContain(theirs.id);
  expect(ids).toEqual(expect.arrayContaining(["default-food", "default-salary"]));
  expect(list.filter((c) => c.isDefault)).toHaveLength(13);
  expect(list.find((c) => c.id === "default-food")).toEqual({
    id: "default-food",
    name: "Food & Dining",
    icon: "Utensils",
    color: "#F97316",
    type: "expense",
    isDefault: true,
    createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z$/),
  });
  expect(list.find((c) => c.id === mine.id)).toMatchObject({ name: "Pets", icon: "Gift", color: "#10B981", isDefault: false });
});

test("creating a category answers 201 and fills in type, icon and colour when they are omitted", async () => {
  const me = await registerViaApi();
  const { status, body } = await api("/api/categories", { method: "POST", token: me.accessToken, json: { name: "  Hobbies  " } });
  expect(status).toBe(201);
  expect(body.data.category).toEqual({
    id: expect.any(String),
    name: "Hobbies",
    icon: "ShoppingCart",
    color: "#3B82F6",
    type: "expense",
    isDefault: false,
    createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
  });
  const row = await categoryRow(body.data.category.id);
  expect(row).toMatchObject({ user_id: me.user.id, name: "Hobbies", type: "expense", color: "#3B82F6", icon: "ShoppingCart" });
});

test("a colour given in lower case is stored in upper case", async () => {
  const me = await registerViaApi();
  const category = await createCategory(me, { name: "Bonus", type: "income", color: "#22c55e", icon: "Wallet" });
  expect(category).toMatchObject({ type: "income", color: "#22C55E", icon: "Wallet" });
});

test("an empty or blank category name answers 400 'Category name is required', in Spanish too", async () => {
  const me = await registerViaApi();
  for (const name of ["", "   "]) {
    const res = await api("/api/categories", { method: "POST", token: me.accessToken, json: { name, type: "expense" } });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      status: "error",
      message: "Category name is required",
      errors: { name: ["Category name is required"] },
    });
  }
  const missing = await api("/api/categories", { method: "POST", token: me.accessToken, json: { type: "expense" } });
  expect(missing.status).toBe(400);
  expect(missing.body.message).toBe("Category name is required");

  const es = await api("/api/categories", {
    method: "POST",
    token: me.accessToken,
    json: { name: " " },
    headers: { "Accept-Language": "es-ES,es;q=0.9" },
  });
  expect(es.status).toBe(400);
  expect(es.body.message).toBe("El nombre de la categoría es obligatorio");
  expect(es.body.errors).toEqual({ name: ["El nombre de la categoría es obligatorio"] });
});

test("a colour, icon or type outside the offered ones answers 400 per field and creates nothing", async () => {
  const me = await registerViaApi();
  const res = await api("/api/categories", {
    method: "POST",
    token: me.accessToken,
    json: { name: "Odd", type: "transfer", color: "#123456", icon: "Rocket" },
  });
  expect(res.status).toBe(400);
  expect(res.body.errors).toEqual({
    type: ["Type must be expense or income"],
    color: ["Choose one of the offered colours"],
    icon: ["Choose one of the offered icons"],
  });
  const named = await api("/api/categories", { method: "POST", token: me.accessToken, json: { name: "Odd", color: "blue" } });
  expect(named.status).toBe(400);
  expect(named.body.message).toBe("Choose one of the offered colours");
  expect(await countByName(me.user.id, "Odd")).toBe(0);
});

test("a name longer than 50 characters answers 400", async () => {
  const me = await registerViaApi();
  const res = await api("/api/categories", { method: "POST", token: me.accessToken, json: { name: "x".repeat(51) } });
  expect(res.status).toBe(400);
  expect(res.body.errors).toEqual({ name: ["This value is too long"] });
});

test("the same name and type in another letter case answers 409 and leaves one category", async () => {
  const me = await registerViaApi();
  await createCategory(me, { name: "Coffee", type: "expense" });
  const res = await api("/api/categories", { method: "POST", token: me.accessToken, json: { name: " COFFEE ", type: "expense" } });
  expect(res.status).toBe(409);
  expect(res.body).toEqual({
    status: "error",
    message: "A category with this name and type already exists",
    errors: { name: ["A category with this name and type already exists"] },
  });
  expect(await countByName(me.user.id, "coffee")).toBe(1);
});

test("the same name with the other type is a different category and is allowed", async () => {
  const me = await registerViaApi();
  const expense = await createCategory(me, { name: "Rent", type: "expense" });
  const income = await createCategory(me, { name: "rent", type: "income" });
  expect(income.id).not.toBe(expense.id);
  expect(await countByName(me.user.id, "rent")).toBe(2);
});

test("two users may each have a category of the same name", async () => {
  const me = await registerViaApi();
  const other = await registerViaApi();
  const mine = await createCategory(me, { name: "Garden" });
  const theirs = await createCategory(other, { name: "Garden" });
  expect(theirs.id).not.toBe(mine.id);
  const gardenIds = async (account: ApiAccount) =>
    ((await api("/api/categories", { token: account.accessToken })).body.data.categories as { id: string; name: string }[])
      .filter((c) => c.name === "Garden")
      .map((c) => c.id);
  expect(await gardenIds(me)).toEqual([mine.id]);
  expect(await gardenIds(other)).toEqual([theirs.id]);
});

test("a name and type equal to a default category's answers 409; the same name as income is allowed", async () => {
  const me = await registerViaApi();
  const res = await api("/api/categories", { method: "POST", token: me.accessToken, json: { name: "food & DINING", type: "expense" } });
  expect(res.status).toBe(409);
  expect(res.body.message).toBe("A category with this name and type already exists");
  expect(await countByName(me.user.id, "food & dining")).toBe(0);
  await createCategory(me, { name: "Food & Dining", type: "income" });
});

test("PUT replaces the user's own category and answers with it", async () => {
  const me = await registerViaApi();
  const category = await createCategory(me, { name: "Gym", type: "expense" });
  const { status, body } = await api(`/api/categories/${category.id}`, {
    method: "PUT",
    token: me.accessToken,
    json: { name: "Sport", type: "expense", color: "#EF4444", icon: "HeartPulse" },
  });
  expect(status).toBe(200);
  expect(body.data.category).toMatchObject({ id: category.id, name: "Sport", color: "#EF4444", icon: "HeartPulse", isDefault: false });
  expect(await categoryRow(category.id)).toMatchObject({ name: "Sport", color: "#EF4444", icon: "HeartPulse" });
});

test("renaming a category onto another of the user's answers 409; changing only its letter case is allowed", async () => {
  const me = await registerViaApi();
  const books = await createCategory(me, { name: "Books" });
  await createCategory(me, { name: "Music" });
  const clash = await api(`/api/categories/${books.id}`, { method: "PUT", token: me.accessToken, json: { name: "MUSIC" } });
  expect(clash.status).toBe(409);
  expect(clash.body.errors).toEqual({ name: ["A category with this name and type already exists"] });
  expect((await categoryRow(books.id))!.name).toBe("Books");

  const recased = await api(`/api/categories/${books.id}`, { method: "PUT", token: me.accessToken, json: { name: "BOOKS" } });
  expect(recased.status).toBe(200);
  expect(recased.body.data.category.name).toBe("BOOKS");

  const ontoDefault = await api(`/api/categories/${books.id}`, { method: "PUT", token: me.accessToken, json: { name: "travel" } });
  expect(ontoDefault.status).toBe(409);
});

test("a default category cannot be changed or deleted: 403 and it stays as it was", async () => {
  const me = await registerViaApi();
  const before = await categoryRow("default-travel");
  const put = await api("/api/categories/default-travel", {
    method: "PUT",
    token: me.accessToken,
    json: { name: "Trips", type: "expense", color: "#EF4444", icon: "Car" },
  });
  expect(put.status).toBe(403);
  expect(put.body).toEqual({ status: "error", message: "Default categories cannot be edited or deleted." });

  const del = await api("/api/categories/default-travel", { method: "DELETE", token: me.accessToken });
  expect(del.status).toBe(403);
  expect(del.body.message).toBe("Default categories cannot be edited or deleted.");

  const es = await api("/api/categories/default-travel", {
    method: "DELETE",
    token: me.accessToken,
    headers: { "Accept-Language": "es" },
  });
  expect(es.body.message).toBe("Las categorías predeterminadas no se pueden editar ni eliminar.");
  expect(await categoryRow("default-travel")).toEqual(before);
});

test("another user's category answers 404 on PUT and DELETE, exactly like a missing one, and is untouched", async () => {
  const me = await registerViaApi();
  const other = await registerViaApi();
  const theirs = await createCategory(other, { name: "Yacht", type: "expense", color: "#0EA5E9", icon: "Plane" });
  const before = await categoryRow(theirs.id);

  const put = await api(`/api/categories/${theirs.id}`, { method: "PUT", token: me.accessToken, json: { name: "Mine now" } });
  const del = await api(`/api/categories/${theirs.id}`, { method: "DELETE", token: me.accessToken });
  const missing = await api(`/api/categories/${crypto.randomUUID()}`, { method: "PUT", token: me.accessToken, json: { name: "X" } });
  for (const res of [put, del, missing]) {
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ status: "error", message: "Not found" });
  }
  expect(await categoryRow(theirs.id)).toEqual(before);
});

test("deleting an unused category answers its id and a message, and it is gone", async () => {
  const me = await registerViaApi();
  const category = await createCategory(me, { name: "Temporary" });
  const { status, body } = await api(`/api/categories/${category.id}`, { method: "DELETE", token: me.accessToken });
  expect(status).toBe(200);
  expect(body).toEqual({ status: "success", data: { id: category.id, message: "Category deleted successfully!" } });
  expect(await categoryRow(category.id)).toBeNull();
  const list = await api("/api/categories", { token: me.accessToken });
  expect((list.body.data.categories as { id: string }[]).map((c) => c.id)).not.toContain(category.id);
  expect((await api(`/api/categories/${category.id}`, { method: "DELETE", token: me.accessToken })).status).toBe(404);
});

test("a category used by a transaction cannot be deleted (409) and stays", async () => {
  const me = await registerViaApi();
  const category = await createCategory(me, { name: "Fuel" });
  await insertTransaction({ userId: me.user.id, categoryId: category.id, description: "Petrol" });
  const res = await api(`/api/categories/${category.id}`, { method: "DELETE", token: me.accessToken });
  expect(res.status).toBe(409);
  // Issue 23: the refusal says how many of each use it.
  expect(res.body).toEqual({ status: "error", message: "Cannot delete category that is used by transactions", details: { transactions: 1, budgets: 0, schedules: 0 } });
  expect(await categoryRow(category.id)).not.toBeNull();
});

test("a refused delete counts only the user's own transactions and budgets, in details, with the message in the request's language", async () => {
  const me = await registerViaApi();
  const category = await createCategory(me, { name: "Gym" });
  for (let i = 0; i < 4; i++) await insertTransaction({ userId: me.user.id, categoryId: category.id });
  await insertBudget(me.user.id, category.id, "2026-10-01");
  await insertBudget(me.user.id, category.id, "2026-11-01");
  const res = await api(`/api/categories/${category.id}`, { method: "DELETE", token: me.accessToken, headers: { "Accept-Language": "es" } });
  expect(res.status).toBe(409);
  expect(res.body).toEqual({ status: "error", message: "No se puede eliminar una categoría usada por transacciones", details: { transactions: 4, budgets: 2, schedules: 0 } });
  const budgetsOnly = await createCategory(me, { name: "Plans" });
  await insertBudget(me.user.id, budgetsOnly.id);
  const planned = await api(`/api/categories/${budgetsOnly.id}`, { method: "DELETE", token: me.accessToken });
  expect(planned.body).toEqual({ status: "error", message: "Cannot delete category that is used by budgets", details: { transactions: 0, budgets: 1, schedules: 0 } });
});

test("a name that is a default's in either language, accents and case folded, answers 409", async () => {
  const me = await registerViaApi();
  for (const name of ["educacion", "Educación", "VIAJES"]) {
    const res = await api("/api/categories", { method: "POST", token: me.accessToken, json: { name, type: "expense" } });
    expect(res.status, name).toBe(409);
    expect(res.body.errors).toEqual({ name: ["A category with this name and type already exists"] });
  }
  const es = await api("/api/categories", { method: "POST", token: me.accessToken, json: { name: "EDUCATION" }, headers: { "Accept-Language": "es" } });
  expect(es.body.message).toBe("Ya existe una categoría con este nombre y tipo");
  // The same name as income is another category, as before.
  await createCategory(me, { name: "Educación", type: "income" });
});

test("a category used by a transaction keeps its type (409) but may be renamed or restyled", async () => {
  const me = await registerViaApi();
  const category = await createCategory(me, { name: "Rent", type: "expense" });
  await insertTransaction({ userId: me.user.id, categoryId: category.id });
  const flip = await api(`/api/categories/${category.id}`, { method: "PUT", token: me.accessToken, json: { name: "Rent", type: "income" } });
  expect(flip.status).toBe(409);
  expect(flip.body.errors).toEqual({ type: ["Cannot change the type of a category that is used by transactions"] });
  const rename = await api(`/api/categories/${category.id}`, {
    method: "PUT",
    token: me.accessToken,
    json: { name: "Housing costs", type: "expense", icon: "Home" },
  });
  expect(rename.status).toBe(200);
  expect(await categoryRow(category.id)).toMatchObject({ name: "Housing costs", type: "expense", icon: "Home" });
});

test("a category used by a budget cannot be deleted (409) and stays", async () => {
  const me = await registerViaApi();
  const category = await createCategory(me, { name: "Dining out" });
  await insertBudget(me.user.id, category.id);
  const res = await api(`/api/categories/${category.id}`, { method: "DELETE", token: me.accessToken });
  expect(res.status).toBe(409);
  expect(res.body.message).toBe("Cannot delete category that is used by budgets");
  expect(res.body.details).toEqual({ transactions: 0, budgets: 1, schedules: 0 });
  expect(await categoryRow(category.id)).not.toBeNull();
});

test("without an access token every category call answers 401 with WWW-Authenticate: Bearer", async () => {
  const me = await registerViaApi();
  const category = await createCategory(me, { name: "Private" });
  const calls = [
    api("/api/categories"),
    api("/api/categories", { method: "POST", json: { name: "Sneaky" } }),
    api(`/api/categories/${category.id}`, { method: "PUT", json: { name: "Sneaky" } }),
    api(`/api/categories/${category.id}`, { method: "DELETE" }),
  ];
  for (const res of await Promise.all(calls)) {
    expect(res.status).toBe(401);
    expect(res.res.headers.get("WWW-Authenticate")).toBe("Bearer");
    expect(res.body.status).toBe("error");
  }
  expect((await categoryRow(category.id))!.name).toBe("Private");
});

test("a category body that is not JSON answers 415", async () => {
  const me = await registerViaApi();
  const res = await api("/api/categories", {
    method: "POST",
    token: me.accessToken,
    body: new URLSearchParams({ name: "Form" }),
  });
  expect(res.status).toBe(415);
});

test("openapi.json documents the category paths and their methods", async () => {
  const { status, body } = await api("/api/openapi.json");
  expect(status).toBe(200);
  const paths = (body as unknown as { paths: Record<string, Record<string, { responses: Record<string, unknown> }>> }).paths;
  expect(Object.keys(paths["/api/categories"]!).sort()).toEqual(["get", "post"]);
  expect(Object.keys(paths["/api/categories/{id}"]!).sort()).toEqual(["delete", "put"]);
  expect(Object.keys(paths["/api/categories"]!.post!.responses)).toEqual(["201", "400", "401", "409", "413", "415", "500"]);
  expect(Object.keys(paths["/api/categories/{id}"]!.delete!.responses)).toEqual(["200", "401", "403", "404", "409", "500"]);
});
