import type { Page } from "@playwright/test";
import { expect, jsEnabled, test } from "./support";

/** The text of every script the page fetches from now on. */
function scriptsOf(page: Page) {
  const bodies: Promise<string>[] = [];
  page.on("response", (response) => {
    if (response.request().resourceType() === "script") bodies.push(response.text());
  });
  return async () => (await Promise.all(bodies)).join("\n");
}

test("a page downloads the messages of its own language only, and switching fetches the other", async ({ page }, testInfo) => {
  test.skip(!jsEnabled(testInfo), "scripts only matter with JavaScript");
  const english = scriptsOf(page);
  await page.goto("/auth/login");
  await expect(page.getByRole("heading", { name: "Welcome back" })).toBeVisible();
  await page.waitForLoadState("networkidle");
  expect(await english()).toContain("Welcome back");
  expect(await english()).not.toContain("Bienvenido de nuevo");

  // With JavaScript the switch fetches Spanish and the page changes in place.
  await page.getByRole("button", { name: "es", exact: true }).click();
  await expect(page.getByRole("heading", { name: "Bienvenido de nuevo" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Iniciar sesión" })).toBeVisible();

  // A fresh page in Spanish brings no English messages.
  const spanishPage = await page.context().newPage();
  const spanish = scriptsOf(spanishPage);
  await spanishPage.goto("/auth/login");
  await expect(spanishPage.getByRole("heading", { name: "Bienvenido de nuevo" })).toBeVisible();
  await spanishPage.waitForLoadState("networkidle");
  expect(await spanish()).toContain("Bienvenido de nuevo");
  expect(await spanish()).not.toContain("Welcome back");
  await spanishPage.close();
});
