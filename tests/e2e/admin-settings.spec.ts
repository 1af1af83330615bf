import { demo, errorMessage, expect, expectNoAxeViolations, jsEnabled, screenshotBothThemes, signIn, test } from "./support";

// /admin/settings in the browser, JavaScript on and off. "Refresh now" reaches the fake
// provider on loopback (tests/fakes/serve-rate-provider.ts), never the internet.

const ratesPort = Number(process.env.E2E_RATES_PORT ?? 8799);

test("a superadmin enters a manual rate, refreshes from the provider, and sees both in the table", async ({ page }, testInfo) => {
  // Each project enters its own rate: both run against the same database.
  const rate = jsEnabled(testInfo) ? "0.7777" : "0.7766";
  await signIn(page, demo.admin, "/admin");
  await page.getByRole("link", { name: /System Settings/ }).click();
  await expect(page).toHaveURL(/\/admin\/settings$/);
  await expect(page.getByRole("heading", { name: "System Settings", level: 1 })).toBeVisible();
  // The configured provider is the local fake.
  await expect(page.getByText(`127.0.0.1:${ratesPort}`)).toBeVisible();
  await expect(page.getByRole("row", { name: /EUR Euro/ }).first()).toBeVisible();
  await screenshotBothThemes(page, testInfo, "admin-settings");
  await expectNoAxeViolations(page, testInfo);

  const form = page.getByRole("region", { name: "Enter a rate by hand" });
  const rateField = form.getByLabel("Rate (units per 1 USD)");
  await form.getByLabel("Currency").selectOption("GBP");
  await rateField.fill("abc");
  await form.getByRole("button", { name: "Save rate" }).click();
  await expect(errorMessage(form, "Conversion rate must be a positive number")).toBeVisible();
  await expect(rateField).toHaveAttribute("aria-invalid", "true");
  await screenshotBothThemes(page, testInfo, "admin-settings-invalid");

  await rateField.fill("0.1234567890123");
  await form.getByRole("button", { name: "Save rate" }).click();
  await expect(errorMessage(form, "A rate has at most 12 decimal places")).toBeVisible();

  await form.getByLabel("Currency").selectOption("GBP");
  await rateField.fill(rate);
  await form.getByRole("button", { name: "Save rate" }).click();
  await expect(page.getByText("Manual rate for GBP saved.")).toBeVisible();
  const gbp = page.getByRole("row", { name: /^GBP British Pound .*Entered by hand$/ });
  await expect(gbp).toContainText(rate);
  // The form starts over for the next rate.
  await expect(rateField).toHaveValue("");
  await screenshotBothThemes(page, testInfo, "admin-settings-saved");

  await page.getByRole("button", { name: "Refresh now" }).click();
  await expect(page.getByText(/^Rates refreshed: 9 rates filed under /)).toBeVisible();
  await expect(page.getByRole("row", { name: /^JPY Japanese Yen 154\.2 .*Rate provider$/ })).toBeVisible();
  // On its day the manual rate still wins over the provider's.
  await expect(gbp).toContainText(rate);
  await expect(page.getByTestId("last-success")).not.toHaveText("Never");
  const fake = (await (await fetch(`http://127.0.0.1:${ratesPort}/__control/e2e`)).json()) as { hits: number };
  expect(fake.hits).toBeGreaterThan(0);
  await screenshotBothThemes(page, testInfo, "admin-settings-refreshed");

  await page.getByRole("button", { name: "es", exact: true }).click();
  await expect(page.getByRole("heading", { name: "Configuración del sistema", level: 1 })).toBeVisible();
  await expect(page.getByRole("row", { name: /^GBP Libra esterlina .*Ingresada a mano$/ })).toContainText(rate.replace(".", ","));
  await screenshotBothThemes(page, testInfo, "admin-settings-es");
  await page.getByRole("button", { name: "en", exact: true }).click();
  await expect(page.getByRole("heading", { name: "System Settings", level: 1 })).toBeVisible();
});

test("a plain user is sent away from the settings page", async ({ page }) => {
  await signIn(page, demo.user, "/admin/settings");
  await expect(page).toHaveURL(/\/dashboard$/);
});

test("a superadmin turns a currency off, the transaction form stops offering it, and turns it on again", async ({ page }, testInfo) => {
  await signIn(page, demo.admin, "/admin/settings");
  await expect(page.getByRole("row", { name: /^USD US Dollar .*Base currency$/ })).toBeVisible();
  await expect(page.getByRole("button", { name: "Deactivate USD" })).toHaveCount(0);

  await page.getByRole("button", { name: "Deactivate AUD" }).click();
  await expect(page.getByText("AUD is inactive: it is no longer offered for new transactions.")).toBeVisible();
  await expect(page.getByRole("row", { name: /^AUD Australian Dollar AUD 2 Inactive/ })).toBeVisible();
  await expect(page.getByRole("button", { name: "Activate AUD" })).toBeVisible();
  await screenshotBothThemes(page, testInfo, "admin-settings-currency-off");
  await expectNoAxeViolations(page, testInfo);

  try {
    await page.goto("/expenses/new");
    await expect(page.locator('select[name="payments[0].currencyCode"] option[value="EUR"]')).toHaveCount(1);
    await expect(page.locator('select[name="payments[0].currencyCode"] option[value="AUD"]')).toHaveCount(0);
    await page.goto("/admin/settings");
  } finally {
    // Whatever happened above, the currency goes back on for the other journeys.
    await page.getByRole("button", { name: "Activate AUD" }).click();
  }
  await expect(page.getByText("AUD is active: it is offered for new transactions and refreshed from the provider.")).toBeVisible();
  await expect(page.getByRole("row", { name: /^AUD Australian Dollar AUD 2 Active/ })).toBeVisible();
});
