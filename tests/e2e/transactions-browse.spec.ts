import type { Locator, Page } from "@playwright/test";
import { demo, expect, expectNoAxeViolations, jsEnabled, screenshotBothThemes, signIn, test } from "./support";

// /expenses with the demo user's seeded transactions: paging through several pages, and the
// category, currency and tag filters, JavaScript on and off. Both projects run against one
// database and transactions-list.spec.ts deletes a pharmacy bill in each, so the overall total
// is read from the page; exact counts are only expected of filters that leave the pharmacy
// bills out.

const PAGE_SIZE = 10;

const showing = (page: Page) => page.getByText(/^Showing \d+ to \d+ of \d+$/).first();

async function totalShown(page: Page) {
  const text = (await showing(page).textContent()) ?? "";
  return Number(/of ([\d,]+)$/.exec(text)![1]!.replace(/,/g, ""));
}

const rows = (page: Page) => page.locator("tbody tr[data-transaction-id]");
/** A column of the list's rows, by position: 2 description, 3 category, 4 currency, 6 tags. */
const cells = (page: Page, column: number) => rows(page).locator(`td:nth-child(${column})`);
const descriptions = (page: Page) => cells(page, 2);

const pagination = (page: Page) => page.getByRole("navigation", { name: "Pagination" });
const filterForm = (page: Page) => page.getByRole("search", { name: "Search and filter transactions" });

/**
 * scripts/seed.mjs records the same ten transactions on fixed days of each of the last three
 * months and of this month up to today: how many carry one that falls on `day`.
 */
const seeded = (day: number) => 3 + (new Date().getUTCDate() >= day ? 1 : 0);

async function rowIds(page: Page) {
  return rows(page).evaluateAll((trs) => trs.map((tr) => tr.getAttribute("data-transaction-id") ?? ""));
}

/**
 * The list shows page `n` of `total`: the address, the 'Showing' text, the rows, the page
 * marked current, and Previous/Next as plain text (not links) at either end.
 */
async function expectPage(page: Page, n: number, total: number, urlPart = "") {
  const last = Math.ceil(total / PAGE_SIZE);
  const from = (n - 1) * PAGE_SIZE + 1;
  const to = Math.min(n * PAGE_SIZE, total);
  // Page 1 is the list's default state, so its address leaves the parameter out.
  if (n === 1) await expect(page).not.toHaveURL(/[?&]page=/);
  else await expect(page).toHaveURL(new RegExp(`[?&]page=${n}(&|$)`));
  if (urlPart) await expect(page).toHaveURL(new RegExp(urlPart));
  await expect(showing(page)).toHaveText(`Showing ${from} to ${to} of ${total}`);
  await expect(rows(page)).toHaveCount(to - from + 1);
  const nav = pagination(page);
  await expect(nav.locator('[aria-current="page"]')).toHaveCount(1);
  await expect(nav.locator('[aria-current="page"]')).toHaveAccessibleName(`Page ${n}`);
  await expect(nav.locator('[aria-current="page"]')).toHaveText(String(n));
  for (const [label, atEnd] of [
    ["Previous", n === 1],
    ["Next", n === last],
  ] as const) {
    if (atEnd) {
      await expect(nav.getByRole("link", { name: label, exact: true })).toHaveCount(0);
      await expect(nav.getByText(label, { exact: true })).toHaveAttribute("aria-disabled", "true");
    } else {
      await expect(nav.getByRole("link", { name: label, exact: true })).toBeVisible();
      await expect(nav.getByText(label, { exact: true })).not.toHaveAttribute("aria-disabled", /.*/);
    }
  }
}

/**
 * Without JavaScript a filter applies with the Apply button (a plain GET form, whose empty fields
 * the page then drops from the address); with it, by itself. Either way the address holds only what is set.
 */
async function applyFilters(page: Page, urlPart: RegExp) {
  if (!jsEnabled(test.info())) await filterForm(page).getByRole("button", { name: "Apply filters" }).click();
  await expect(page).toHaveURL(urlPart);
  // The reloaded page starts with the panel closed (its badge counts the filters): open it again.
  if (!jsEnabled(test.info())) await openFilters(page);
}

