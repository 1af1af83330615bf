import { env } from "cloudflare:test";
import { expect, test } from "vitest";
import { browser, type Browser, pageText, signedIn, withTableAway } from "./helpers";
import { insertBudget, insertTransaction } from "./seed-rows";
import { allowConsoleError } from "../setup/console-errors";

type CategoryRow = { id: string; user_id: string | null; name: string; type: string; color: string; icon: string };

function post(b: Browser, form: Record<string, string>, path = "/categories") {
  return b.fetch(path, { form });
}

function rowsOf(userId: string) {
  return env.DB.prepare("select id, user_id, name, type, color, icon from categories where user_id = ? order by name")
    .bind(userId)
    .all<CategoryRow>()
    .then((r) => r.results);
}

async function create(b: Browser, fields: Record<string, string>) {
  return post(b, { intent: "create", type: "expense", color: "#3B82F6", icon: "ShoppingCart", ...fields });
}

test("a guest asking for /categories is sent to sign in and brought back", async () => {
  const res = await browser().fetch("/categories");
  expect(res.status).toBe(302);
  expect(res.headers.get("Location")).toBe("/auth/login?redirectTo=%2Fcategories");
});

test("the page shows the new-category form, an empty list of your own, and the read-only defaults with their note", async () => {
  const { b } = await signedIn();
  const html = await (await b.fetch("/categories")).text();
  expect(html).toContain("<title>Categories</title>");
  expect(html).toContain("Add New Category");
  expect(html).toContain("You have not created any categories yet.");
  expect(html).toContain("Default Categories");
  expect(html).toContain("Default categories cannot be edited or deleted.");
  expect(html).toContain("Food &amp; Dining");
  expect(html).toContain("Salary");
  // 17 colours and 14 icons to choose from, the defaults preselected.
  expect(html.match(/name="color"/g)?.length).toBe(17);
  expect(html.match(/name="icon"/g)?.length).toBe(14);
  expect(html).toMatch(/value="#3B82F6"[^>]*checked|checked[^>]*value="#3B82F6"/);
  expect(html).toMatch(/value="ShoppingCart"[^>]*checked|checked[^>]*value="ShoppingCart"/);
  // Every icon is drawn as an SVG.
  expect(html.match(/<svg[^>]*lucide/g)?.length).toBeGreaterThanOrEqual(14 + 13);
});

test("adding a category stores it for the user and shows it with a success banner", async () => {
  const { b, userId } = await signedIn();
  const res = await create(b, { name: "  Groceries  ", color: "#10b981", icon: "Utensils" });
  expect(res.status).toBe(302);
  expect(await rowsOf(userId)).toMatchObject([{ name: "Groceries", type: "expense", color: "#10B981", icon: "Utensils" }]);
  // It lands at the new row (issue 23).
  const [groceries] = await rowsOf(userId);
  expect(res.headers.get("Location")).toBe(`/categories?saved=created&item=${groceries!.id}#category-${groceries!.id}`);
  const html = await (await b.fetch("/categories?saved=created")).text();
  expect(html).toContain("Category created successfully!");
  expect(html).toContain("Groceries");
  expect(html).not.toContain("You have not created any categories yet.");
});

test("an empty name is refused with 'Category name is required' and nothing is stored", async () => {
  const { b, userId } = await signedIn();
  for (const name of ["", "   "]) {
    const res = await create(b, { name });
    expect(res.status).toBe(400);
    expect(await res.text()).toContain("Category name is required");
  }
  expect(await rowsOf(userId)).toEqual([]);
});

test("the refusal is in Spanish for a Spanish-speaking user", async () => {
  const { b } = await signedIn("es");
  const res = await create(b, { name: "" });
  expect(await res.text()).toContain("El nombre de la categoría es obligatorio");
});

test("a colour or icon outside the offered sets is refused", async () => {
  const { b, userId } = await signedIn();
  expect((await create(b, { name: "Odd", color: "#123456" })).status).toBe(400);
  expect((await create(b, { name: "Odd", icon: "Rocket" })).status).toBe(400);
  expect((await create(b, { name: "Odd", type: "transfer" })).status).toBe(400);
  expect(await rowsOf(userId)).toEqual([]);
});

