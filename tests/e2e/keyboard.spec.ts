import { demo, expect, expectNoAxeViolations, jsEnabled, signIn, test } from "./support";

// Issue 27: on a phone with a keyboard (or a laptop), `/` goes to the list's search, `n` opens a
// new transaction and `?` lists the shortcuts; a key typed into a field stays in the field.
// Shortcuts are scripts: without JavaScript the keys do nothing and the page still works.

test.use({ viewport: { width: 390, height: 844 } });

test("/ focuses the search, n opens a new transaction, ? lists the shortcuts in the reader's language", async ({ page }, testInfo) => {
  test.skip(!jsEnabled(testInfo), "keyboard shortcuts are JavaScript; without it the keys are the browser's");
  await signIn(page, demo.user, "/expenses");
  await page.waitForLoadState("networkidle");

  const search = page.getByRole("searchbox", { name: "Search" });
  await page.keyboard.press("/");
  await expect(search).toBeFocused();
  // Typing an "n" into the search is typing, not a shortcut.
  await page.keyboard.type("n");
  await expect(search).toHaveValue("n");
  await expect(page).toHaveURL(/\/expenses$/);

  await search.blur();
  await page.keyboard.press("?");
  const dialog = page.getByRole("dialog", { name: "Keyboard shortcuts" });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText("New transaction")).toBeVisible();
  await expectNoAxeViolations(page, testInfo);
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();

  await page.keyboard.press("n");
  await expect(page).toHaveURL(/\/expenses\/new$/);

  await page.getByRole("button", { name: "es", exact: true }).click();
  await expect(page.locator("html")).toHaveAttribute("lang", "es");
  await page.locator("body").click({ position: { x: 5, y: 400 } });
  await page.keyboard.press("?");
  await expect(page.getByRole("dialog", { name: "Atajos de teclado" })).toBeVisible();
  await page.keyboard.press("Escape");
  await page.getByRole("button", { name: "en", exact: true }).click();
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
});
