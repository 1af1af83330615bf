import type { Page } from "@playwright/test";
import { expect, jsEnabled, test } from "./support";

/** Which of the scripts the page fetches from now on contain a text (their file names). */
function scriptsOf(page: Page) {
  const scripts: Promise<{ name: string; text: string }>[] = [];
  page.on("response", (response) => {
    if (response.request().resourceType() !== "script") return;
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
  expect(await english("Bienvenido de nuevo")).toEqual([]);

  // With JavaScript the switch fetches Spanish and the page changes in place.
  await page.getByRole("button", { name: "es", exact: true }).click();
  await expect(page.getByRole("heading", { name: "Bienvenido de nuevo" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Iniciar sesión" })).toBeVisible();

  // A fresh page in Spanish brings no English messages.
  const spanishPage = await page.context().newPage();
  const spanish = scriptsOf(spanishPage);
  await spanishPage.goto("/auth/login");
  await expect(spanishPage.getByRole("heading", { name: "Bienvenido de nuevo" })).toBeVisible();
  await expect.poll(() => spanish("Bienvenido de nuevo")).toHaveLength(1);
  expect(await spanish("Welcome back")).toEqual([]);
  await spanishPage.close();
});