test("names are unique per user and type whatever their case, and may repeat across types and users", async () => {
  const { b, userId } = await signedIn();
  expect((await create(b, { name: "Side Gigs" })).status).toBe(302);
  const duplicate = await create(b, { name: "side gigs" });
  expect(duplicate.status).toBe(409);
  expect(await duplicate.text()).toContain("A category with this name and type already exists");
  expect((await create(b, { name: "Side gigs", type: "income" })).status).toBe(302);
  // A default category's name and type is taken too.
  expect((await create(b, { name: "salary", type: "income" })).status).toBe(409);
  expect((await rowsOf(userId)).map((r) => `${r.name}/${r.type}`)).toEqual(["Side Gigs/expense", "Side gigs/income"]);
  const other = await signedIn();
  expect((await create(other.b, { name: "Side Gigs" })).status).toBe(302);
});

test("?edit=id opens one category inline with its values; saving updates it", async () => {
  const { b, userId } = await signedIn();
  await create(b, { name: "Pets", color: "#F97316", icon: "Gift" });
  const [pet] = await rowsOf(userId);
  const html = await (await b.fetch(`/categories?edit=${pet!.id}`)).text();
  expect(html).toContain("Edit Pets");
  expect(html).toMatch(/name="name"[^>]*value="Pets"|value="Pets"[^>]*name="name"/);
  expect(html).toContain(`name="id" value="${pet!.id}"`);
  const res = await post(b, { intent: "update", id: pet!.id, name: "Pet care", type: "expense", color: "#F43F5E", icon: "HeartPulse" }, `/categories?edit=${pet!.id}`);
  expect(res.status).toBe(302);
  expect(res.headers.get("Location")).toBe(`/categories?saved=updated&item=${pet!.id}#category-${pet!.id}`);
  expect(await rowsOf(userId)).toMatchObject([{ id: pet!.id, name: "Pet care", color: "#F43F5E", icon: "HeartPulse" }]);
});

test("a refused edit keeps the row's form open with the error and changes nothing", async () => {
  const { b, userId } = await signedIn();
  await create(b, { name: "Books" });
  await create(b, { name: "Music" });
  const music = (await rowsOf(userId)).find((r) => r.name === "Music")!;
  const res = await post(b, { intent: "update", id: music.id, name: "BOOKS", type: "expense", color: "#3B82F6", icon: "Tv" });
  expect(res.status).toBe(409);
  const html = await res.text();
  expect(html).toContain("A category with this name and type already exists");
  expect(html).toContain(`name="id" value="${music.id}"`);
  expect((await rowsOf(userId)).map((r) => r.name)).toEqual(["Books", "Music"]);
});

test("default categories cannot be edited or deleted, whatever is posted", async () => {
  const { b } = await signedIn();
  const update = await post(b, { intent: "update", id: "default-food", name: "Mine now", type: "expense", color: "#3B82F6", icon: "Tv" });
  expect(update.status).toBe(403);
  expect(await update.text()).toContain("Default categories cannot be edited or deleted.");
  const remove = await post(b, { intent: "delete", id: "default-food" });
  expect(remove.status).toBe(403);
  expect(await remove.text()).toContain("Default categories cannot be edited or deleted.");
  const row = await env.DB.prepare("select name from categories where id = 'default-food'").first<{ name: string }>();
  expect(row?.name).toBe("Food & Dining");
});

