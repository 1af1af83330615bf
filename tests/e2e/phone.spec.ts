import type { Locator, Page, TestInfo } from "@playwright/test";
import { demo, expect, expectNoAxeViolations, jsEnabled, register, screenshotBothThemes, signIn, test , expectNoSidewaysScroll } from "./support";

// Issue 11: every page fits a 390 px phone (no sideways scroll, every control 44 px or more) in both languages, with and
// without JavaScript, and the transaction list shows its first row on the first screen. One test
// per role and language walks its pages with one sign-in; screenshots (light and dark) are taken
// in the JavaScript project only, to keep the run short.

const phone = { width: 390, height: 844 };
const languages = ["en", "es"] as const;
type Language = (typeof languages)[number];

test.use({ viewport: phone });

/**
 * Every control a thumb can reach on the page is at least 44 px in both directions: links,
 * buttons, menus, selects, fields and the labels of check boxes and radios. Links inside a
 * sentence are exempt (they are as tall as the text around them, as WCAG's inline exception
 * allows), and so are controls that are not shown (a closed menu's links, visually hidden ones)
 * and a chart's marks that link (the table under the chart has the same links, thumb-sized).
 */
async function expectThumbSizedControls(page: Page, path: string) {
  const small = await page.evaluate(() =>
    Array.from(document.querySelectorAll("a, button, summary, select, input, textarea, label:has(input[type=radio]), label:has(input[type=checkbox])"))
      .filter((control) => control.checkVisibility({ visibilityProperty: true }))
      .filter((control) => !(control instanceof HTMLInputElement && ["hidden", "radio", "checkbox"].includes(control.type)))
      .filter((control) => !(control.tagName === "A" && control.closest("p")))
      // A chart's slices, bars and points (issue 27) are as big as their figures; each has an
      // equivalent thumb-sized link in the table under its chart (WCAG 2.5.5's "equivalent" exception).
      .filter((control) => !control.closest("[data-plot]"))
      .map((control) => ({ control, box: control.getBoundingClientRect() }))
      .filter(({ box }) => box.width > 1 && box.height > 1 && Math.min(box.width, box.height) < 44)
      .map(({ control, box }) => `${control.tagName.toLowerCase()} "${(control.textContent || control.getAttribute("aria-label") || "").trim().slice(0, 30)}" ${Math.round(box.width)} × ${Math.round(box.height)}`),
  );
  expect(small, `${path}: controls smaller than 44 × 44 px`).toEqual([]);
}

/** Opens a page (in the language chosen before) and checks that it fits and its controls are thumb-sized. */
async function visit(page: Page, testInfo: TestInfo, path: string, language: Language, name: string) {
  await page.goto(path);
  await expect(page.locator("html")).toHaveAttribute("lang", language);
  await expectNoSidewaysScroll(page, path);
  await expectThumbSizedControls(page, path);
  if (jsEnabled(testInfo)) await screenshotBothThemes(page, testInfo, `phone-${name}-${language}`);
}

/** Every control the locator finds is at least 44 × 44 px, the size of a thumb's tap. */
async function expectTapTargets(controls: Locator, what: string) {
  const boxes = await controls.evaluateAll((elements) => elements.map((e) => e.getBoundingClientRect()).map((r) => [r.width, r.height]));
  expect(boxes.length, `${what} found`).toBeGreaterThan(0);
  for (const [width, height] of boxes) {
    expect(Math.min(width!, height!), `${what}: ${width} × ${height} px`).toBeGreaterThanOrEqual(44);
  }
}

/** The list's first transaction is wholly inside the first screen, before any scrolling. */
async function expectFirstRowOnFirstScreen(page: Page, path: string) {
  const box = await page.locator("tbody tr[data-transaction-id]").first().boundingBox();
  expect(box, `${path} shows a transaction`).not.toBeNull();
  expect(box!.y + box!.height, `${path}: the first transaction ends below the first screen`).toBeLessThanOrEqual(phone.height);
}

