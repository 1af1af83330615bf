import { expect, expectNoAxeViolations, expectNoSidewaysScroll, register, screenshotBothThemes, test } from "./support";

// Issue 24, the /recurring page on a 390 px phone, with and without JavaScript: a monthly rent
// made from a transaction through "Repeat…", listed with its next dates and on the dashboard's
// "Coming up" (it is due within the week), one occurrence skipped and the next posted now; the
// page in Spanish; both themes, and axe. The same journey in Spanish is its own test.

test.use({ viewport: { width: 390, height: 844 } });

test("recurring: a monthly rent from a transaction via Repeat…, its next dates, skip one, post one now; Spanish", async ({ page }, testInfo) => {
  await register(page, testInfo);
  // A day of the month due within the week (and one every month has): the transaction is a month
  // before it, so "Repeat…" starts the rent on that day, inside Coming up's seven days.
  const soon = [3, 4, 5, 6].map((days) => new Date(Date.now() + days * 86_400_000)).find((d) => d.getUTCDate() <= 28)!;
  const day = soon.getUTCDate();
  const monthBefore = new Date(Date.UTC(soon.getUTCFullYear(), soon.getUTCMonth() - 1, day)).toISOString().slice(0, 10);

  // The transaction to repeat: a rent paid a month before that day.
  await page.goto("/expenses/new");
  // Typed once the page is hydrated: before that, React would put its own value back.
  await page.waitForLoadState("networkidle");
  await page.getByLabel("Date", { exact: true }).fill(monthBefore);
  await page.getByLabel("Description").fill("Rent");
  await page.getByLabel("Category").selectOption({ label: "Housing" });
  await page.getByLabel("Payment method").selectOption({ label: "Bank Transfer" });
  await page.getByLabel("Amount").fill("1200.00");
  await page.getByRole("button", { name: "Create Transaction" }).click();
  await expect(page).toHaveURL(/\/expenses\?saved=created$/);
  await page.getByRole("link", { name: "Edit Rent" }).first().click();

  // Repeat… opens the form filled from it: monthly, from that day's next occurrence after today.
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
  await expect(card.getByText(new RegExp(`^Every month on the ${day}(st|nd|rd|th)$`))).toBeVisible();
  await expect(card.getByRole("listitem")).toHaveCount(5);
  const first = await card.getByRole("listitem").first().textContent();
  const second = await card.getByRole("listitem").nth(1).textContent();
  await screenshotBothThemes(page, testInfo, "recurring");
  await expectNoAxeViolations(page, testInfo);
  await expectNoSidewaysScroll(page);

  // On the dashboard's Coming up: the rent and its amount, due within the week.
  await page.goto("/dashboard");
  const comingUp = page.getByRole("region", { name: "Coming up" });
  await expect(comingUp).toContainText("Rent");
  await expect(comingUp).toContainText("1,200.00");
  await page.goto("/recurring");

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
  await expect(page.getByText(`Cada mes, el día ${day}`)).toBeVisible();
  await expect(page.getByText("En pausa", { exact: true })).toBeVisible();
  await screenshotBothThemes(page, testInfo, "recurring-es");
  await expectNoAxeViolations(page, testInfo);
  await expectNoSidewaysScroll(page);
  await page.getByRole("button", { name: "en", exact: true }).first().click();
});

test("recurring in Spanish: an alquiler from a transaction via Repetir…, on Próximamente, one skipped and one posted now", async ({ page }, testInfo) => {
  await register(page, testInfo);
  await page.goto("/dashboard");
  await page.getByRole("button", { name: "es", exact: true }).first().click();
  await expect(page.locator("html")).toHaveAttribute("lang", "es");
  const soon = [3, 4, 5, 6].map((days) => new Date(Date.now() + days * 86_400_000)).find((d) => d.getUTCDate() <= 28)!;
  const day = soon.getUTCDate();
  const monthBefore = new Date(Date.UTC(soon.getUTCFullYear(), soon.getUTCMonth() - 1, day)).toISOString().slice(0, 10);

  await page.goto("/expenses/new");
  await page.waitForLoadState("networkidle");
  await page.getByLabel("Fecha", { exact: true }).fill(monthBefore);
  await page.getByLabel("Descripción").fill("Alquiler");
  await page.getByLabel("Categoría").selectOption({ label: "Vivienda" });
  await page.getByLabel("Método de pago").selectOption({ label: "Transferencia bancaria" });
  await page.getByLabel("Monto").fill("1200.00");
  await page.getByRole("button", { name: "Crear transacción" }).click();
  await expect(page).toHaveURL(/\/expenses\?saved=created$/);
  await page.getByRole("link", { name: "Editar Alquiler" }).first().click();
  await page.getByRole("link", { name: "Repetir esta transacción cada mes" }).click();
  await expect(page).toHaveURL(/\/recurring\?new&from=/);
  const form = page.locator("#recurring-new");
  await expect(form.getByLabel("Monto")).toHaveValue("1200.00");
  await expect(form.getByLabel("Se repite")).toHaveValue("monthly");
  await form.getByRole("button", { name: "Crear", exact: true }).click();
  await expect(page.getByText("Transacción recurrente creada")).toBeVisible();
  const card = page.getByRole("article", { name: "Alquiler" });
  await expect(card.getByText(`Cada mes, el día ${day}`)).toBeVisible();
  const second = await card.getByRole("listitem").nth(1).textContent();

  await page.goto("/dashboard");
  const comingUp = page.getByRole("region", { name: "Próximamente" });
  await expect(comingUp).toContainText("Alquiler");
  await screenshotBothThemes(page, testInfo, "recurring-coming-up-es");
  await expectNoSidewaysScroll(page);

  await page.goto("/recurring");
  await card.getByRole("button", { name: /^Omitir la repetición del/ }).click();
  await expect(page.getByText("Repetición omitida")).toBeVisible();
  await expect(card.getByRole("listitem").first()).toHaveText(second!);
  await card.getByRole("button", { name: /^Registrar ya la próxima repetición/ }).click();
  await expect(page.getByText("Repetición registrada")).toBeVisible();
  await expect(card.getByRole("listitem").first()).not.toHaveText(second!);
  await expectNoAxeViolations(page, testInfo);
  await page.getByRole("button", { name: "en", exact: true }).first().click();
});
