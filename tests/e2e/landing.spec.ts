import { expect, expectNoAxeViolations, jsEnabled, screenshotBothThemes, test } from "./support";

test("the landing page reads well, prices switch to annual, and its calls to action lead to sign-up", async ({ page }, testInfo) => {
  await page.goto("/");
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Every currency you earn and spend");
  await screenshotBothThemes(page, testInfo, "landing");
  await expectNoAxeViolations(page, testInfo);

  // Monthly by default; the annual period shows the saving (12 × monthly − annual), with or without JavaScript.
  const pricing = page.locator("#pricing");
  await expect(pricing.getByText("$ 19", { exact: true })).toBeVisible();
  await expect(pricing.getByText("Save $ 38 a year")).toBeHidden();
  await pricing.locator("label[for=billing-annual]").click();
  await expect(pricing.getByText("$ 190", { exact: true })).toBeVisible();
  await expect(pricing.getByText("Save $ 38 a year")).toBeVisible();
  await expect(pricing.getByText("Save $ 18 a year")).toBeVisible();
  await expect(pricing.getByText("Save $ 78 a year")).toBeVisible();

  const testimonials = page.locator("#testimonials");
  if (jsEnabled(testInfo)) {
    // A carousel: one quote at a time, the dots choose.
    await expect(testimonials.getByText("María González")).toBeVisible();
    await testimonials.getByRole("button", { name: "Show testimonial 2" }).click();
    await expect(testimonials.getByRole("button", { name: "Show testimonial 2" })).toHaveAttribute("aria-current", "true");
    await expect(testimonials.getByText("María González")).toBeHidden();
  } else {
    // Without JavaScript every testimonial is on the page.
    await expect(testimonials.getByRole("figure")).toHaveCount(3);
    for (const figure of await testimonials.getByRole("figure").all()) await expect(figure).toBeVisible();
  }

  // Avatars are served by us.
  for (const img of await page.locator("img").all()) {
    const src = (await img.getAttribute("src")) ?? "";
    expect(src.startsWith("/"), `image ${src} is served locally`).toBe(true);
  }

  await page.getByRole("link", { name: "Start Free Trial" }).click();
  await expect(page).toHaveURL(/\/auth\/register$/);
});

test("on a phone the menu opens without JavaScript and its links work", async ({ page }, testInfo) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await page.goto("/");
  await page.getByLabel("Open menu").click();
  const menu = page.locator("details[open]");
  await expect(menu.getByRole("link", { name: "Pricing" })).toBeVisible();
  await screenshotBothThemes(page, testInfo, "landing-phone-menu");
  await menu.getByRole("link", { name: "Sign In" }).click();
  await expect(page).toHaveURL(/\/auth\/login$/);
});

test("on a phone the footer is one short band of real links, and its Help opens a page that says how the app works", async ({ page }, testInfo) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/");
  const footer = page.locator("footer");
  // It used to be three columns of nine items that led nowhere, about 300 px of a phone's screen before the brand line.
  await expect(footer.getByRole("link")).toHaveText(["Features", "Pricing", "Help", "Contact"]);
  expect((await footer.boundingBox())!.height).toBeLessThan(260);
  await footer.getByRole("link", { name: "Help" }).click();
  await expect(page).toHaveURL(/\/help$/);
  await expect(page.getByRole("heading", { level: 1, name: "Help" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Currencies and exchange rates" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Back to home" })).toBeVisible();
  await screenshotBothThemes(page, testInfo, "help-phone");
  await expectNoAxeViolations(page, testInfo);
  await page.getByRole("button", { name: "es", exact: true }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Ayuda" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Monedas y tasas de cambio" })).toBeVisible();
});
