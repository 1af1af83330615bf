import { cumulativeLayoutShift, expect, expectNoAxeViolations, expectNoSidewaysScroll, jsEnabled, register, screenshotBothThemes, test } from "./support";

// Issue 25: until the address is confirmed, the dashboard reminds the user at the top, drawn with
// the page (nothing moves after it loads), fitting a 390 px phone, with "Send again" and a
// dismiss button that work with and without JavaScript; the profile keeps saying so.

test.use({ viewport: { width: 390, height: 844 } });

test("phone: the reminder to confirm the address fits 390 px, moves nothing, sends again and is dismissed", async ({ page }, testInfo) => {
  const { email } = await register(page, testInfo, "Vera");
  const banner = page.getByRole("region", { name: "Email address not confirmed" });
  await expect(banner).toContainText(`Please confirm your email address, ${email}`);
  // The Layout Instability API needs a script in the page.
  if (jsEnabled(testInfo)) expect(await cumulativeLayoutShift(page)).toBeLessThan(0.01);
  await expectNoSidewaysScroll(page, "/dashboard");
  for (const name of ["Send again", "Dismiss the reminder to confirm your address"]) {
    const box = await banner.getByRole("button", { name }).boundingBox();
    expect(box!.height, name).toBeGreaterThanOrEqual(44);
  }
  await screenshotBothThemes(page, testInfo, "dashboard-verify-banner");
  await expectNoAxeViolations(page, testInfo);

  await banner.getByRole("button", { name: "Send again" }).click();
  await expect(banner.getByRole("status")).toHaveText(`We sent a new link to ${email}.`);
  await expectNoSidewaysScroll(page, "/dashboard?verification=sent");

  await banner.getByRole("button", { name: "Dismiss the reminder to confirm your address" }).click();
  await expect(banner).toHaveCount(0);
  await expect(page.getByRole("heading", { name: /Vera/ })).toBeVisible();
  await page.goto("/dashboard");
  await expect(banner).toHaveCount(0);

  await page.goto("/profile");
  const info = page.getByRole("region", { name: "Personal Information" });
  await expect(info.getByText("Not verified")).toBeVisible();
  await expect(info.getByRole("button", { name: "Send again" })).toBeVisible();
  await expectNoSidewaysScroll(page, "/profile");
  if (jsEnabled(testInfo)) await expectNoAxeViolations(page, testInfo);
});

test("phone (es): the reminder in Spanish fits 390 px", async ({ page }, testInfo) => {
  await register(page, testInfo, "Vera");
  // The header's language switch: a form, so it works without JavaScript too.
  await page.getByRole("button", { name: "es", exact: true }).click();
  await expect(page.locator("html")).toHaveAttribute("lang", "es");
  const banner = page.getByRole("region", { name: "Dirección de correo sin confirmar" });
  await expect(banner).toContainText("Confirma tu dirección de correo");
  await expect(banner.getByRole("button", { name: "Enviar de nuevo" })).toBeVisible();
  await expectNoSidewaysScroll(page, "/dashboard (es)");
});