/** Chooses the language with the header's switch (a form, so it works without JavaScript too). */
async function speak(page: Page, language: Language) {
  if ((await page.locator("html").getAttribute("lang")) === language) return;
  await page.getByRole("button", { name: language, exact: true }).click();
  await expect(page.locator("html")).toHaveAttribute("lang", language);
}

// With JavaScript each page is also photographed twice (light and dark): more time per test.
test.beforeEach(({}, testInfo) => test.slow(jsEnabled(testInfo), "two full-page screenshots per page"));

for (const language of languages) {
  test(`phone (${language}): the guest pages fit 390 px`, async ({ page }, testInfo) => {
    await page.goto("/auth/login");
    await speak(page, language);
    await visit(page, testInfo, "/", language, "landing");
    await visit(page, testInfo, "/auth/login", language, "login");
    await visit(page, testInfo, "/auth/register", language, "register");
    await visit(page, testInfo, "/help", language, "help");
    await visit(page, testInfo, "/no-such-page", language, "not-found");
  });

  test(`phone (${language}): a user's pages fit 390 px and the list starts on the first screen`, async ({ page }, testInfo) => {
    await signIn(page, demo.user);
    await speak(page, language);
    await visit(page, testInfo, "/dashboard", language, "dashboard");

    await visit(page, testInfo, "/expenses", language, "transactions");
    await expectFirstRowOnFirstScreen(page, "/expenses");
    const firstRow = page.locator("tbody tr[data-transaction-id]").first();
    const firstId = await firstRow.getAttribute("data-transaction-id");
    await expectTapTargets(firstRow.getByRole("link"), "the row's Edit and Delete");
    await expectTapTargets(page.getByText(/^(Sort|Ordenar)/).locator("..").getByRole("link"), "the sort links");
    await expectTapTargets(page.getByRole("banner").getByRole("button", { name: /^(en|es)$/ }), "the language switch");

    // With filters active the panel stays closed; its badge counts them.
    const filtered = "/expenses?type=expense&category=default-food&tag=demo-tag-family";
    await visit(page, testInfo, filtered, language, "transactions-filtered");
    await expect(page.getByRole("search").locator("details")).not.toHaveAttribute("open");
    await expect(page.getByRole("search").locator("summary")).toContainText("3");
    await expectFirstRowOnFirstScreen(page, filtered);

    await visit(page, testInfo, "/expenses/new", language, "transaction-new");
    await visit(page, testInfo, `/expenses/edit/${firstId}`, language, "transaction-edit");
    // Issue 24: the schedules' page and its form, here opened from that transaction's "Repeat…".
    await visit(page, testInfo, "/recurring", language, "recurring");
    await visit(page, testInfo, `/recurring?new&from=${firstId}`, language, "recurring-new");
    await visit(page, testInfo, "/categories", language, "categories");
    await visit(page, testInfo, "/tags", language, "tags");
    await visit(page, testInfo, "/budgets?newBudget&newGoal", language, "budgets");
    await visit(page, testInfo, "/reports", language, "reports");
    await visit(page, testInfo, "/profile", language, "profile");
  });

  test(`phone (${language}): the admin pages fit 390 px`, async ({ page }, testInfo) => {
    await signIn(page, demo.admin);
    await speak(page, language);
    await visit(page, testInfo, "/admin", language, "admin");
    await visit(page, testInfo, "/admin/users", language, "admin-users");
    await visit(page, testInfo, "/admin/settings", language, "admin-settings");
  });
}

/**
 * Each name is drawn in whole words: every word on one line (one box), never split over two. A
 * long category name squeezed beside its row's buttons or its budget's status broke into pieces,
 * down to a column of single letters ("H o u s i n g") on a phone.
 */