async function openFilters(page: Page) {
  const panel = filterForm(page).locator("details");
  if ((await panel.getAttribute("open")) === null) await filterForm(page).getByText("Filters", { exact: true }).click();
  await expect(filterForm(page).getByLabel("Category")).toBeVisible();
}

/** The tag filter's chips are visually hidden checkboxes behind their labels. */
const tagChip = (page: Page, name: string): Locator => filterForm(page).locator("label", { hasText: name });

/** Every cell of `column` matches `pattern`, and there are exactly `count` of them. */
async function expectEveryCell(page: Page, column: number, pattern: RegExp, count: number) {
  await expect(cells(page, column)).toHaveText(Array.from({ length: count }, () => pattern));
}

/** Signs the demo user in and opens the list; answers how many transactions it shows in all. */
async function openDemoList(page: Page) {
  await signIn(page, demo.user, "/expenses");
  await expect(rows(page).first()).toBeVisible();
  return totalShown(page);
}

test("transactions: page through with Next, a page number and Previous; ends disabled; a filter returns to page 1", async ({
  page,
}, testInfo) => {
  const total = await openDemoList(page);
  // Three months and some days of ten a month, less at most a couple of deleted pharmacy bills.
  expect(total).toBeGreaterThan(2 * PAGE_SIZE);
  const last = Math.ceil(total / PAGE_SIZE);
  await expectPage(page, 1, total);
  const seen = new Set(await rowIds(page));

  const nav = pagination(page);
  await nav.getByRole("link", { name: "Next", exact: true }).click();
  await expectPage(page, 2, total);
  for (const id of await rowIds(page)) {
    expect(seen.has(id), `row ${id} of page 2 was on an earlier page`).toBe(false);
    seen.add(id);
  }
  await screenshotBothThemes(page, testInfo, "transactions-paging-2");

  await nav.getByRole("link", { name: "Page 3", exact: true }).click();
  await expectPage(page, 3, total);
  const page3 = await rowIds(page);
  for (const id of page3) expect(seen.has(id), `row ${id} of page 3 was on an earlier page`).toBe(false);

  await nav.getByRole("link", { name: "Previous", exact: true }).click();
  await expectPage(page, 2, total);

  // The last page: Next is not a link there, and the rows are the remainder.
  await nav.getByRole("link", { name: `Page ${last}`, exact: true }).click();
  await expectPage(page, last, total);
  await screenshotBothThemes(page, testInfo, "transactions-paging-last");

  // Back to page 1 by its number: Previous is not a link there.
  await nav.getByRole("link", { name: "Page 1", exact: true }).click();
  await expectPage(page, 1, total);

  // Changing a filter on page 2 returns to page 1; paging keeps the filter.
  await nav.getByRole("link", { name: "Next", exact: true }).click();
  await expectPage(page, 2, total);
  await openFilters(page);
  await filterForm(page).getByLabel("Type").selectOption("expense");
  await applyFilters(page, /[?&]type=expense(&|$)/);
  await expect(showing(page)).not.toHaveText(new RegExp(`of ${total}$`));
  const expenses = await totalShown(page);
  // Eight of the ten seeded each month are expenses.
  expect(expenses).toBeGreaterThan(2 * PAGE_SIZE);
  await expectPage(page, 1, expenses, "type=expense");
  await expect(descriptions(page).filter({ hasText: /^(Monthly salary|Website project)$/ })).toHaveCount(0);
  await pagination(page).getByRole("link", { name: "Next", exact: true }).click();
  await expectPage(page, 2, expenses, "type=expense");
  await expect(descriptions(page).filter({ hasText: /^(Monthly salary|Website project)$/ })).toHaveCount(0);

  // And so does a search from page 2.
  await filterForm(page).getByLabel("Search descriptions").fill("Rent");
  await filterForm(page).getByLabel("Search descriptions").press("Enter");
  await expect(page).toHaveURL(/[?&]q=Rent(&|$)/);
  await expect(page).toHaveURL(/type=expense/);
  await expect(page).not.toHaveURL(/[?&]page=/);
  const rents = seeded(3);
  await expect(showing(page)).toHaveText(`Showing 1 to ${rents} of ${rents}`);
  await expect(descriptions(page)).toHaveText(Array.from({ length: rents }, () => "Rent"));
  // One page only: no pagination at all.
  await expect(pagination(page)).toHaveCount(0);

  // A page past the end (an old bookmark) shows the last page.
  await page.goto("/expenses?page=999");
  await expect(showing(page)).toHaveText(new RegExp(`^Showing ${(last - 1) * PAGE_SIZE + 1} to \\d+ of \\d+$`));
  await expect(pagination(page).locator('[aria-current="page"]')).toHaveAccessibleName(`Page ${last}`);
});

