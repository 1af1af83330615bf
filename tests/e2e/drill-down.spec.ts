import { demo, expect, expectNoAxeViolations, expectNoSidewaysScroll, screenshotBothThemes, signIn, test } from "./support";

// Issue 27, "numbers lead to their transactions", at 390 px with JavaScript on and off, in English
// and Spanish, on the demo user's data: a slice of the dashboard's pie is a link (the pointer
// clicks the ring itself), its table row links to the same list, and the list it opens is filtered
// to that category, type and month, its expenses total the slice's figure.

test.use({ viewport: { width: 390, height: 844 } });

const words = {
  en: { pie: "This month's expenses by category", expenses: "Expenses", category: "Category" },
  es: { pie: "Gastos de este mes por categoría", expenses: "Gastos", category: "Categoría" },
} as const;

for (const language of ["en", "es"] as const) {
  test(`a pie slice opens the list whose total is the slice (${language})`, async ({ page }, testInfo) => {
    const text = words[language];
    await signIn(page, demo.user);
    if (language === "es") {
      // The language switch's own button (a form post, so it works without JavaScript too).
      await page.evaluate(() => document.querySelector<HTMLButtonElement>('button[name="lng"][value="es"]')!.click());
      await expect(page.locator("html")).toHaveAttribute("lang", "es");
    }
    const pie = page.getByRole("region", { name: text.pie });
    const ring = pie.getByRole("group", { name: text.pie });
    await ring.scrollIntoViewIfNeeded();
    const slices = ring.getByRole("link");
    expect(await slices.count()).toBeGreaterThan(0);
    // The largest slice comes first, clockwise from the top; its name carries its figure: "Housing: $ 1,200.00 (87.6%)".
    const first = slices.first();
    const name = (await first.getAttribute("aria-label"))!;
    const [, categoryName, figure] = name.match(/^(.+): (.+) \([\d.,]+\s?%\)$/)!;
    const href = (await first.getAttribute("href"))!;
    expect(href).toMatch(/^\/expenses\?type=expense&from=\d{4}-\d{2}-01&to=\d{4}-\d{2}-\d{2}&category=/);
    // Its row in the table links to the same list.
    await expect(pie.getByRole("table").getByRole("link", { name: categoryName!, exact: true })).toHaveAttribute("href", href);
    await expectNoSidewaysScroll(page);
    await expectNoAxeViolations(page, testInfo);

    // A pointer on the ring, just right of twelve o'clock: inside the first slice.
    const box = (await ring.boundingBox())!;
    await page.mouse.click(box.x + box.width * 0.53, box.y + box.height * 0.08);
    await expect(page).toHaveURL((url) => url.pathname + url.search === href);
    const totals = page.locator("section", { has: page.locator("#transaction-totals-heading") });
    await expect(totals.locator("dt", { hasText: text.expenses }).locator("xpath=following-sibling::dd[1]")).toHaveText(figure!);
    // The filters it carries are chips, each removing one.
    await expect(page.getByRole("list", { name: language === "es" ? "Filtros en uso" : "Filters in use" })).toContainText(`${text.category}: ${categoryName}`);
    await expectNoSidewaysScroll(page);
    await screenshotBothThemes(page, testInfo, `drill-down-${language}`);
  });
}
