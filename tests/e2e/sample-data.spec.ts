import { expect, expectNoAxeViolations, expectNoSidewaysScroll, register, screenshotBothThemes, test } from "./support";

// Issue 27, "Explore with sample data" (decision 040): a new user on a phone fills the account with
// the sample month from the first-run checklist, sees it on the dashboard and the list, removes it,
// and the dashboard is empty again. JavaScript on and off; once in English, once in Spanish.

test.use({ viewport: { width: 390, height: 844 } });

test("a new user explores sample data, sees it on the dashboard and the list, and removes it", async ({ page }, testInfo) => {
  await register(page, testInfo);
  const checklist = page.getByRole("region", { name: "Get started" });
  await checklist.getByRole("button", { name: "Explore with sample data" }).click();
  await expect(page).toHaveURL(/\/dashboard\?sample=added/);

  const banner = page.getByRole("region", { name: "You are exploring sample data" });
  await expect(banner).toBeVisible();
  await expect(page.getByRole("region", { name: "Budget alerts" })).toBeVisible();
  await expect(page.getByRole("region", { name: "Transactions by Currency" })).toContainText("VES");
  await expectNoSidewaysScroll(page);
  await expectNoAxeViolations(page, testInfo);
  await screenshotBothThemes(page, testInfo, "sample-data-dashboard");

  await page.goto("/expenses");
  await expect(page.getByText("Some of these transactions are sample data")).toBeVisible();
  // The rows carry the tag (the filter panel's chip of the same name is folded away on a phone).
  await expect(page.getByText("Sample", { exact: true }).filter({ visible: true }).first()).toBeVisible();
  await expectNoSidewaysScroll(page);

  await page.goto("/dashboard");
  await banner.getByText("Remove sample data", { exact: true }).click();
  await expect(banner).toContainText("removes the sample transactions, budget and goal");
  await banner.getByRole("button", { name: "Yes, remove sample data" }).click();
  await expect(page).toHaveURL(/\/dashboard\?sample=removed/);
  await expect(page.getByText("Sample data removed.")).toBeVisible();
  await expect(banner).toHaveCount(0);
  await expect(page.getByText("This month's income and expenses appear here")).toBeVisible();
  await expect(checklist.getByRole("button", { name: "Explore with sample data" })).toBeVisible();
});

test("en español: explorar con datos de ejemplo y eliminarlos", async ({ page }, testInfo) => {
  await register(page, testInfo);
  await page.getByRole("button", { name: "es", exact: true }).click();
  await expect(page.locator("html")).toHaveAttribute("lang", "es");
  await page.getByRole("region", { name: "Primeros pasos" }).getByRole("button", { name: "Explorar con datos de ejemplo" }).click();
  await expect(page).toHaveURL(/\/dashboard\?sample=added/);
  const banner = page.getByRole("region", { name: "Estás explorando datos de ejemplo" });
  await expect(banner).toContainText("Muestra");
  await screenshotBothThemes(page, testInfo, "sample-data-dashboard-es");

  await page.goto("/expenses");
  await expect(page.getByText("Algunas de estas transacciones son datos de ejemplo")).toBeVisible();

  await page.goto("/dashboard");
  await banner.getByText("Eliminar datos de ejemplo", { exact: true }).click();
  await banner.getByRole("button", { name: "Sí, eliminar datos de ejemplo" }).click();
  await expect(page).toHaveURL(/\/dashboard\?sample=removed/);
  await expect(page.getByText("Datos de ejemplo eliminados.")).toBeVisible();
  await expect(page.getByRole("region", { name: "Estás explorando datos de ejemplo" })).toHaveCount(0);
});
