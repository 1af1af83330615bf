import type { Page } from "@playwright/test";
import { demo, expect, expectNoAxeViolations, jsEnabled, screenshotBothThemes, signIn, test , expectNoSidewaysScroll } from "./support";

// /expenses and the dashboard's money parts with the demo user's seeded transactions (four
// months of the same ten, in USD, VES, COP, MXN and EUR), JavaScript on and off. Both projects
// run against one database and this journey deletes one transaction in each, so totals are
// read from the page rather than assumed.

const showing = (page: Page) => page.getByText(/^Showing \d+ to \d+ of \d+$/).first();

async function totalShown(page: Page) {
  const text = (await showing(page).textContent()) ?? "";
  return Number(/of ([\d,]+)$/.exec(text)![1]!.replace(/,/g, ""));
}

/** The rows of the list, as their description cells. */
const descriptions = (page: Page) => page.locator("tbody tr[data-transaction-id] td:nth-child(2)");

/** Where the list's section starts, in px from the top of the screen (negative: scrolled past). */
const listTop = (page: Page) => page.getByRole("region", { name: "Transaction list" }).evaluate((list) => list.getBoundingClientRect().top);

/** Without JavaScript a filter applies with the Apply button; with it, by itself. */
async function applyFilters(page: Page, urlPart: RegExp) {
  if (!jsEnabled(test.info())) await page.getByRole("button", { name: "Apply filters" }).click();
  await expect(page).toHaveURL(urlPart);
  // The reloaded page starts with the panel closed (its badge counts the filters): open it again.
  if (!jsEnabled(test.info())) await page.getByRole("search").getByText("Filters", { exact: true }).click();
}

const thisMonthStart = () => `${new Date().toISOString().slice(0, 7)}-01`;

/**
 * scripts/seed.mjs records the same ten transactions on fixed days of each of the last three
 * months and of this month up to today: how many carry one that falls on `day`.
 */
const seeded = (day: number) => 3 + (new Date().getUTCDate() >= day ? 1 : 0);