test("?delete=id asks for confirmation on the server; confirming deletes the category", async () => {
  const { b, userId } = await signedIn();
  await create(b, { name: "Hobbies" });
  const [hobby] = await rowsOf(userId);
  const html = await (await b.fetch(`/categories?delete=${hobby!.id}`)).text();
  expect(html).toContain("Are you sure you want to delete the category “Hobbies”?");
  expect(html).toContain(`name="id" value="${hobby!.id}"`);
  expect(await rowsOf(userId)).toHaveLength(1);
  const res = await post(b, { intent: "delete", id: hobby!.id });
  expect(res.status).toBe(302);
  expect(res.headers.get("Location")).toBe(`/categories?saved=deleted&undo=category%3A${hobby!.id}#your-categories`);
  expect(await rowsOf(userId)).toEqual([]);
  expect(await (await b.fetch("/categories?saved=deleted")).text()).toContain("Category deleted successfully!");
});

test("a category that a transaction uses cannot be deleted, and one a budget uses neither", async () => {
  const { b, userId } = await signedIn();
  await create(b, { name: "Rent" });
  await create(b, { name: "Gym" });
  const rows = await rowsOf(userId);
  const rent = rows.find((r) => r.name === "Rent")!;
  const gym = rows.find((r) => r.name === "Gym")!;
  await insertTransaction({ userId, categoryId: rent.id });
  await insertBudget(userId, gym.id);
  const used = await post(b, { intent: "delete", id: rent.id });
  expect(used.status).toBe(409);
  expect(await used.text()).toContain("Cannot delete category that is used by transactions");
  const budgeted = await post(b, { intent: "delete", id: gym.id });
  expect(budgeted.status).toBe(409);
  expect(await budgeted.text()).toContain("Cannot delete category that is used by budgets");
  expect(await rowsOf(userId)).toHaveLength(2);
  // Its transactions' type follows it, so a used category keeps its type; its look may change.
  const flip = await post(b, { intent: "update", id: rent.id, name: "Rent", type: "income", color: "#3B82F6", icon: "Home" });
  expect(flip.status).toBe(409);
  expect(await flip.text()).toContain("Cannot change the type of a category that is used by transactions");
  const restyle = await post(b, { intent: "update", id: rent.id, name: "Rent", type: "expense", color: "#6366F1", icon: "Home" });
  expect(restyle.status).toBe(302);
  expect((await rowsOf(userId)).find((r) => r.id === rent.id)).toMatchObject({ type: "expense", color: "#6366F1", icon: "Home" });
});

test("another user's category can be neither seen, edited nor deleted: it answers as missing and stays", async () => {
  const owner = await signedIn();
  await create(owner.b, { name: "Private" });
  const [mine] = await rowsOf(owner.userId);
  const intruder = await signedIn();
  const page = await (await intruder.b.fetch(`/categories?edit=${mine!.id}`)).text();
  expect(page).not.toContain("Private");
  const update = await post(intruder.b, { intent: "update", id: mine!.id, name: "Hacked", type: "expense", color: "#3B82F6", icon: "Tv" });
  expect(update.status).toBe(404);
  const remove = await post(intruder.b, { intent: "delete", id: mine!.id });
  expect(remove.status).toBe(404);
  expect(await rowsOf(owner.userId)).toMatchObject([{ id: mine!.id, name: "Private" }]);
});

test("an unknown intent is a 400 and a cross-site post is refused", async () => {
  const { b } = await signedIn();
  const unknown = await post(b, { intent: "explode" });
  expect(unknown.status).toBe(400);
  // It read nothing, so the page does not claim the categories failed to load.
  const page = await unknown.text();
  expect(page).toContain("That request was not understood");
  expect(page).not.toContain("Failed to load categories");
  const res = await b.fetch("/categories", {
    form: { intent: "create", name: "Evil" },
    headers: { "Sec-Fetch-Site": "cross-site", Origin: "https://evil.example" },
  });
  expect(res.status).toBe(403);
});

test("the page is in Spanish, default category names included", async () => {
  const { b } = await signedIn("es");
  const html = await (await b.fetch("/categories")).text();
  expect(html).toContain("Categorías predeterminadas");
  expect(html).toContain("Comida y restaurantes");
  expect(html).toContain("Agregar categoría");
});