async function expectWholeWords(region: Locator, names: string[], path: string) {
  for (const name of names) {
    const broken = await region.getByText(name, { exact: true }).evaluate((element) => {
      const text = element.firstChild as Text;
      return Array.from(text.data.matchAll(/\S+/g))
        .filter((word) => {
          const range = document.createRange();
          range.setStart(text, word.index);
          range.setEnd(text, word.index + word[0].length);
          return range.getClientRects().length > 1;
        })
        .map((word) => word[0]);
    });
    expect(broken, `${path}: words of "${name}" split over lines`).toEqual([]);
  }
}

// Issue 20: a user with categories of their own (long names, in both languages) and budgets near
// and over their limits on them. The demo user has none of their own, and /categories grew past
// the screen as soon as there was one; the alerts squeezed long names into columns of letters.
test("phone: a new user's own categories and budget alerts fit 390 px in English and Spanish", async ({ page }, testInfo) => {
  const account = await register(page, testInfo, "Maximiliana");
  // The records come through the API: the category and budget forms have their own journeys.
  const login = await page.request.post("/api/auth/login", { data: account });
  expect(login.status()).toBe(200);
  const headers = { Authorization: `Bearer ${(await login.json()).data.accessToken}` };
  const today = new Date().toISOString().slice(0, 10);
  const names = [
    "Home maintenance, repairs and garden improvements",
    "Mantenimiento y reparaciones de la casa de campo",
    "Electrodomésticos",
  ];
  const ids: string[] = [];
  for (const [index, name] of names.entries()) {
    const category = await page.request.post("/api/categories", { headers, data: { name, type: "expense", color: "#8B5CF6", icon: "Home" } });
    expect(category.status(), await category.text()).toBe(201);
    const categoryId = (await category.json()).data.category.id as string;
    ids.push(categoryId);
    const budget = await page.request.post("/api/budgets", { headers, data: { categoryId, amount: "100", month: today.slice(0, 7) } });
    expect(budget.status(), await budget.text()).toBe(201);
    // Over, near, over: both warnings, in each language.
    const spent = ["120", "85", "100.01"][index]!;
    const expense = await page.request.post("/api/transactions", { headers, data: { description: name, date: today, categoryId, amount: spent } });
    expect(expense.status(), await expense.text()).toBe(201);
  }

  for (const language of languages) {
    await speak(page, language);
    await visit(page, testInfo, "/categories", language, "categories-own");
    await expectWholeWords(page.getByRole("region", { name: /^(Your Categories|Tus categorías)$/ }), names, "/categories");
    // The longest name's other states: its edit form in place, and the delete question under it.
    await visit(page, testInfo, `/categories?edit=${ids[0]}`, language, "categories-own-edit");
    await visit(page, testInfo, `/categories?delete=${ids[0]}`, language, "categories-own-delete");
    await visit(page, testInfo, "/dashboard", language, "dashboard-alerts");
    await expectWholeWords(page.getByRole("region", { name: /^(Budget alerts|Alertas de presupuesto)$/ }), names, "/dashboard");
  }
});

