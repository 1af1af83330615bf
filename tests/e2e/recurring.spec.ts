import { expect, expectNoAxeViolations, expectNoSidewaysScroll, register, screenshotBothThemes, test } from "./support";

// Issue 24, the /recurring page on a 390 px phone, with and without JavaScript: a monthly rent
// made from a transaction through "Repeat…", listed with its next dates, one occurrence
// skipped and the next posted now; the page in Spanish; both themes, and axe.

test.use({ viewport: { width: 390, height: 844 } });

test("recurring: a monthly rent from a transaction via Repeat…, its next dates, skip one, post one now; Spanish", async ({ page }, testInfo) => {
  await register(page, testInfo);
  const today = new Date().toISOString().slice(0, 10);
  const fifth = `${today.slice(0, 8)}05`;

  // The transaction to repeat: a rent paid on the 5th.
  await page.goto("/expenses/new");
  // Typed once the page is hydrated: before that, React would put its own value back.
  await page.waitForLoadState("networkidle");
  await page.getByLabel("Date", { exact: true }).fill(fifth);
  await page.getByLabel("Description").fill("Rent");
  await page.getByLabel("Category").selectOption({ label: "Housing" });
  await page.getByLabel("Payment method").selectOption({ label: "Bank Transfer" });
  await page.getByLabel("Amount").fill("1200.00");
  await page.getByRole("button", { name: "Create Transaction" }).click();
  await expect(page).toHaveURL(/\/expenses\?saved=created$/);
  await page.getByRole("link", { name: "Edit Rent" }).first().click();

  // Repeat… opens the form filled from it: monthly, from the next 5th after today.
  await page.getByRole("link", { name: "Repeat this transaction every month" }).click();
  await expect(page).toHaveURL(/\/recurring\?new&from=/);
  // Loaded as a document too: the form's labels hydrate without a mismatch (its messages are loaded).
  await page.reload();
  const form = page.locator("#recurring-new");
  await expect(form.getByLabel("Description")).toHaveValue("Rent");
  await expect(form.getByLabel("Amount")).toHaveValue("1200.00");
  await expect(form.getByLabel("Category")).toHaveValue("default-housing");
  await expect(form.getByLabel("Repeats")).toHaveValue("monthly");
  await screenshotBothThemes(page, testInfo, "recurring-new");
  await expectNoSidewaysScroll(page);
  await form.getByRole("button", { name: "Create" }).click();

  await expect(page).toHaveURL(/\/recurring\?saved=created&item=[^#]+#recurring-/);
  await expect(page.getByText("Recurring transaction created")).toBeVisible();
  const card = page.getByRole("article", { name: "Rent" });
  await expect(card.getByText("Every month on the 5th")).toBeVisible();
  await expect(card.getByRole("listitem")).toHaveCount(5);
  const first = await card.getByRole("listitem").first().textContent();
  const second = await card.getByRole("listitem").nth(1).textContent();
  await screenshotBothThemes(page, testInfo, "recurring");
  await expectNoAxeViolations(page, testInfo);
  await expectNoSidewaysScroll(page);

  // Skip the next one: the list starts at the one after.
  await card.getByRole("button", { name: /^Skip the occurrence of/ }).click();
  await expect(page.getByText("Occurrence skipped")).toBeVisible();
  await expect(card.getByRole("listitem").first()).toHaveText(second!);
  expect(first).not.toBe(second);

  // Post the next one now: it is posted today and counts as that occurrence.
  await card.getByRole("button", { name: /^Post the next occurrence/ }).click();
  await expect(page.getByText("Occurrence posted")).toBeVisible();
  await expect(card.getByRole("listitem").first()).not.toHaveText(second!);
  await page.goto("/expenses");
  await expect(page.getByRole("link", { name: "Edit Rent" })).toHaveCount(2);

  // Pause, with its badge; then the page in Spanish.
  await page.goto("/recurring");
  await card.getByRole("button", { name: "Pause “Rent”" }).click();
  await expect(page.getByText("Recurring transaction paused")).toBeVisible();
  await expect(card.getByText("Paused", { exact: true })).toBeVisible();
  await page.goto("/recurring");
  await page.getByRole("button", { name: "es", exact: true }).first().click();
  await expect(page.getByRole("heading", { name: "Transacciones recurrentes", level: 1 })).toBeVisible();
  await expect(page.getByText("Cada mes, el día 5")).toBeVisible();
  await expect(page.getByText("En pausa", { exact: true })).toBeVisible();
  await screenshotBothThemes(page, testInfo, "recurring-es");
  await expectNoAxeViolations(page, testInfo);
  await expectNoSidewaysScroll(page);
  await page.getByRole("button", { name: "en", exact: true }).first().click();
});