test("when the page cannot be read it says 'Failed to load categories' and offers the same address again", async () => {
  allowConsoleError(/^Unexpected Server Error$/);
  const { b } = await signedIn();
  const res = await withTableAway("categories", () => b.fetch("/categories"));
  expect(res.status).toBe(500);
  const html = await res.text();
  expect(html).toContain("Failed to load categories");
  expect(html).toContain("Try again");
  expect((await b.fetch("/categories")).status).toBe(200);
});

// Issue 23: a category in use says what uses it, links to them, and offers to move them first.

function categoryOf(transactionId: string) {
  return env.DB.prepare("select category_id as c, user_id as u from transactions where id = ?").bind(transactionId).first<{ c: string; u: string }>();
}

function budgetsOf(userId: string) {
  return env.DB.prepare("select category_id, month, amount_usd_cents, alert_threshold from budgets where user_id = ? order by month, category_id")
    .bind(userId)
    .all<{ category_id: string; month: string; amount_usd_cents: number; alert_threshold: number }>()
    .then((r) => r.results);
}

test("deleting a category in use says how many transactions and budgets use it, links to them and offers to move them", async () => {
  const { b, userId } = await signedIn();
  await create(b, { name: "Rent" });
  const [rent] = await rowsOf(userId);
  for (let i = 0; i < 3; i++) await insertTransaction({ userId, categoryId: rent!.id });
  await insertBudget(userId, rent!.id);
  const text = await pageText(b, `/categories?delete=${rent!.id}`);
  expect(text).toContain("“Rent” is in use");
  expect(text).toContain("Deleting it would leave 3 transactions and 1 budget without a category.");
  expect(text).toContain("See its 3 transactions");
  const html = await (await b.fetch(`/categories?delete=${rent!.id}`)).text();
  expect(html).toContain(`href="/expenses?category=${rent!.id}"`);
  expect(html).toContain('href="/budgets"');
  // The move form: a POST with the targets of the same type (grouped), never the category itself.
  expect(html).toMatch(/<button[^>]*value="move-delete"/);
  expect(html).toContain('<optgroup label="Default categories">');
  expect(html).toContain('<option value="default-housing">Housing</option>');
  expect(html).not.toContain('<option value="default-salary">');
  expect(html).not.toContain(`<option value="${rent!.id}">`);
  // Nothing in use: the plain confirmation.
  await create(b, { name: "Unused" });
  const unused = (await rowsOf(userId)).find((r) => r.name === "Unused")!;
  const plain = await pageText(b, `/categories?delete=${unused.id}`);
  expect(plain).toContain("Are you sure you want to delete the category “Unused”?");
  expect(plain).not.toContain("is in use");
});

test("a refused delete also shows the counts and the move, in Spanish too", async () => {
  const { b, userId } = await signedIn("es");
  await create(b, { name: "Alquiler" });
  const [rent] = await rowsOf(userId);
  await insertTransaction({ userId, categoryId: rent!.id });
  await insertBudget(userId, rent!.id, "2026-10-01");
  await insertBudget(userId, rent!.id, "2026-11-01");
  const res = await post(b, { intent: "delete", id: rent!.id });
  expect(res.status).toBe(409);
  const text = (await res.text()).replace(/<[^>]+>/g, " ").replace(/\s+/g, " ");
  expect(text).toContain("No se puede eliminar una categoría usada por transacciones");
  expect(text).toContain("«Alquiler» está en uso");
  expect(text).toContain("Si la eliminas, 1 transacción y 2 presupuestos quedarían sin categoría.");
  expect(text).toContain("Mover y eliminar");
});

