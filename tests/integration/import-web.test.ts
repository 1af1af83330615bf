import { env, SELF } from "cloudflare:test";
import { beforeAll, expect, test } from "vitest";
import { api, loginViaApi } from "./api-client";
import { browser, ORIGIN, pageText, registerViaForm, type Browser } from "./helpers";

// Issue 26: the import pages through the Worker as a browser without JavaScript posts them: a
// multipart upload, the mapping step's form, the preview's row choices (a duplicate included by
// hand), the commit and its undo. The browser journeys (tests/e2e/import.spec.ts) draw the same
// pages; this checks what each POST writes.

const STATEMENT = "Posted Date,Payee,Debit,Credit\r\n11/02/2026,Coffee Shop,3.50,\r\n11/03/2026,Grocery Store,45.10,\r\n11/05/2026,Salary,,1200.00\r\n";
const MAPPING = {
  dateColumn: "0",
  dateFormat: "MM/dd/yyyy",
  description: "1",
  amountKind: "debitCredit",
  debitColumn: "2",
  creditColumn: "3",
  decimalSign: ".",
  typeKind: "amount",
  currencyKind: "fixed",
  currencyCode: "USD",
};

beforeAll(async () => {
  await SELF.fetch(`${ORIGIN}/`);
}, 300_000);

async function userWithCoffee() {
  const b = browser();
  const { email } = await registerViaForm(b);
  const { accessToken } = await loginViaApi(email);
  const coffee = await api("/api/transactions", {
    token: accessToken,
    json: { type: "EXPENSE", description: "Coffee Shop", date: "2026-11-02", categoryId: "default-food", currencyCode: "USD", amount: "3.50" },
  });
  expect(coffee.status, JSON.stringify(coffee.body)).toBe(201);
  const user = await env.DB.prepare("select id from users where email = ?").bind(email).first<{ id: string }>();
  return { b, userId: user!.id };
}

async function upload(b: Browser, file: string, name = "statement.csv") {
  const form = new FormData();
  form.set("intent", "upload");
  form.set("file", new File([file], name, { type: "text/csv" }));
  return b.fetch("/import", { method: "POST", body: form, headers: { "Sec-Fetch-Site": "same-origin" } });
}

const importedCount = async (userId: string, importId: string) =>
  (await env.DB.prepare("select count(*) as n from transactions where user_id = ? and import_id = ?").bind(userId, importId).first<{ n: number }>())!.n;

