import { env } from "cloudflare:test";
import { beforeAll, expect, test } from "vitest";
import { api, loginViaApi } from "./api-client";
import { browser, pageText, registerViaForm } from "./helpers";

// Issue 20: a profile name holding a right-to-left override (U+202E) showed reversed text on
// /admin/users ("Ann‮gnp.exe" reads "Annexe.png"), and zero-width characters made two names that look
// alike differ. Both faces refuse them with the control-character message and store nothing.

const MESSAGE_EN = "Remove control characters such as line breaks, tabs or invisible characters";
const MESSAGE_ES = "Quita los caracteres de control, como saltos de línea, tabuladores o caracteres invisibles";

async function account() {
  const b = browser();
  const { email } = await registerViaForm(b);
  const row = await env.DB.prepare("select id, first_name, last_name from users where email = ?").bind(email).first<{ id: string; first_name: string; last_name: string }>();
  const tokens = await loginViaApi(email);
  return { b, email, id: row!.id, token: tokens.accessToken as string, names: [row!.first_name, row!.last_name] };
}

async function names(id: string) {
  const row = await env.DB.prepare("select first_name, last_name from users where id = ?").bind(id).first<{ first_name: string; last_name: string }>();
  return [row!.first_name, row!.last_name];
}

// The Worker's first answer is slow on a busy machine; pay it under the hook's longer timeout.
beforeAll(async () => {
  await pageText(browser(), "/auth/login");
});

test("a profile name with a right-to-left override is refused on /profile and on PUT /api/users/profile", async () => {
  const me = await account();
  const spoof = "Ann\u202Egnp.exe";

  const web = await me.b.fetch("/profile", { form: { intent: "update-profile", firstName: spoof, lastName: "Lee", email: me.email } });
  expect(web.status).toBe(400);
  expect(await web.text()).toContain(MESSAGE_EN);

  const viaApi = await api("/api/users/profile", {
    method: "PUT",
    token: me.token,
    json: { firstName: "Ann", lastName: `Lee\u202D`, email: me.email },
    headers: { "Accept-Language": "es" },
  });
  expect(viaApi.status).toBe(400);
  expect(viaApi.body.errors?.lastName).toEqual([MESSAGE_ES]);

  expect(await names(me.id)).toEqual(me.names);
});

test("a category name with a zero-width space is refused on /categories and on POST /api/categories", async () => {
  const me = await account();
  const count = async () => (await env.DB.prepare("select count(*) as n from categories where user_id = ?").bind(me.id).first<{ n: number }>())!.n;
  const before = await count();

  const web = await me.b.fetch("/categories", { form: { intent: "create", name: "Fo\u200Bod", type: "expense", color: "#3B82F6", icon: "ShoppingCart" } });
  expect(web.status).toBe(400);
  expect(await web.text()).toContain(MESSAGE_EN);

  const viaApi = await api("/api/categories", { token: me.token, json: { name: "\u2066Rent\u2069", type: "expense" } });
  expect(viaApi.status).toBe(400);
  expect(viaApi.body.errors?.name).toEqual([MESSAGE_EN]);

  expect(await count()).toBe(before);
});
