import type { Locator, Page, TestInfo } from "@playwright/test";
import { demo, expect, expectNoAxeViolations, expectNoSidewaysScroll, jsEnabled, register, screenshotBothThemes, signIn, test } from "./support";

// The new-transaction form in Spanish, JavaScript on and off: single mode, then multi-currency
// mode with a second payment row in another currency. Nothing is saved, so the demo user's
// data (and its tags, shown as chips) stays as the other journeys expect. The rate on file for
// today depends on whether another journey refreshed one, so only its presence is checked.

const row = (page: Page, number: number): Locator => page.getByRole("group", { name: `Pago ${number}`, exact: true });

/** Without JavaScript the USD amounts and a new currency's rate come with a round trip. */
async function updateAmounts(page: Page, testInfo: TestInfo) {
  if (!jsEnabled(testInfo)) await page.getByRole("button", { name: "Actualizar montos en USD" }).click();
}

test("the new-transaction form in Spanish: single mode, then multi-currency with a second payment, light and dark", async ({
  page,
}, testInfo) => {
  await signIn(page, demo.user, "/expenses/new");
  await expect(page.getByRole("heading", { name: "New Transaction", level: 1 })).toBeVisible();
  await page.getByRole("button", { name: "es", exact: true }).click();
  await expect(page).toHaveURL(/\/expenses\/new$/);
  await expect(page.getByRole("heading", { name: "Nueva transacción", level: 1 })).toBeVisible();
  await expect(page.locator("html")).toHaveAttribute("lang", "es");
  // Typed once the page is hydrated: before that, React would put its own value back.
  await page.waitForLoadState("networkidle");

  // Single mode.
  const multi = page.getByRole("switch", { name: "Pagos en varias monedas" });
  await expect(multi).toHaveAttribute("aria-checked", "false");
  await expect(page.getByRole("button", { name: "Gasto", exact: true })).toHaveAttribute("aria-pressed", "true");
  await expect(page.getByRole("button", { name: "Ingreso", exact: true })).toHaveAttribute("aria-pressed", "false");
  await expect(page.getByLabel("Moneda")).toHaveValue("USD");
  await expect(page.getByLabel("Método de pago")).toHaveValue("cash");
  await expect(page.getByLabel("Método de pago").locator("option:checked")).toHaveText("Efectivo");
  // The categories in Spanish; the one chosen is the expense category the user used last (issue 27).
  await expect(page.getByLabel("Categoría").locator("option", { hasText: "Educación" })).toHaveCount(1);
  await expect(page.getByLabel("Categoría").locator("option:checked")).not.toHaveText("");
  await expect(page.getByRole("group", { name: "Etiquetas" })).toContainText("Family");
  await expect(page.getByRole("button", { name: "Crear transacción" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Cancelar" })).toHaveAttribute("href", "/expenses");
  await page.getByLabel("Descripción").fill("Mercado del sábado");
  await page.getByLabel("Categoría").selectOption({ label: "Comida y restaurantes" });
  await page.getByLabel("Monto").fill("12.50");
  await screenshotBothThemes(page, testInfo, "transaction-new-es");
  await expectNoAxeViolations(page, testInfo);

  // Multi-currency mode: the single payment becomes row 1, a second row in euros is added.
  await multi.click();
  await expect(multi).toHaveAttribute("aria-checked", "true");
  await expect(row(page, 1)).toBeVisible();
  await expect(row(page, 1).getByLabel("Monto")).toHaveValue("12.50");
  await expect(page.getByLabel("Descripción")).toHaveValue("Mercado del sábado");
  await expect(page.getByRole("button", { name: /^Quitar el pago/ })).toHaveCount(0);
  await page.getByRole("button", { name: "Agregar pago" }).click();
  await expect(row(page, 2)).toBeVisible();
  await expect(page.getByRole("button", { name: "Quitar el pago 2" })).toBeVisible();
  await row(page, 2).getByLabel("Moneda").selectOption("EUR");
  await row(page, 2).getByLabel("Monto").fill("20.00");
  await row(page, 2).getByLabel("Método de pago").selectOption({ label: "Tarjeta de crédito" });
  await updateAmounts(page, testInfo);
  // A rate on file for today (the snapshot of 2026-11-01 or a later refresh), explained in Spanish.
  await expect(row(page, 2).getByLabel("Tasa de cambio")).toHaveValue(/^\d+(,\d+)?$/);
  await expect(row(page, 2)).toContainText(/1 USD = \d+,\d+ EUR, tasa del \d{1,2} [a-z]{3}\.? \d{4} \(/);
  await expect(row(page, 2).getByTestId("usd-equivalent-1")).not.toHaveText("—");
  await expect(row(page, 1).getByTestId("usd-equivalent-0")).toHaveText("US$ 12,50");
  await expect(page.getByTestId("usd-total")).not.toHaveText("—");
  await expect(row(page, 2).getByLabel("Método de pago")).toHaveValue("credit_card");
  await expect(row(page, 1).getByLabel("Monto")).toHaveValue("12.50");
  await screenshotBothThemes(page, testInfo, "transaction-multi-es");
  await expectNoAxeViolations(page, testInfo);
});

test("on a phone in Spanish, 4.922,70 typed the Spanish way is saved and shown grouped, the currency named once", async ({ page }, testInfo) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await register(page, testInfo);
  await page.getByRole("button", { name: "es", exact: true }).click();
  await expect(page.locator("html")).toHaveAttribute("lang", "es");
  await page.goto("/expenses/new");
  await page.waitForLoadState("networkidle");
  await page.getByLabel("Descripción").fill("Alquiler");
  await page.getByLabel("Monto").fill("4.922,70");
  await page.getByRole("button", { name: "Crear transacción" }).click();
  await expect(page).toHaveURL(/\/expenses\?saved=created/);
  const amount = page.locator("tr", { hasText: "Alquiler" }).getByText("-US$ 4.922,70", { exact: true });
  await expect(amount).toBeVisible();
  await screenshotBothThemes(page, testInfo, "transactions-phone-es");
  await page.goto("/dashboard");
  await expect(page.getByRole("heading", { name: "Gastos", level: 3 }).locator("..")).toContainText("US$ 4.922,70");
  const recent = page.getByRole("row", { name: /Alquiler/ });
  await expect(recent.getByText("-US$ 4.922,70", { exact: true })).toBeVisible();
  await expect(recent).not.toContainText("4.922,70 USD");
  await screenshotBothThemes(page, testInfo, "dashboard-phone-es");
});

test("on a phone in Spanish, a transaction paid in dollars and euros shows its parts on the list row and the dashboard, not only 'Varios pagos (2)'", async ({ page }, testInfo) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await register(page, testInfo);
  await page.getByRole("button", { name: "es", exact: true }).click();
  await expect(page.locator("html")).toHaveAttribute("lang", "es");
  await page.goto("/expenses/new");
  await page.waitForLoadState("networkidle");
  await page.getByLabel("Descripción").fill("Cena compartida");
  await page.getByLabel("Monto").fill("12,50");
  await page.getByRole("switch", { name: "Pagos en varias monedas" }).click();
  await expect(row(page, 1)).toBeVisible();
  await page.getByRole("button", { name: "Agregar pago" }).click();
  await row(page, 2).getByLabel("Moneda").selectOption("EUR");
  await row(page, 2).getByLabel("Monto").fill("20,00");
  await updateAmounts(page, testInfo);
  await expect(page.getByTestId("usd-total")).not.toHaveText("—");
  await page.getByRole("button", { name: "Crear transacción" }).click();
  await expect(page).toHaveURL(/\/expenses\?saved=created/);
  // The parts are on the row itself, at first paint, with or without JavaScript (issue 23).
  const listed = page.locator("tr", { hasText: "Cena compartida" }).locator("[data-payment-parts]");
  await expect(listed).toBeVisible();
  await expect(listed).toHaveText("Por moneda: US$ 12,50 + € 20,00");
  await expectNoSidewaysScroll(page);
  await screenshotBothThemes(page, testInfo, "transactions-multi-parts-phone-es");
  await page.goto("/dashboard");
  const recent = page.getByRole("row", { name: /Cena compartida/ }).locator("[data-payment-parts]");
  await expect(recent).toBeVisible();
  await expect(recent).toHaveText("Por moneda: US$ 12,50 + € 20,00");
  await screenshotBothThemes(page, testInfo, "dashboard-multi-parts-phone-es");
});
