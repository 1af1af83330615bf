import type { Page } from "@playwright/test";
import { expect, jsEnabled, register, test } from "./support";

/** Which of the scripts the page fetches from now on contain a text (their file names). */
function scriptsOf(page: Page) {
  const scripts: Promise<{ name: string; text: string }>[] = [];
  page.on("response", (response) => {
    if (response.request().resourceType() !== "script" || response.status() >= 300) return;
    const name = new URL(response.url()).pathname;
    scripts.push(response.text().then((text) => ({ name, text })));
  });
  return async (text: string) => (await Promise.all(scripts)).filter((s) => s.text.includes(text)).map((s) => s.name);
}

test("a page downloads the messages of its own language only, and switching fetches the other", async ({ page }, testInfo) => {
  test.skip(!jsEnabled(testInfo), "scripts only matter with JavaScript");
  const english = scriptsOf(page);
  await page.goto("/auth/login");
  await expect(page.getByRole("heading", { name: "Welcome back" })).toBeVisible();
  // The messages arrive after the entry script, whenever a busy machine gets to it.
  await expect.poll(() => english("Welcome back")).toHaveLength(1);
  expect(await english("Hola de nuevo")).toEqual([]);

  // With JavaScript the switch fetches Spanish and the page changes in place.
  await page.getByRole("button", { name: "es", exact: true }).click();
  await expect(page.getByRole("heading", { name: "Hola de nuevo" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Iniciar sesión" })).toBeVisible();

  // A fresh page in Spanish brings no English messages.
  const spanishPage = await page.context().newPage();
  const spanish = scriptsOf(spanishPage);
  await spanishPage.goto("/auth/login");
  await expect(spanishPage.getByRole("heading", { name: "Hola de nuevo" })).toBeVisible();
  await expect.poll(() => spanish("Hola de nuevo")).toHaveLength(1);
  expect(await spanish("Welcome back")).toEqual([]);
  await spanishPage.close();
});

test("the document modulepreloads its language's messages, the chunk the entry then imports", async ({ page, request }, testInfo) => {
  for (const [language, own, other] of [
    ["en", "Welcome back", "Hola de nuevo"],
    ["es", "Hola de nuevo", "Welcome back"],
  ] as const) {
    if (language === "es") {
      await page.getByRole("button", { name: "es", exact: true }).click();
      await expect(page.locator("html")).toHaveAttribute("lang", "es");
    }
    // A fresh document in the language chosen, every file from the server (none from the cache).
    const cdp = await page.context().newCDPSession(page);
    await cdp.send("Network.setCacheDisabled", { cacheDisabled: true });
    const fetched = scriptsOf(page);
    await page.goto("/auth/login");
    await expect(page.getByRole("heading", { name: own })).toBeVisible();
    const preloads = await page.locator('head link[rel="modulepreload"]').evaluateAll((links) => links.map((link) => new URL((link as HTMLLinkElement).href).pathname));
    const bodies = await Promise.all(
      preloads.map(async (path) => {
        const response = await request.get(path);
        expect(response.status(), path).toBe(200);
        expect(response.headers()["content-type"], path).toMatch(/javascript/);
        return { path, text: await response.text() };
      }),
    );
    const messages = bodies.filter((body) => body.text.includes(own)).map((body) => body.path);
    expect(messages, `one modulepreload carries the ${language} messages`).toHaveLength(1);
    expect(bodies.filter((body) => body.text.includes(other))).toEqual([]);
    // With JavaScript the entry imports that very file (downloaded once), not another copy.
    if (jsEnabled(testInfo)) await expect.poll(() => fetched(own)).toEqual(messages);
  }
});

test("a form page downloads zod and its schema only once the user starts on the form", async ({ page }, testInfo) => {
  test.skip(!jsEnabled(testInfo), "scripts only matter with JavaScript");
  await register(page, testInfo);
  const fetched = scriptsOf(page);
  await page.goto("/categories");
  const name = page.getByRole("region", { name: "Add New Category" }).getByLabel("Category name");
  await expect(name).toBeVisible();
  await page.waitForLoadState("networkidle");
  expect(await fetched("ZodError"), "zod before the form is used").toEqual([]);
  await name.focus();
  await expect.poll(() => fetched("ZodError")).toHaveLength(1);
});

test("a form that opens with a field focused loads its validation on the first keystroke, not before", async ({ page }, testInfo) => {
  test.skip(!jsEnabled(testInfo), "scripts only matter with JavaScript");
  const fetched = scriptsOf(page);
  await page.goto("/auth/login");
  // The document autofocused the email field before React listened for focus.
  const email = page.getByLabel("Email");
  await expect(email).toBeFocused();
  await page.waitForFunction(() => "__reactRouterDataRouter" in window);
  await page.waitForLoadState("networkidle");
  expect(await fetched("ZodError"), "zod before the form is used").toEqual([]);
  await page.keyboard.type("someone@example.com");
  await expect.poll(() => fetched("ZodError")).toHaveLength(1);
  await expect(email).toBeFocused();
});

// Decision 030: on a slow link the first paint waits for the document and the stylesheet only.
// React Router hoists some fifteen modulepreloads into <head>; were they ahead of the stylesheet,
// the browser would queue it behind them and paint with JavaScript on far later than without.
test("the stylesheet is the first file a page asks for, ahead of every script it preloads", async ({ page }, testInfo) => {
  const assets: string[] = [];
  page.on("request", (request) => {
    const { pathname } = new URL(request.url());
    if (pathname.startsWith("/assets/")) assets.push(pathname);
  });
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Network.setCacheDisabled", { cacheDisabled: true });
  const firstRequests = async (path: string) => {
    assets.length = 0;
    const document = await page.goto(path);
    const html = await document!.text();
    const links = [...html.slice(0, html.indexOf("</head>")).matchAll(/<link [^>]*>/g)].map((m) => m[0]);
    const stylesheet = links.findIndex((link) => link.includes('rel="stylesheet"') && /href="\/assets\/[^"]+\.css"/.test(link));
    const firstPreload = links.findIndex((link) => link.includes('rel="modulepreload"'));
    expect(stylesheet, `${path}: the stylesheet is in <head>`).toBeGreaterThan(-1);
    expect(firstPreload, `${path}: the scripts are preloaded`).toBeGreaterThan(-1);
    expect(stylesheet, `${path}: the stylesheet comes before the first modulepreload`).toBeLessThan(firstPreload);
    await page.waitForLoadState("load");
    // Only a fresh page's first request is a stable sign: on a later page Chromium's preload
    // scanner sometimes reports a script's request first without JavaScript (2 of 4 runs), though
    // the stylesheet is first in <head> and has the higher priority.
    if (path === "/auth/login") expect(assets[0], `${path}: the first file requested`).toMatch(/\.css$/);
  };
  await firstRequests("/auth/login");
  await register(page, testInfo);
  await firstRequests("/dashboard");
  await firstRequests("/expenses");
});
