import { env } from "cloudflare:test";
import { expect, test } from "vitest";
import { browser, type Browser, signedIn, withTableAway } from "./helpers";
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
  expect(res.headers.get("Location")).toBe("/categories?saved=deleted#your-categories");
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