test("transactions: filter by category, currency and tag chips; every row matches; the badge counts; Reset clears", async ({
  page,
}, testInfo) => {
  const total = await openDemoList(page);
  const filters = filterForm(page);
  await expect(filters.getByText(/active filters?$/)).toHaveCount(0);
  await openFilters(page);

  // Category: the demo's Food & Dining are the groceries (5th) and the dinners out (12th).
  await filters.getByLabel("Category").selectOption({ label: "Food & Dining" });
  await applyFilters(page, /[?&]category=default-food(&|$)/);
  const food = seeded(5) + seeded(12);
  await expect(showing(page)).toHaveText(`Showing 1 to ${food} of ${food}`);
  await expectEveryCell(page, 3, /^Food & Dining$/, food);
  await expectEveryCell(page, 2, /^(Groceries|Dinner out)$/, food);
  await expect(filters.getByText("1 active filter", { exact: true })).toBeAttached();
  await expect(filters.getByLabel("Category")).toHaveValue("default-food");
  await expect(page.getByRole("heading", { name: `Matching transactions: ${food} · totals in USD` })).toBeVisible();

  // Currency on top: a transaction matches when any of its payments is in that currency, so the
  // dinners out (USD and VES) show both codes.
  await filters.getByLabel("Currency").selectOption("VES");
  await applyFilters(page, /[?&]currency=VES(&|$)/);
  await expect(page).toHaveURL(/category=default-food/);
  await expect(showing(page)).toHaveText(`Showing 1 to ${food} of ${food}`);
  await expectEveryCell(page, 4, /\bVES\b/, food);
  await expect(cells(page, 4).filter({ hasText: /^USD, VES$/ })).toHaveCount(seeded(12));
  await expect(filters.getByText("2 active filters", { exact: true })).toBeAttached();

  // Only the currency: EUR is the streaming subscription (22nd), shown in euros with its USD line.
  await filters.getByLabel("Category").selectOption("");
  await filters.getByLabel("Currency").selectOption("EUR");
  await applyFilters(page, /[?&]currency=EUR(&|$)/);
  await expect(page).not.toHaveURL(/category=[^&]/);
  const streaming = seeded(22);
  await expect(showing(page)).toHaveText(`Showing 1 to ${streaming} of ${streaming}`);
  await expectEveryCell(page, 4, /^EUR$/, streaming);
  await expectEveryCell(page, 2, /^Streaming$/, streaming);
  // The amount cell: the euro amount, then its USD line (whatever the rate).
  await expect(rows(page).locator("td:nth-child(7)")).toHaveText(
    Array.from({ length: streaming }, () => /^Expense: -€ [\d,]+\.\d\d-\$ [\d,]+\.\d\d$/),
  );
  await expect(filters.getByText("1 active filter", { exact: true })).toBeAttached();
  await screenshotBothThemes(page, testInfo, "transactions-filter-currency");

  // Tag chips: Work is on the salary (1st) and the website project (8th), every month.
  await filters.getByLabel("Currency").selectOption("");
  await tagChip(page, "Work").click();
  await expect(filters.getByRole("checkbox", { name: "Work" })).toBeChecked();
  await applyFilters(page, /[?&]tag=demo-tag-work(&|$)/);
  await expect(page).not.toHaveURL(/currency=[^&]/);
  await expect(page).not.toHaveURL(/category=[^&]/);
  const work = seeded(1) + seeded(8);
  await expect(showing(page)).toHaveText(`Showing 1 to ${work} of ${work}`);
  await expectEveryCell(page, 6, /Work/, work);
  await expectEveryCell(page, 2, /^(Monthly salary|Website project)$/, work);
  await expect(filters.getByText("1 active filter", { exact: true })).toBeAttached();

  // A second chip narrows to transactions carrying both (none here); chips count as one filter.
  await tagChip(page, "Family").click();
  await applyFilters(page, /tag=demo-tag-family/);
  await expect(page).toHaveURL(/tag=demo-tag-work/);
  await expect(page.getByText("No transactions match your filters")).toBeVisible();
  await expect(filters.getByText("1 active filter", { exact: true })).toBeAttached();

  // Family alone, with Food & Dining and VES: three filters, the groceries and dinners out.
  await tagChip(page, "Work").click();
  await expect(filters.getByRole("checkbox", { name: "Work" })).not.toBeChecked();
  await applyFilters(page, /[?&]tag=demo-tag-family(&|$)/);
  await expect(page).not.toHaveURL(/tag=demo-tag-work/);
  await expect(cells(page, 6).first()).toBeVisible();
  // Pharmacy bills also carry Family, and another journey deletes some: no exact count here.
  await expect(cells(page, 6).filter({ hasNotText: "Family" })).toHaveCount(0);
  await expect(descriptions(page).filter({ hasNotText: /^(Groceries|Dinner out|Pharmacy)$/ })).toHaveCount(0);
  await filters.getByLabel("Category").selectOption({ label: "Food & Dining" });
  await applyFilters(page, /category=default-food/);
  await expect(filters.getByText("2 active filters", { exact: true })).toBeAttached();
  await filters.getByLabel("Currency").selectOption("VES");
  await applyFilters(page, /currency=VES/);
  await expect(page).toHaveURL(/tag=demo-tag-family/);
  await expect(showing(page)).toHaveText(`Showing 1 to ${food} of ${food}`);
  await expectEveryCell(page, 6, /Family/, food);
  await expectEveryCell(page, 4, /\bVES\b/, food);
  await expectEveryCell(page, 3, /^Food & Dining$/, food);
  await expect(filters.getByText("3 active filters", { exact: true })).toBeAttached();
  await screenshotBothThemes(page, testInfo, "transactions-filter-three");
  await expectNoAxeViolations(page, testInfo);

  // The address holds only the filters in use, without JavaScript too (the page drops the form's
  // empty fields), and each is a chip in view above the panel; removing one keeps the others.
  await expect(page).not.toHaveURL(/=(&|$)/);
  const inUse = filters.getByRole("list", { name: "Filters in use" });
  await expect(inUse.getByRole("link")).toHaveText([/Category: Food & Dining/, /Currency: VES/, /Tag: Family/]);
  await inUse.getByRole("link", { name: "Remove filter: Currency: VES" }).click();
  await expect(page).not.toHaveURL(/currency=/);
  await expect(page).toHaveURL(/[?&]category=default-food&tag=demo-tag-family$/);
  await expect(filters.getByText("2 active filters", { exact: true })).toBeAttached();
  await expect(inUse.getByRole("link")).toHaveText([/Category: Food & Dining/, /Tag: Family/]);
  if (!jsEnabled(testInfo)) await openFilters(page);

  // Reset clears every filter and its field.
  await filters.getByRole("link", { name: "Reset filters" }).click();
  await expect(page).toHaveURL(/\/expenses$/);
  await expect(showing(page)).toHaveText(new RegExp(`^Showing 1 to 10 of ${total}$`));
  await expect(filters.getByText(/active filters?$/)).toHaveCount(0);
  await expect(filters.getByRole("link", { name: "Reset filters" })).toHaveCount(0);
  await openFilters(page);
  await expect(filters.getByLabel("Category")).toHaveValue("");
  await expect(filters.getByLabel("Currency")).toHaveValue("");
  await expect(filters.getByRole("checkbox", { name: "Family" })).not.toBeChecked();
  await expect(filters.getByRole("checkbox", { name: "Work" })).not.toBeChecked();
});
