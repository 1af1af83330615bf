import { SELF } from "cloudflare:test";
import { expect, test } from "vitest";
import { browser } from "./helpers";

test("English by default, Spanish when the browser's language starts with es", async () => {
  const en = await browser().fetch("/auth/login", { headers: { "Accept-Language": "fr-FR,es;q=0.8" } });
  expect(await en.text()).toContain('<html lang="en"');
  const es = await browser().fetch("/auth/login", { headers: { "Accept-Language": "es-CO,es;q=0.9,en;q=0.5" } });
  const html = await es.text();
  expect(html).toContain('<html lang="es"');
  expect(html).toContain("Hola de nuevo");
});

test("the document modulepreloads its language's messages, shell and the page's sections (the modules themselves in dev)", async () => {
  const preloads = (html: string) => [...html.matchAll(/<link rel="modulepreload" href="(\/app\/locales\/[^"]+)"/g)].map((m) => m[1]);
  const login = await (await browser().fetch("/auth/login")).text();
  // Sign-in shows the auth section's texts; a page that names no section would preload the shell alone.
  expect(preloads(login)).toEqual(["/app/locales/en/shell.ts", "/app/locales/en/auth.ts"]);
  expect(login).toContain('data-messages="auth"');
  const landing = await (await browser().fetch("/", { headers: { "Accept-Language": "es" } })).text();
  expect(preloads(landing)).toEqual(["/app/locales/es/shell.ts", "/app/locales/es/landing.ts"]);
  expect(landing).toContain('data-messages="landing"');
});

test("switching language is a form post that stores the choice and returns to the page", async () => {
  const b = browser();
  const res = await b.fetch("/resources/language", { form: { lng: "es", redirectTo: "/auth/register?x=1" } });
  expect(res.status).toBe(302);
  expect(res.headers.get("Location")).toBe("/auth/register?x=1");
  expect(res.headers.get("Set-Cookie")).toMatch(/^lng=.*HttpOnly/);
  // The stored choice beats the browser's language.
  const page = await b.fetch("/auth/register", { headers: { "Accept-Language": "en-US" } });
  expect(await page.text()).toContain("Crea tu cuenta");
});

test("an unsupported language or an off-site return address is refused", async () => {
  const b = browser();
  expect((await b.fetch("/resources/language", { form: { lng: "fr" } })).status).toBe(400);
  const res = await b.fetch("/resources/language", { form: { lng: "en", redirectTo: "https://evil.example" } });
  expect(res.headers.get("Location")).toBe("/");
});

test("with no stored theme the page follows the system; a stored one is rendered on the server", async () => {
  const b = browser();
  expect(await (await b.fetch("/auth/login")).text()).not.toContain("data-theme=");
  const res = await b.fetch("/resources/theme", { form: { theme: "dark", redirectTo: "/auth/login" } });
  expect(res.status).toBe(302);
  expect(res.headers.get("Location")).toBe("/auth/login");
  expect(await (await b.fetch("/auth/login")).text()).toContain('data-theme="dark"');
  await b.fetch("/resources/theme", { form: { theme: "light", redirectTo: "/auth/login" } });
  expect(await (await b.fetch("/auth/login")).text()).toContain('data-theme="light"');
});

test("remix-themes' JSON request works too, and null returns to the system preference", async () => {
  const b = browser();
  await b.fetch("/resources/theme", { method: "POST", body: JSON.stringify({ theme: "dark" }), headers: { "Sec-Fetch-Site": "same-origin" } });
  expect(await (await b.fetch("/auth/login")).text()).toContain('data-theme="dark"');
  await b.fetch("/resources/theme", { method: "POST", body: JSON.stringify({ theme: null }), headers: { "Sec-Fetch-Site": "same-origin" } });
  expect(await (await b.fetch("/auth/login")).text()).not.toContain("data-theme=");
});

async function switchOver(origin: string, path: string, form: Record<string, string>) {
  return SELF.fetch(`${origin}${path}`, {
    method: "POST",
    redirect: "manual",
    headers: { "Content-Type": "application/x-www-form-urlencoded", "Sec-Fetch-Site": "same-origin" },
    body: new URLSearchParams(form),
  });
}

test("over HTTPS the theme and language cookies are Secure, as the session cookie is; over plain HTTP they cannot be", async () => {
  for (const [path, form] of [
    ["/resources/theme", { theme: "dark", redirectTo: "/" }],
    ["/resources/language", { lng: "es", redirectTo: "/" }],
  ] as const) {
    const secure = (await switchOver("https://app.example", path, form)).headers.get("Set-Cookie")!;
    expect(secure.split(/;\s*/)).toContain("Secure");
    const plain = (await switchOver("http://localhost", path, form)).headers.get("Set-Cookie")!;
    expect(plain.split(/;\s*/)).not.toContain("Secure");
  }
  // remix-themes' JSON request and clearing the choice too.
  const cleared = await SELF.fetch("https://app.example/resources/theme", {
    method: "POST",
    headers: { "Sec-Fetch-Site": "same-origin" },
    body: JSON.stringify({ theme: null }),
  });
  expect(cleared.headers.get("Set-Cookie")!.split(/;\s*/)).toContain("Secure");
});