test("a statement is uploaded, mapped, its duplicate included by hand, imported and undone, each a plain POST", async () => {
  const { b, userId } = await userWithCoffee();
  const uploaded = await upload(b, STATEMENT);
  expect(uploaded.status).toBe(302);
  const page = uploaded.headers.get("Location")!;
  expect(page).toMatch(/^\/import\/[\w-]+$/);
  const id = page.split("/").pop()!;

  // The mapping step: the dates read both ways, so no format is chosen for the user.
  const mappingText = await pageText(b, page);
  expect(mappingText).toContain("Which column holds what");
  expect(mappingText).toContain("Several formats read these dates");
  const mapped = await b.fetch(`${page}?step=mapping`, { form: { intent: "map", ...MAPPING, saveMappingAs: "My bank" } });
  expect(mapped.status).toBe(302);
  expect(mapped.headers.get("Location")).toBe(page);

  // The preview: the coffee already recorded is a duplicate, left out.
  const preview = await pageText(b, page);
  expect(preview).toContain("2 new");
  expect(preview).toContain("1 duplicate");
  expect(preview).toContain("Import 2 transactions");
  const duplicates = await pageText(b, `${page}?status=duplicate`);
  expect(duplicates).toContain("Coffee Shop");
  expect(duplicates).not.toContain("Grocery Store");

  // Include it by hand (every line of the page sent, the ticked ones as include).
  const body = new URLSearchParams([["intent", "rows"], ["line", "2"], ["line", "3"], ["line", "4"], ["include", "2"], ["include", "3"], ["include", "4"]]);
  const chosen = await b.fetch(page, { method: "POST", body, headers: { "Content-Type": "application/x-www-form-urlencoded", "Sec-Fetch-Site": "same-origin" } });
  expect(chosen.status).toBe(302);
  expect(await pageText(b, page)).toContain("Import 3 transactions");

  const committed = await b.fetch(page, { form: { intent: "commit" } });
  expect(committed.status).toBe(302);
  expect(committed.headers.get("Location")).toBe(`${page}?done=committed`);
  expect(await importedCount(userId, id)).toBe(3);
  const result = await pageText(b, `${page}?done=committed`);
  expect(result).toContain("3 transactions imported");
  expect(result).toContain("Undo this import");

  // A second commit writes nothing more.
  const again = await b.fetch(page, { form: { intent: "commit" } });
  expect(again.status).toBe(409);
  expect(await importedCount(userId, id)).toBe(3);

  const undone = await b.fetch(page, { form: { intent: "undo" } });
  expect(undone.status).toBe(302);
  expect(undone.headers.get("Location")).toBe(`${page}?undone=3`);
  expect(await importedCount(userId, id)).toBe(0);
  const after = await pageText(b, `${page}?undone=3`);
  expect(after).toContain("Import undone: 3 transactions removed.");
  expect(after).not.toContain("Undo this import");
  // The coffee entered by hand stays.
  const left = await env.DB.prepare("select count(*) as n from transactions where user_id = ?").bind(userId).first<{ n: number }>();
  expect(left!.n).toBe(1);

  // The next file with the same header uses the saved mapping: straight to the preview, where every row is new again.
  const next = await upload(b, STATEMENT, "november.csv");
  const nextText = await pageText(b, next.headers.get("Location")!);
  expect(nextText).not.toContain("Which column holds what");
  expect(nextText).toContain("1 duplicate");
});

test("Discard removes a staged file; another user's import and a discarded one are the 404 page", async () => {
  const { b } = await userWithCoffee();
  const page = (await upload(b, STATEMENT)).headers.get("Location")!;
  const stranger = browser();
  await registerViaForm(stranger);
  const foreign = await stranger.fetch(page);
  expect(foreign.status).toBe(404);
  expect(await foreign.text()).toContain("Import not found");
  const discarded = await b.fetch(page, { form: { intent: "discard" } });
  expect(discarded.status).toBe(302);
  expect(discarded.headers.get("Location")).toBe("/import?discarded=1");
  expect((await b.fetch(page)).status).toBe(404);
  expect(await pageText(b, "/import?discarded=1")).toContain("The file was discarded: nothing was imported.");
});

test("a file over 5 MB gets the reader's message on the page, in Spanish too; over the upload's 6 MiB, the 413 page", async () => {
  const { b } = await userWithCoffee();
  const big = `Date,Description,Amount\n${"03/01/2026,COFFEE,4.75\n".repeat(230_000)}`;
  const form = new FormData();
  form.set("intent", "upload");
  form.set("file", new File([big], "big.csv", { type: "text/csv" }));
  const refused = await b.fetch("/import", { method: "POST", body: form, headers: { "Sec-Fetch-Site": "same-origin", "Accept-Language": "es" } });
  expect(refused.status).toBe(400);
  await b.fetch("/resources/language", { form: { lng: "es", redirectTo: "/import" } });
  const again = await b.fetch("/import", { method: "POST", body: form, headers: { "Sec-Fetch-Site": "same-origin" } });
  expect(again.status).toBe(400);
  expect(await again.text()).toContain("El archivo pesa más de 5 MB");
  const huge = await b.fetch("/import", {
    method: "POST",
    body: "a".repeat(6 * 1024 * 1024 + 1),
    headers: { "Sec-Fetch-Site": "same-origin", "Content-Type": "multipart/form-data; boundary=x" },
  });
  expect(huge.status).toBe(413);
  expect(await huge.text()).toContain("6 MiB");
  const imports = await env.DB.prepare("select count(*) as n from imports where file_name in ('big.csv')").first<{ n: number }>();
  expect(imports!.n).toBe(0);
});