test("Move and delete moves the user's transactions and budgets to the chosen category, merges a budget of the same month, then deletes it", async () => {
  const { b, userId } = await signedIn();
  await create(b, { name: "Coffee" });
  const [coffee] = await rowsOf(userId);
  const spent = [await insertTransaction({ userId, categoryId: coffee!.id }), await insertTransaction({ userId, categoryId: coffee!.id, date: "2026-10-05" })];
  const elsewhere = await insertTransaction({ userId, categoryId: "default-travel" });
  // November: Coffee 500.00 meets Food's own 500.00; October: Coffee alone.
  await insertBudget(userId, coffee!.id, "2026-11-01");
  await insertBudget(userId, "default-food", "2026-11-01");
  await insertBudget(userId, coffee!.id, "2026-10-01");
  await env.DB.prepare("update budgets set alert_threshold = 90 where user_id = ? and category_id = 'default-food'").bind(userId).run();
  const res = await post(b, { intent: "move-delete", id: coffee!.id, to: "default-food" }, `/categories?delete=${coffee!.id}`);
  expect(res.status).toBe(302);
  // With Undo's flag (issue 27, decision 035): the move-then-delete can be undone like a plain delete.
  expect(res.headers.get("Location")).toBe(`/categories?saved=deleted&undo=category%3A${coffee!.id}#your-categories`);
  expect(await rowsOf(userId)).toEqual([]);
  for (const id of spent) expect((await categoryOf(id))!.c).toBe("default-food");
  expect((await categoryOf(elsewhere))!.c).toBe("default-travel");
  expect(await budgetsOf(userId)).toEqual([
    { category_id: "default-food", month: "2026-10-01", amount_usd_cents: 50000, alert_threshold: 80 },
    // Merged in cents; the kept budget's threshold stays.
    { category_id: "default-food", month: "2026-11-01", amount_usd_cents: 100000, alert_threshold: 90 },
  ]);
});

test("only the user's own rows move: another user's transactions and budgets in the chosen category stay as they were", async () => {
  const owner = await signedIn();
  const other = await signedIn();
  await create(owner.b, { name: "Snacks" });
  const [snacks] = await rowsOf(owner.userId);
  await insertTransaction({ userId: owner.userId, categoryId: snacks!.id });
  await insertBudget(owner.userId, snacks!.id, "2026-11-01");
  const theirs = await insertTransaction({ userId: other.userId, categoryId: "default-food" });
  await insertBudget(other.userId, "default-food", "2026-11-01");
  const before = await budgetsOf(other.userId);
  expect((await post(owner.b, { intent: "move-delete", id: snacks!.id, to: "default-food" })).status).toBe(302);
  expect(await budgetsOf(other.userId)).toEqual(before);
  expect(await categoryOf(theirs)).toEqual({ c: "default-food", u: other.userId });
  // The owner's one budget was moved, not merged into the other user's.
  expect(await budgetsOf(owner.userId)).toMatchObject([{ category_id: "default-food", month: "2026-11-01", amount_usd_cents: 50000 }]);
  // Another user cannot move or delete the owner's category.
  await create(owner.b, { name: "Private" });
  const [mine] = await rowsOf(owner.userId);
  const spent = await insertTransaction({ userId: owner.userId, categoryId: mine!.id });
  expect((await post(other.b, { intent: "move-delete", id: mine!.id, to: "default-food" })).status).toBe(404);
  expect((await categoryOf(spent))!.c).toBe(mine!.id);
});

test("a move to the category itself, another user's, one of the other type or none is refused with its message and changes nothing", async () => {
  const { b, userId } = await signedIn();
  const other = await signedIn();
  await create(b, { name: "Fuel" });
  await create(other.b, { name: "Theirs" });
  const [fuel] = await rowsOf(userId);
  const [theirs] = await rowsOf(other.userId);
  const spent = await insertTransaction({ userId, categoryId: fuel!.id });
  for (const to of [fuel!.id, theirs!.id, "default-salary", "", crypto.randomUUID()]) {
    const res = await post(b, { intent: "move-delete", id: fuel!.id, to }, `/categories?delete=${fuel!.id}`);
    expect(res.status, to).toBe(400);
    const html = await res.text();
    expect(html).toContain("Choose another category of the same type to move them to");
    // The panel stays open with the error beside the select.
    expect(html).toContain("“Fuel” is in use");
  }
  expect((await categoryOf(spent))!.c).toBe(fuel!.id);
  expect(await rowsOf(userId)).toHaveLength(1);
  // A default category is never moved away nor deleted.
  const fromDefault = await post(b, { intent: "move-delete", id: "default-travel", to: "default-food" });
  expect(fromDefault.status).toBe(403);
  expect(await fromDefault.text()).toContain("Default categories cannot be edited or deleted.");
  const es = await signedIn("es");
  await create(es.b, { name: "Gasolina" });
  const [gas] = await rowsOf(es.userId);
  await insertTransaction({ userId: es.userId, categoryId: gas!.id });
  expect(await (await post(es.b, { intent: "move-delete", id: gas!.id, to: "default-salary" })).text()).toContain("Elige otra categoría del mismo tipo a la que moverlos");
});

