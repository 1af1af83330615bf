import { env } from "cloudflare:test";
import { expect, test } from "vitest";
import { browser, type Browser, signedIn, withTableAway } from "./helpers";
import { insertTransaction } from "./seed-rows";
import { allowConsoleError } from "../setup/console-errors";

type TagRow = { id: string; name: string; color: string; description: string | null };

function tagsOf(userId: string) {
  return env.DB.prepare("select id, name, color, description from tags where user_id = ? order by name_key")
    .bind(userId)
    .all<TagRow>()
    .then((r) => r.results);
}

function create(b: Browser, fields: Record<string, string>) {
  return b.fetch("/tags?new", { form: { intent: "create", color: "#3B82F6", ...fields } });
}

function update(b: Browser, id: string, fields: Record<string, string>) {
  return b.fetch(`/tags?edit=${id}`, { form: { intent: "update", id, color: "#3B82F6", ...fields } });
}

test("a guest asking for /tags is sent to sign in and brought back", async () => {
  const res = await browser().fetch("/tags");
  expect(res.status).toBe(302);
  expect(res.headers.get("Location")).toBe("/auth/login?redirectTo=%2Ftags");
});

test("with no tags the page shows the empty state with a create-first button, and ?new opens the form", async () => {
  const { b } = await signedIn();
  const html = await (await b.fetch("/tags")).text();
  expect(html).toContain("<title>Tags</title>");
  expect(html).toContain("0 tags");
  expect(html).toContain("No tags yet");
  expect(html).toContain("Create your first tag");
  expect(html).toContain('href="/tags?new"');
  expect(html).not.toContain('name="name"');
  const form = await (await b.fetch("/tags?new")).text();
  expect(form).toContain('name="name"');
  expect(form).toContain('name="description"');
  expect(form.match(/name="color"/g)?.length).toBe(10);
  expect(form).toMatch(/value="#3B82F6"[^>]*checked|checked[^>]*value="#3B82F6"/);
});

test("creating a tag trims it, omits an empty description, and lists it with its usage, date and banner", async () => {
  const { b, userId } = await signedIn();
  const res = await create(b, { name: "  Vacation  ", description: "   ", color: "#14b8a6" });
  expect(res.status).toBe(302);
  expect(await tagsOf(userId)).toMatchObject([{ name: "Vacation", color: "#14B8A6", description: null }]);
  // It lands at the new row (issue 23).
  const [vacation] = await tagsOf(userId);
  expect(res.headers.get("Location")).toBe(`/tags?saved=created&item=${vacation!.id}#tag-${vacation!.id}`);
  const html = await (await b.fetch("/tags?saved=created")).text();
  expect(html).toContain("Tag created successfully!");
  expect(html).toContain("1 tag<");
  expect(html).toContain("Vacation");
  expect(html).toContain("0 uses");
  expect(html).toMatch(/Created [A-Z][a-z]{2} \d{1,2}, \d{4}/);
});

test("a missing name is refused with 'Tag name is required' (in Spanish too) and nothing is stored", async () => {
  const { b, userId } = await signedIn();
  const res = await create(b, { name: "   " });
  expect(res.status).toBe(400);
  expect(await res.text()).toContain("Tag name is required");
  const es = await signedIn("es");
  expect(await (await create(es.b, { name: "" })).text()).toContain("El nombre de la etiqueta es obligatorio");
  expect(await tagsOf(userId)).toEqual([]);
});

test("a colour outside the 10 swatches is refused", async () => {
  const { b, userId } = await signedIn();
  expect((await create(b, { name: "Odd", color: "#000000" })).status).toBe(400);
  expect(await tagsOf(userId)).toEqual([]);
});

test("a duplicate name in another letter case is refused with 'A tag with this name already exists'", async () => {
  const { b, userId } = await signedIn();
  await create(b, { name: "Work" });
  const res = await create(b, { name: "WORK" });
  expect(res.status).toBe(409);
  const html = await res.text();
  expect(html).toContain("A tag with this name already exists");
  // The form stays open with what was typed.
  expect(html).toMatch(/value="WORK"/);
  expect(await tagsOf(userId)).toHaveLength(1);
  // Another user may use the same name.
  const other = await signedIn();
  expect((await create(other.b, { name: "work" })).status).toBe(302);
});

test("two concurrent creates of the same name leave one tag", async () => {
  const { b, userId } = await signedIn();
  const results = await Promise.all([create(b, { name: "Client A" }), create(b, { name: "client a" })]);
  expect(results.map((r) => r.status).sort()).toEqual([302, 409]);
  expect(await tagsOf(userId)).toHaveLength(1);
});

test("editing is a server-rendered state (?edit=id); a rename may change its own case but not take another's name", async () => {
  const { b, userId } = await signedIn();
  await create(b, { name: "Family" });
  await create(b, { name: "Friends", description: "Dinners" });
  const [family, friends] = await tagsOf(userId);
  const html = await (await b.fetch(`/tags?edit=${friends!.id}`)).text();
  expect(html).toContain("Edit Tag");
  expect(html).toMatch(/value="Dinners"/);
  const taken = await update(b, friends!.id, { name: "family" });
  expect(taken.status).toBe(409);
  expect(await taken.text()).toContain("A tag with this name already exists");
  expect((await update(b, family!.id, { name: "FAMILY", description: "Home", color: "#EC4899" })).status).toBe(302);
  expect(await tagsOf(userId)).toMatchObject([
    { name: "FAMILY", description: "Home", color: "#EC4899" },
    { name: "Friends", description: "Dinners" },
  ]);
});

