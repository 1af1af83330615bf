import { expect, expectNoAxeViolations, expectNoSidewaysScroll, register, screenshotBothThemes, test } from "./support";

// Issue 27, first run: a new user in Spanish on a phone finds the checklist at the top of the
// dashboard, follows its first step to the form, comes back to it ticked, and hides the list for
// good. JavaScript on and off.

test.use({ viewport: { width: 390, height: 844 } });

test("a new user follows the checklist from the dashboard and hides it", async ({ page }, testInfo) => {
  await register(page, testInfo);
  await page.getByRole("button", { name: "es", exact: true }).click();
  await expect(page.locator("html")).toHaveAttribute("lang", "es");

  const checklist = page.getByRole("region", { name: "Primeros pasos" });
  await expect(checklist).toBeInViewport();
  await expect(checklist).toContainText("0 de 5 completados");
  await expectNoSidewaysScroll(page);
  await expectNoAxeViolations(page, testInfo);
  await screenshotBothThemes(page, testInfo, "first-run-es");

  await checklist.getByRole("link", { name: "Agregar una transacción" }).click();
  await expect(page).toHaveURL(/\/expenses\/new$/);
  await page.waitForLoadState("networkidle");
  await page.getByLabel("Descripción").fill("Primer café");
  await page.getByLabel("Monto").fill("2,50");
  await page.getByRole("button", { name: "Crear transacción" }).click();
  await expect(page).toHaveURL(/\/expenses\?saved=created/);

  await page.goto("/dashboard");
  await expect(checklist).toContainText("1 de 5 completados");
  await expect(checklist.getByRole("listitem").first()).toContainText("(Hecho)");
  await expect(checklist.getByRole("link", { name: "Agregar una transacción" })).toHaveCount(0);

  await checklist.getByRole("button", { name: "Ocultar esta lista" }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(checklist).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole("region", { name: "Primeros pasos" })).toHaveCount(0);
});
