import type { Page } from "@playwright/test";
import { expect, jsEnabled, test } from "./support";

// The theme (decision 026): the stored choice, else the system's, from the first paint, with
// JavaScript and without; with JavaScript the toggle switches at once through remix-themes'
// setter, stores the choice, and the user's other tabs follow.

/**
 * The theme the page is drawn in: the color-scheme that app.css gives <html> with the dark palette.
 * Read once the stylesheet has loaded (after a form's redirect without JavaScript it may not have).
 */
async function drawnIn(page: Page) {
  await page.waitForLoadState("load");
  return page.evaluate(() => getComputedStyle(document.documentElement).colorScheme);
}

/** Stores a choice as the toggle's form does, in the page's cookie jar. */
async function storeTheme(page: Page, theme: "light" | "dark") {
  const res = await page.request.post("/resources/theme", {
    form: { theme, redirectTo: "/" },
    headers: { "Sec-Fetch-Site": "same-origin" },
    maxRedirects: 0,
  });
  expect(res.status()).toBe(302);
}

test("the page is drawn in the stored theme, else the system's, from its first paint: nothing changes <html> after it arrives", async ({ page }, testInfo) => {
  // Every change to <html>'s attributes after the parser made it (a script adding a class, hydration
  // setting data-theme) would be a repaint in another theme. Init scripts need JavaScript.
  await page.addInitScript(() => {
    const changes: string[] = [];
    (window as unknown as { themeChanges: string[] }).themeChanges = changes;
    new MutationObserver((records) => {
      for (const r of records) if (r.target === document.documentElement) changes.push(`${r.attributeName}=${document.documentElement.getAttribute(r.attributeName!)}`);
    }).observe(document, { attributes: true, subtree: true, attributeFilter: ["class", "data-theme", "style"] });
  });
  for (const stored of [null, "dark", "light"] as const) {
    await page.context().clearCookies();
    if (stored) await storeTheme(page, stored);
    for (const system of ["light", "dark"] as const) {
      await page.emulateMedia({ colorScheme: system });
      for (const path of ["/", "/auth/login"]) {
        await page.goto(path);
        await page.waitForLoadState("networkidle");
        const where = `${path}, stored ${stored ?? "nothing"}, system ${system}`;
        expect(await drawnIn(page), where).toBe(stored ?? system);
        if (jsEnabled(testInfo)) expect(await page.evaluate(() => (window as unknown as { themeChanges: string[] }).themeChanges), where).toEqual([]);
        // A change of the system's theme is followed while the page is open, unless a choice is stored.
        const flipped = system === "light" ? "dark" : "light";
        await page.emulateMedia({ colorScheme: flipped });
        expect(await drawnIn(page), `${where}, then system ${flipped}`).toBe(stored ?? flipped);
        await page.emulateMedia({ colorScheme: system });
      }
    }
  }
});

test("the toggle switches the theme and keeps it; with JavaScript at once, without loading anything but the stored choice", async ({ page }, testInfo) => {
  await page.emulateMedia({ colorScheme: "light" });
  await page.goto("/auth/login");
  await page.waitForLoadState("networkidle");
  const loads: string[] = [];
  page.on("request", (request) => {
    if (request.isNavigationRequest() || new URL(request.url()).pathname.endsWith(".data")) loads.push(`${request.method()} ${request.url()}`);
  });
  const stored = jsEnabled(testInfo) ? page.waitForResponse((res) => new URL(res.url()).pathname === "/resources/theme") : null;
  await page.getByRole("button", { name: "Switch to dark theme" }).click();
  await expect(page.locator("html")).toHaveAttribute("data-theme", "dark");
  expect(await drawnIn(page)).toBe("dark");
  await expect(page).toHaveURL(/\/auth\/login$/);
  if (jsEnabled(testInfo)) {
    expect((await stored)?.ok()).toBe(true);
    // No navigation and no loader ran: only the choice was posted.
    expect(loads).toEqual([]);
    // The clicked button is gone; the one that switches back has the keyboard's place.
    await expect(page.getByRole("button", { name: "Switch to light theme" })).toBeFocused();
  }
  await page.reload();
  await expect(page.locator("html")).toHaveAttribute("data-theme", "dark");
  expect(await drawnIn(page)).toBe("dark");

  await page.getByRole("button", { name: "Switch to light theme" }).click();
  await expect(page.locator("html")).toHaveAttribute("data-theme", "light");
  expect(await drawnIn(page)).toBe("light");
});

test("with JavaScript a theme chosen in one tab is applied in the user's other tabs at once", async ({ page }, testInfo) => {
  test.skip(!jsEnabled(testInfo), "tabs hear of the choice through a script (BroadcastChannel)");
  await page.emulateMedia({ colorScheme: "light" });
  const other = await page.context().newPage();
  await other.emulateMedia({ colorScheme: "light" });
  await other.goto("/auth/register");
  await page.goto("/");
  await Promise.all([page.waitForLoadState("networkidle"), other.waitForLoadState("networkidle")]);
  expect(await drawnIn(other)).toBe("light");
  await page.getByRole("banner").getByRole("button", { name: "Switch to dark theme" }).click();
  await expect(other.locator("html")).toHaveAttribute("data-theme", "dark");
  expect(await drawnIn(other)).toBe("dark");
  await other.close();
});