test("transactions: filter by type and date, search, sort by amount, page, delete with confirmation; phone; Spanish", async ({
  page,
}, testInfo) => {
  // The banner's 5 s run on a clock the journey moves on, rather than being waited out.
  await page.clock.install();
  await signIn(page, demo.user);
  await page.getByRole("navigation", { name: "Main navigation" }).getByRole("link", { name: "Transactions" }).click();
  await expect(page).toHaveURL(/\/expenses$/);
  await expect(page.getByRole("heading", { name: "Transactions", level: 1 })).toBeVisible();
  await expect(page.getByRole("link", { name: "New Transaction" })).toHaveAttribute("href", "/expenses/new");
  await expect(descriptions(page)).toHaveCount(10);
  const total = await totalShown(page);
  expect(total).toBeGreaterThan(30);
  await expect(showing(page)).toHaveText(`Showing 1 to 10 of ${total}`);
  await expect(page.getByRole("columnheader", { name: /Date/ })).toHaveAttribute("aria-sort", "descending");
  // A multi-payment row and a non-USD row with its USD line.
  await expect(page.getByText("Multi (2)").first()).toBeVisible();
  await expect(page.getByText(/^-(VES|COP|MXN|€) [\d,]+\.\d\d$/).first()).toBeVisible();
  await expect(page.getByText(/^-\$ [\d,]+\.\d\d$/).first()).toBeVisible();
  await screenshotBothThemes(page, testInfo, "transactions-list");
  await expectNoAxeViolations(page, testInfo);

  // Filter by type: the demo's incomes are the salary and the website project, every month.
  const filters = page.getByRole("search", { name: "Search and filter transactions" });
  await filters.getByText("Filters", { exact: true }).click();
  await filters.getByLabel("Type").selectOption("income");
  await applyFilters(page, /type=income/);
  const incomes = seeded(1) + seeded(8); // salary on the 1st, website project on the 8th
  await expect(showing(page)).toHaveText(`Showing 1 to ${incomes} of ${incomes}`);
  await expect(descriptions(page).filter({ hasText: /^(Monthly salary|Website project)$/ })).toHaveCount(incomes);
  await expect(filters.getByText("1 active filter")).toBeAttached();
  await expect(page.getByText(/^\+\$ /).first()).toBeVisible();

  // And by date: from the first of this month.
  await filters.getByLabel("From date").fill(thisMonthStart());
  await applyFilters(page, new RegExp(`from=${thisMonthStart()}`));
  const incomesThisMonth = incomes - 6;
  await expect(showing(page)).toHaveText(`Showing 1 to ${incomesThisMonth} of ${incomesThisMonth}`);
  await expect(page).toHaveURL(/type=income/);
  await expect(filters.getByText("2 active filters")).toBeAttached();
  // axe checks the open panel with active filters in transactions-browse.spec.ts (three filters).
  await screenshotBothThemes(page, testInfo, "transactions-filtered");

  await filters.getByRole("link", { name: "Reset filters" }).click();
  await expect(page).toHaveURL(/\/expenses$/);
  await expect(showing(page)).toHaveText(`Showing 1 to 10 of ${total}`);

  // Search the descriptions.
  await filters.getByLabel("Search descriptions").fill("coffee");
  await filters.getByLabel("Search descriptions").press("Enter");
  await expect(page).toHaveURL(/q=coffee/);
  const coffees = seeded(15);
  await expect(showing(page)).toHaveText(`Showing 1 to ${coffees} of ${coffees}`);
  await expect(descriptions(page).filter({ hasText: "Coffee beans" })).toHaveCount(coffees);
  await page.goto("/expenses?q=no-such-thing");
  await expect(page.getByText("No transactions match your filters")).toBeVisible();
  await screenshotBothThemes(page, testInfo, "transactions-empty-filtered");
  await page.getByRole("main").getByRole("link", { name: "Reset filters" }).last().click();
  await expect(page).toHaveURL(/\/expenses$/);

  // Sort by amount: largest first, then a repeat click toggles to smallest first.
  await page.getByRole("columnheader", { name: /Amount/ }).getByRole("link").click();
  await expect(page).toHaveURL(/sort=amount&order=desc/);
  await expect(page.getByRole("columnheader", { name: /Amount/ })).toHaveAttribute("aria-sort", "descending");
  await expect(descriptions(page).first()).toHaveText("Monthly salary");
  await page.getByRole("columnheader", { name: /Amount/ }).getByRole("link").click();
  await expect(page).toHaveURL(/sort=amount&order=asc/);
  await expect(page.getByRole("columnheader", { name: /Amount/ })).toHaveAttribute("aria-sort", "ascending");
  await expect(descriptions(page).first()).toHaveText("Streaming");
  await expect(page.getByRole("columnheader", { name: /Date/ })).not.toHaveAttribute("aria-sort", /.+/);

  // Page through, keeping the sort.
  const pagination = page.getByRole("navigation", { name: "Pagination" });
  await pagination.getByRole("link", { name: "Next" }).click();
  await expect(page).toHaveURL(/sort=amount&order=asc&page=2/);
  await expect(showing(page)).toHaveText(`Showing 11 to 20 of ${total}`);
  await expect(pagination.getByRole("link", { name: "Page 2" })).toHaveAttribute("aria-current", "page");
  await screenshotBothThemes(page, testInfo, "transactions-page-2");
  await pagination.getByRole("link", { name: "Page 1" }).click();
  await expect(showing(page)).toHaveText(`Showing 1 to 10 of ${total}`);
  await expect(pagination.getByText("Previous")).toHaveAttribute("aria-disabled", "true");

  // Delete a pharmacy bill (the demo has one a month; no other step counts them), after confirming.
  await filters.getByLabel("Search descriptions").fill("Pharmacy");
  await filters.getByLabel("Search descriptions").press("Enter");
  await expect(page).toHaveURL(/q=Pharmacy/);
  // With JavaScript the address changes a moment before the new rows render.
  await expect(descriptions(page).filter({ hasNotText: "Pharmacy" })).toHaveCount(0);
  await expect(showing(page)).not.toHaveText(new RegExp(`of ${total}$`));
  const bills = await totalShown(page);
  await page.getByRole("link", { name: "Delete Pharmacy" }).first().click();
  const confirm = page.getByRole("alertdialog");
  await expect(confirm).toContainText("Are you sure you want to delete this transaction?");
  await screenshotBothThemes(page, testInfo, "transactions-delete-confirm");
  await expectNoAxeViolations(page, testInfo);
  // Cancel first: nothing happens.
  await confirm.getByRole("link", { name: "Cancel" }).click();
  await expect(page.getByRole("alertdialog")).toHaveCount(0);
  await expect(showing(page)).toHaveText(`Showing 1 to ${bills} of ${bills}`);
  await page.getByRole("link", { name: "Delete Pharmacy" }).first().click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Delete" }).click();
  const deleted = page.getByText("Transaction deleted successfully!");
  await expect(deleted).toBeVisible();
  // Back on the same list, filter kept.
  await expect(page).toHaveURL(/q=Pharmacy/);
  await expect(showing(page)).toHaveText(`Showing 1 to ${bills - 1} of ${bills - 1}`);
  await screenshotBothThemes(page, testInfo, "transactions-deleted");
  if (jsEnabled(testInfo)) {
    // Spec: banners clear after 5 s.
    await page.clock.fastForward(5000);
    await expect(deleted).toBeHidden();
  }
  await page.goto("/expenses");
  await expect(showing(page)).toHaveText(`Showing 1 to 10 of ${total - 1}`);

  // On a phone the rows become cards and nothing overflows sideways.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/expenses");
  await expect(descriptions(page).first()).toBeVisible();
  await expectNoSidewaysScroll(page);
  await screenshotBothThemes(page, testInfo, "transactions-phone");
  if (jsEnabled(testInfo)) {
    // Paging and sorting with JavaScript keep the scroll position, then bring the list's top into
    // view: the reader down at the pager starts again at the new page's first row.
    const pager = page.getByRole("navigation", { name: "Pagination" });
    await pager.scrollIntoViewIfNeeded();
    expect(await listTop(page), "the list's top is above the screen at the pager").toBeLessThan(0);
    await pager.getByRole("link", { name: "Next" }).click();
    await expect(page).toHaveURL(/[?&]page=2$/);
    await expect(showing(page)).toHaveText(`Showing 11 to 20 of ${total - 1}`);
    await expect.poll(async () => Math.round(await listTop(page)), { message: "the list's top after paging" }).toBe(0);

    // The sort links sit just below the list's title on a phone: with the title scrolled away,
    // sorting brings it back (and returns to page 1).
    const sortBar = page.getByText("Sort:", { exact: true }).locator("..");
    await sortBar.evaluate((bar) => bar.scrollIntoView({ block: "start", behavior: "instant" }));
    expect(await listTop(page), "the list's top is above the screen at the sort links").toBeLessThan(0);
    await sortBar.getByRole("link", { name: /^Amount/ }).click();
    await expect(page).toHaveURL(/\?sort=amount&order=desc$/);
    await expect(showing(page)).toHaveText(`Showing 1 to 10 of ${total - 1}`);
    await expect.poll(async () => Math.round(await listTop(page)), { message: "the list's top after sorting" }).toBe(0);
    await page.goto("/expenses");
  }
  await page.getByText("Filters", { exact: true }).click();
  await expectNoSidewaysScroll(page);
  await screenshotBothThemes(page, testInfo, "transactions-phone-filters");
  await page.setViewportSize({ width: 1280, height: 720 });

  // Spanish.
  await page.goto("/expenses");
  await page.getByRole("button", { name: "es", exact: true }).click();
  await expect(page.getByRole("heading", { name: "Transacciones", level: 1 })).toBeVisible();
  await expect(page.getByText(/^Mostrando 1 a 10 de \d+$/).first()).toBeVisible();
  await expect(page.getByText("Efectivo").first()).toBeVisible();
  await screenshotBothThemes(page, testInfo, "transactions-list-es");
  await expectNoAxeViolations(page, testInfo);
  await page.getByRole("button", { name: "en", exact: true }).click();
  await expect(page.getByRole("heading", { name: "Transactions", level: 1 })).toBeVisible();
});