test("a name that is a default's in either language, folded, is refused like a duplicate, for English and Spanish readers", async () => {
  const en = await signedIn();
  for (const name of ["Educación", "EDUCACION", "education", "Comida y restaurantes"]) {
    const res = await create(en.b, { name });
    expect(res.status, name).toBe(409);
    expect(await res.text()).toContain("A category with this name and type already exists");
  }
  const es = await signedIn("es");
  for (const name of ["educacion", "Education", "Viajes"]) {
    const res = await create(es.b, { name });
    expect(res.status, name).toBe(409);
    expect(await res.text()).toContain("Ya existe una categoría con este nombre y tipo");
  }
  // Renaming onto one is refused too; a name that only contains a default's is fine.
  expect((await create(es.b, { name: "Educación superior" })).status).toBe(302);
  const [own] = await rowsOf(es.userId);
  expect((await post(es.b, { intent: "update", id: own!.id, name: "EDUCACIÓN", type: "expense", color: "#3B82F6", icon: "Tv" })).status).toBe(409);
  expect((await rowsOf(es.userId)).map((r) => r.name)).toEqual(["Educación superior"]);
  expect(await rowsOf(en.userId)).toEqual([]);
});

test("category selects group the defaults apart from the user's own, each sorted by the name shown", async () => {
  const { b } = await signedIn("es");
  await create(b, { name: "Zumos" });
  await create(b, { name: "Ábaco" });
  const html = await (await b.fetch("/expenses/new")).text();
  const select = html.slice(html.indexOf('name="categoryId"'), html.indexOf("</select>", html.indexOf('name="categoryId"')));
  const groups = [...select.matchAll(/<optgroup label="([^"]+)">([\s\S]*?)<\/optgroup>/g)].map((m) => [m[1], [...m[2]!.matchAll(/>([^<]+)<\/option>/g)].map((o) => o[1])]);
  expect(groups).toEqual([
    ["Categorías predeterminadas", ["Comida y restaurantes", "Compras", "Educación", "Entretenimiento", "Salud", "Servicios", "Transporte", "Viajes", "Vivienda"]],
    ["Tus categorías", ["Ábaco", "Zumos"]],
  ]);
});

test("a category only a recurring schedule uses offers the move too, and Move and delete moves the schedule", async () => {
  const { b, userId } = await signedIn();
  await create(b, { name: "Streaming" });
  const [streaming] = await rowsOf(userId);
  const scheduleId = crypto.randomUUID();
  await env.DB.prepare(
    "insert into recurring_transactions (id, user_id, type, description, category_id, frequency, interval, start_date, next_date) values (?, ?, 'EXPENSE', 'Films', ?, 'monthly', 1, '2030-01-01', '2030-01-01')",
  )
    .bind(scheduleId, userId, streaming!.id)
    .run();
  const text = await pageText(b, `/categories?delete=${streaming!.id}`);
  expect(text).toContain("Deleting it would leave 1 recurring transaction without a category.");
  const res = await post(b, { intent: "move-delete", id: streaming!.id, to: "default-housing" }, `/categories?delete=${streaming!.id}`);
  expect(res.status).toBe(302);
  expect(await rowsOf(userId)).toEqual([]);
  const moved = await env.DB.prepare("select category_id as c from recurring_transactions where id = ?").bind(scheduleId).first<{ c: string }>();
  expect(moved!.c).toBe("default-housing");
});