// Issue 24: schedules outside /recurring on a phone, with and without JavaScript: the dashboard's
// "Coming up" with its USD estimate, the list's "repeats" sign (a 44 px link named "Recurring" to
// the schedule), and the budget's planned figure, in both languages and (with JavaScript) both themes.
test("phone: Coming up, the repeats sign and the planned spending fit 390 px in English and Spanish", async ({ page }, testInfo) => {
  const account = await register(page, testInfo, "Rosalind");
  const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
  // The schedules come through the API: the /recurring page's forms have their own journey.
  const login = await page.request.post("/api/auth/login", { data: account });
  expect(login.status()).toBe(200);
  const headers = { Authorization: `Bearer ${(await login.json()).data.accessToken}` };
  const create = async (data: Record<string, unknown>) => {
    const res = await page.request.post("/api/recurring-transactions", { headers, data: { type: "EXPENSE", categoryId: "default-housing", frequency: "monthly", ...data } });
    expect(res.status(), await res.text()).toBe(201);
    return (await res.json()).data.recurring_transaction.id as string;
  };
  // Started three days ago: its first occurrence is posted at once (a "repeats" sign on the list).
  const rent = await create({ description: "Apartment rent", startDate: day(-3), payments: [{ currencyCode: "USD", amount: "1200.00", method: "bank_transfer" }] });
  // Due in three days, in pesos: on "Coming up" with a USD estimate.
  await create({ description: "Cleaning service", frequency: "weekly", startDate: day(3), payments: [{ currencyCode: "MXN", amount: "950.00", method: "cash" }] });
  const budget = await page.request.post("/api/budgets", { headers, data: { categoryId: "default-housing", amount: "2000", month: day(0).slice(0, 7) } });
  expect(budget.status(), await budget.text()).toBe(201);

  for (const language of languages) {
    await speak(page, language);
    await visit(page, testInfo, "/dashboard", language, "dashboard-coming-up");
    const comingUp = page.getByRole("region", { name: /^(Coming up|Próximamente)$/ });
    await expect(comingUp).toContainText("Cleaning service");
    await expect(comingUp).toContainText(language === "en" ? "estimated at today's rate" : "estimado a la tasa de hoy");
    await expectNoAxeViolations(page, testInfo);

    await visit(page, testInfo, "/expenses", language, "transactions-repeats");
    const sign = page.getByRole("link", { name: language === "en" ? "Recurring" : "Recurrente", exact: true }).first();
    await expect(sign).toHaveAttribute("href", `/recurring#recurring-${rent}`);
    await expectTapTargets(sign, "the repeats sign");
    await expectNoAxeViolations(page, testInfo);

    await visit(page, testInfo, "/budgets", language, "budgets-planned");
    await expectNoAxeViolations(page, testInfo);
  }
});

test("the header keeps the theme toggle and the user menu in view at 1,024 and 1,280 px in Spanish, with the admin link", async ({ page }, testInfo) => {
  await signIn(page, demo.admin);
  await speak(page, "es");
  for (const width of [1024, 1280]) {
    await page.setViewportSize({ width, height: 768 });
    await page.goto("/admin");
    await expect(page.locator("html")).toHaveAttribute("lang", "es");
    const header = page.getByRole("banner");
    for (const control of [header.getByRole("button", { name: /tema/ }).filter({ visible: true }), header.getByTestId("user-menu")]) {
      const box = await control.boundingBox();
      expect(box, `visible at ${width} px`).not.toBeNull();
      expect(box!.x + box!.width, `inside the ${width} px viewport`).toBeLessThanOrEqual(width);
    }
    await expectNoSidewaysScroll(page);
    // The admin link: in the bar from 1,280 px; below, in the menu, whose button is in view.
    if (width >= 1280) await expect(header.getByRole("link", { name: "Administración" }).filter({ visible: true })).toHaveCount(1);
    else await expect(header.locator("details[data-menu]:not([data-testid]) > summary")).toBeInViewport();
  }

  // The user menu and the navigation menu: each opens and closes by its button; with JavaScript,
  // opening one closes the other, and a click outside or Escape closes it.
  await page.setViewportSize({ width: 1024, height: 768 });
  const header = page.getByRole("banner");
  const userMenu = header.getByTestId("user-menu");
  const navMenu = header.locator("details[data-menu]:not([data-testid])");
  await userMenu.locator("summary").click();
  await expect(userMenu).toHaveAttribute("open", "");
  if (!jsEnabled(testInfo)) {
    await userMenu.locator("summary").click();
    await expect(userMenu).not.toHaveAttribute("open");
    return;
  }
  await navMenu.locator("summary").click();
  await expect(navMenu).toHaveAttribute("open", "");
  await expect(userMenu).not.toHaveAttribute("open");
  await page.getByRole("heading", { level: 1 }).click();
  await expect(navMenu).not.toHaveAttribute("open");
  await userMenu.locator("summary").click();
  await expect(userMenu).toHaveAttribute("open", "");
  await page.keyboard.press("Escape");
  await expect(userMenu).not.toHaveAttribute("open");
  await expect(userMenu.locator("summary")).toBeFocused();
});
