import type { Page } from "@playwright/test";
import { expect, jsEnabled, register, test } from "./support";

// Issue 27, entry that remembers, for a new user in Spanish on a phone: the description field
// suggests what they entered before; with JavaScript, choosing a suggestion fills its category,
// currency, amount and payment method; with or without it, "Repetir hoy" on the list opens a copy
// dated today, saved as a second transaction.

test.use({ viewport: { width: 390, height: 844 } });

/** Chooses a datalist suggestion as a browser does: the text is replaced at once, not typed. */
async function chooseSuggestion(page: Page, text: string) {
  await page.locator('input[name="description"]').evaluate((input: HTMLInputElement, value) => {
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, "value")!.set!.call(input, value);
    input.dispatchEvent(new InputEvent("input", { bubbles: true, inputType: "insertReplacementText", data: value }));
  }, text);
}

test("a new user's earlier description is suggested, fills the form, and Repetir hoy copies it", async ({ page }, testInfo) => {
  const account = await register(page, testInfo);
  const login = await page.request.post("/api/auth/login", { data: account });
  const token = ((await login.json()) as { data: { accessToken: string } }).data.accessToken;
  const created = await page.request.post("/api/transactions", {
    headers: { Authorization: `Bearer ${token}` },
    data: { type: "EXPENSE", description: "Café con leche", date: "2026-11-02", categoryId: "default-transport", currencyCode: "EUR", amount: "3.50", paymentMethod: "debit_card" },
  });
  expect(created.status(), await created.text()).toBe(201);

  await page.getByRole("button", { name: "es", exact: true }).click();
  await expect(page.locator("html")).toHaveAttribute("lang", "es");
  await page.goto("/expenses/new");
  await expect(page.locator("#transaction-description-suggestions option")).toHaveAttribute("value", "Café con leche");
  // The expense category used last comes first, before anything is chosen.
  await expect(page.locator('select[name="categoryId"]')).toHaveValue("default-transport");

  if (jsEnabled(testInfo)) {
    await page.waitForLoadState("networkidle");
    await chooseSuggestion(page, "Café con leche");
    await expect(page.locator('select[name="payments[0].currencyCode"]')).toHaveValue("EUR");
    await expect(page.locator('input[name="payments[0].amount"]')).toHaveValue(/^3[,.]50$/);
    await expect(page.locator('select[name="payments[0].method"]')).toHaveValue("debit_card");
    // Today's euro rate is looked up for the filled row, as when the currency is picked by hand.
    await expect(page.locator('input[name="payments[0].rate"]')).toHaveValue(/^\d+([,.]\d+)?$/);
    // Typing the same words letter by letter is typing: nothing else changes.
    await page.locator('input[name="payments[0].amount"]').fill("4,00");
    await page.getByLabel("Descripción").fill("Café con leche");
    await expect(page.locator('input[name="payments[0].amount"]')).toHaveValue("4,00");
  }

  await page.goto("/expenses");
  await page.getByRole("link", { name: "Registrar Café con leche de nuevo, con fecha de hoy" }).click();
  await expect(page).toHaveURL(/\/expenses\/new\?from=/);
  await expect(page.getByLabel("Descripción")).toHaveValue("Café con leche");
  await expect(page.locator('input[name="date"]')).toHaveValue(new Date().toISOString().slice(0, 10));
  await page.getByRole("button", { name: "Crear transacción" }).click();
  await expect(page).toHaveURL(/\/expenses\?saved=created/);
  await expect(page.getByRole("row", { name: /Café con leche/ })).toHaveCount(2);
});