test("the usage count and 'view usage' cover only the user's transactions carrying the tag", async () => {
  const { b, userId } = await signedIn();
  await create(b, { name: "Trip" });
  await create(b, { name: "Unused" });
  const [trip] = await tagsOf(userId);
  await insertTransaction({ userId, tagIds: [trip!.id], description: "Hotel in Mérida", usdCents: 12345, date: "2026-10-05" });
  await insertTransaction({ userId, tagIds: [trip!.id], description: "Bus ticket", usdCents: 800, date: "2026-10-06" });
  await insertTransaction({ userId, description: "Not tagged" });
  const list = await (await b.fetch("/tags")).text();
  expect(list).toContain("2 uses");
  expect(list).toContain("0 uses");
  const usage = await (await b.fetch(`/tags?usage=${trip!.id}`)).text();
  expect(usage).toContain("Transactions tagged “Trip”");
  expect(usage).toContain("Hotel in Mérida");
  expect(usage).toContain("$ 123.45");
  expect(usage).toContain("Bus ticket");
  expect(usage).not.toContain("Not tagged");
});

test("each transaction under 'view usage' is a link to that transaction", async () => {
  const { b, userId } = await signedIn();
  await create(b, { name: "Trip" });
  const [trip] = await tagsOf(userId);
  const hotel = await insertTransaction({ userId, tagIds: [trip!.id], description: "Hotel in Mérida", usdCents: 12345, date: "2026-10-05" });
  const bus = await insertTransaction({ userId, tagIds: [trip!.id], description: "Bus ticket", usdCents: 800, date: "2026-10-06" });
  const usage = await (await b.fetch(`/tags?usage=${trip!.id}`)).text();
  const links = [...usage.matchAll(/<a [^>]*href="(\/expenses\/edit\/[^"]+)"[^>]*>([^<]+)<\/a>/g)].map((m) => `${m[2]} → ${m[1]}`);
  expect(links).toEqual([`Bus ticket → /expenses/edit/${bus}`, `Hotel in Mérida → /expenses/edit/${hotel}`]);
});

test("deleting asks 'Are you sure you want to delete this tag?' and then removes the tag but keeps its transactions", async () => {
  const { b, userId } = await signedIn();
  await create(b, { name: "Temporary" });
  const [tag] = await tagsOf(userId);
  const txId = await insertTransaction({ userId, tagIds: [tag!.id] });
  const confirm = await (await b.fetch(`/tags?delete=${tag!.id}`)).text();
  expect(confirm).toContain("Are you sure you want to delete this tag?");
  expect(await tagsOf(userId)).toHaveLength(1);
  const res = await b.fetch("/tags", { form: { intent: "delete", id: tag!.id } });
  expect(res.status).toBe(302);
  expect(res.headers.get("Location")).toBe(`/tags?saved=deleted&undo=tag%3A${tag!.id}#tag-list-heading`);
  expect(await tagsOf(userId)).toEqual([]);
  const links = await env.DB.prepare("select count(*) as n from transaction_tags where tag_id = ?").bind(tag!.id).first<{ n: number }>();
  expect(links?.n).toBe(0);
  const tx = await env.DB.prepare("select id from transactions where id = ?").bind(txId).first();
  expect(tx).not.toBeNull();
  expect(await (await b.fetch("/tags?saved=deleted")).text()).toContain("Tag deleted successfully!");
});

test("another user's tag answers as missing to edit, delete and usage, and stays as it was", async () => {
  const owner = await signedIn();
  await create(owner.b, { name: "Secret", description: "Mine" });
  const [secret] = await tagsOf(owner.userId);
  const intruder = await signedIn();
  for (const path of [`/tags?edit=${secret!.id}`, `/tags?usage=${secret!.id}`, `/tags?delete=${secret!.id}`]) {
    expect(await (await intruder.b.fetch(path)).text()).not.toContain("Secret");
  }
  expect((await update(intruder.b, secret!.id, { name: "Stolen" })).status).toBe(404);
  expect((await intruder.b.fetch("/tags", { form: { intent: "delete", id: secret!.id } })).status).toBe(404);
  expect(await tagsOf(owner.userId)).toMatchObject([{ id: secret!.id, name: "Secret", description: "Mine" }]);
});

test("the page is in Spanish for a Spanish-speaking user", async () => {
  const { b } = await signedIn("es");
  await create(b, { name: "Viaje" });
  const html = await (await b.fetch("/tags")).text();
  expect(html).toContain("Etiquetas");
  expect(html).toContain("1 etiqueta<");
  expect(html).toContain("0 usos");
  expect(html).toContain("Nueva etiqueta");
});

test("when the page cannot be read it says 'Failed to load tags' and offers the same address again", async () => {
  allowConsoleError(/^Unexpected Server Error$/);
  const { b } = await signedIn();
  const res = await withTableAway("tags", () => b.fetch("/tags"));
  expect(res.status).toBe(500);
  const html = await res.text();
  expect(html).toContain("Failed to load tags");
  expect(html).toContain("Try again");
  expect((await b.fetch("/tags")).status).toBe(200);
});
