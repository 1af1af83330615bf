import type { Page, Response } from "@playwright/test";
import { expect, jsEnabled, register, test } from "./support";

/**
 * Which of the scripts the page fetches from now on contain a text (their file names). `stop()`
 * ends the watch before the page navigates away: a body still being read then is no longer
 * available (Network.getResponseBody), and is no longer asked about.
 */
function scriptsOf(page: Page) {
  const scripts: Promise<{ name: string; text: string }>[] = [];
  let stopped = false;
  const listener = (response: Response) => {
    if (response.request().resourceType() !== "script" || response.status() >= 300) return;
    const name = new URL(response.url()).pathname;
    scripts.push(
      response.text().then(
        (text) => ({ name, text }),
        (error: unknown) => {
          if (stopped) return { name, text: "" };
          throw error;
        },
      ),
    );
  };
  page.on("response", listener);
  const find = async (text: string) => (await Promise.all(scripts)).filter((s) => s.text.includes(text)).map((s) => s.name);
  return Object.assign(find, {
    stop() {
      stopped = true;
      page.off("response", listener);
    },
  });
}

test("a page downloads the messages of its own language only, and switching fetches the other", async ({ page }, testInfo) => {
  test.skip(!jsEnabled(testInfo), "scripts only matter with JavaScript");
  const english = scriptsOf(page);
  await page.goto("/auth/login");
  await expect(page.getByRole("heading", { name: "Welcome back" })).toBeVisible();
  // The messages arrive after the entry script, whenever a busy machine gets to it.
  await expect.poll(() => english("Welcome back")).toHaveLength(1);
  expect(await english("Hola de nuevo")).toEqual([]);
  english.stop();

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
  spanish.stop();
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
    const preloads = await page.locator('link[rel="modulepreload"]').evaluateAll((links) => links.map((link) => new URL((link as HTMLLinkElement).href).pathname));
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

// Decision 030: on a slow link the first paint waits for the document alone. The stylesheet is in
// it, at the top of <head>, so no second round trip; React Router's modulepreloads (some fifteen,
// which React hoists into <head>) come after the page's content, so the scripts do not share the
// link with the content the first paint shows. (Before: the stylesheet was a file, the first one
// requested, and every modulepreload was in <head>.)
test("a page's document carries its stylesheet first and its content before any script it preloads; no stylesheet is fetched", async ({ page }, testInfo) => {
  const stylesheets: string[] = [];
  page.on("request", (request) => {
    if (request.resourceType() === "stylesheet" || new URL(request.url()).pathname.endsWith(".css")) stylesheets.push(request.url());
  });
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Network.setCacheDisabled", { cacheDisabled: true });
  const documentOrder = async (path: string) => {
    const response = await page.goto(path);
    const html = await response!.text();
    const headEnd = html.indexOf("</head>");
    const style = html.indexOf("<style");
    const title = html.indexOf("<title>");
    const content = html.indexOf("</h1>", html.indexOf('<h1 elementtiming="page-title"'));
    const preloads = [...html.matchAll(/<link rel="modulepreload"/g)].map((m) => m.index);
    expect(style, `${path}: the stylesheet is in <head>`).toBeGreaterThan(-1);
    expect(style, `${path}: the stylesheet is in <head>`).toBeLessThan(headEnd);
    expect(style, `${path}: the stylesheet comes first (before the title)`).toBeLessThan(title);
    expect(html.slice(style, html.indexOf("</style>", style)), `${path}: the inline stylesheet has the app's rules`).toContain(".bg-slate-50{");
    expect(content, `${path}: the page's heading is in the body`).toBeGreaterThan(headEnd);
    expect(preloads.length, `${path}: the scripts are preloaded`).toBeGreaterThan(0);
    expect(Math.min(...preloads), `${path}: every modulepreload comes after the page's heading`).toBeGreaterThan(content);
    await page.waitForLoadState("load");
    // The page is drawn with the stylesheet: the body has its Tailwind background (slate-50), not
    // the browser's transparent one.
    expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toMatch(/^oklch\(0\.98/);
  };
  await documentOrder("/auth/login");
  await register(page, testInfo);
  await documentOrder("/dashboard");
  await documentOrder("/expenses");
  if (jsEnabled(testInfo)) {
    // A client-side navigation keeps the stylesheet: React leaves it where the server put it.
    await page.waitForFunction(() => "__reactRouterDataRouter" in window);
    await page.getByRole("navigation", { name: "Main navigation" }).first().getByRole("link", { name: "Dashboard" }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    expect(await page.evaluate(() => document.querySelectorAll("style[data-href]").length)).toBe(1);
    expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toMatch(/^oklch\(0\.98/);
  }
  expect(stylesheets, "no stylesheet file is requested").toEqual([]);
});

test("the hashed files under /assets/ are cached for a year without asking again", async ({ page, request }) => {
  const loginPage = await page.goto("/auth/login");
  const html = await loginPage!.text();
  const script = html.match(/<link rel="modulepreload" href="(\/assets\/[^"]+\.js)"/)?.[1];
  expect(script, "a modulepreloaded script").toBeTruthy();
  const response = await request.get(script!);
  expect(response.status()).toBe(200);
  expect(response.headers()["cache-control"]).toBe("public, max-age=31536000, immutable");
  // Everything else keeps revalidating: the favicon may change under the same name.
  expect((await request.get("/favicon.svg")).headers()["cache-control"]).not.toContain("immutable");
});