test("dashboard: this month's income, expenses and net in USD, transactions by currency, recent transactions", async ({
  page,
}, testInfo) => {
  await signIn(page, demo.user);
  const money = page.getByRole("region", { name: "This month in USD" });
  for (const label of ["Income", "Expenses", "Net balance"]) {
    await expect(money.getByRole("heading", { name: label })).toBeVisible();
  }
  await expect(money.getByText(/^\$ [\d,]+\.\d\d$/).first()).toBeVisible();
  // From the 5th the demo month has VES groceries besides USD; then COP, MXN and EUR follow.
  if (new Date().getUTCDate() >= 5) {
    await expect(money.getByText(/^Includes .*VES$/)).toBeVisible();
    await expect(page.getByRole("region", { name: "Transactions by Currency" }).first()).toBeVisible();
  } else {
    await expect(page.getByRole("region", { name: "Transactions by Currency" })).toHaveCount(0);
  }
  const recent = page.getByRole("region", { name: "Recent Transactions" }).first();
  await expect(recent.locator("tbody tr")).toHaveCount(5);
  await expect(recent.getByRole("link", { name: "View all" })).toHaveAttribute("href", "/expenses");
  await screenshotBothThemes(page, testInfo, "dashboard-money");
  await expectNoAxeViolations(page, testInfo);

  await page.setViewportSize({ width: 390, height: 844 });
  await expectNoSidewaysScroll(page);
  await screenshotBothThemes(page, testInfo, "dashboard-money-phone");
  await page.setViewportSize({ width: 1280, height: 720 });

  await page.getByRole("button", { name: "es", exact: true }).click();
  await expect(page.getByRole("heading", { name: "Balance neto" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Transacciones recientes" })).toBeVisible();
  await screenshotBothThemes(page, testInfo, "dashboard-money-es");
  await expectNoAxeViolations(page, testInfo);
  await page.getByRole("button", { name: "en", exact: true }).click();
  // The switch back finishes before the page closes (an unfinished load is a page error).
  await expect(page.getByRole("heading", { name: "Net balance" })).toBeVisible();
});
