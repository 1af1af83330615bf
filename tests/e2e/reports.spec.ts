import { readFileSync } from "node:fs";
import type { Locator } from "@playwright/test";
import { readSheet } from "read-excel-file/universal";
import { demo, expect, expectNoAxeViolations, jsEnabled, screenshotBothThemes, signIn, test , expectNoSidewaysScroll } from "./support";

// Issue 13 with JavaScript on and off, on the demo user's data: walk back through the months,
// switch the three charts (each its own address), open a custom period, and the dashboard's
// charts. The server draws each chart as SVG beside its table (decision 031): with JavaScript and
// without, the chart is there.

test.use({ viewport: { width: 390, height: 844 } });

/** A chart is drawn: its SVG has marks (slices, bars or lines) that take up room on the page. */
async function expectDrawn(chart: Locator, marks: string) {
  const figure = chart.locator("[data-plot]");
  await figure.scrollIntoViewIfNeeded();
  await expect(figure.locator(marks).first()).toBeVisible();
  const box = await figure.boundingBox();
  expect(box!.width).toBeGreaterThan(150);
  expect(box!.height).toBeGreaterThan(150);
}

test("reports: months back and forth, the three charts, a custom period", async ({ page }, testInfo) => {
  await signIn(page, demo.user, "/reports");
  await expect(page.getByRole("heading", { name: "Reports", level: 1 })).toBeVisible();
  await expect(page.getByText("Next month (not yet)")).toBeAttached();
  const tiles = page.getByRole("region", { name: "The period in USD" });
  await expect(tiles.getByText("Total income")).toBeVisible();

  // Back one month and forward again.
  await page.getByRole("link", { name: /^Previous month/ }).click();
  await expect(page).toHaveURL(/\/reports\?month=\d{4}-\d{2}$/);
  await page.getByRole("link", { name: /^Next month/ }).click();
  await expect(page.getByText("Next month (not yet)")).toBeAttached();

  // The charts, each at its address, each with its table.
  const charts = page.getByRole("navigation", { name: "Choose a chart" });
  // At 390 px the tables are cards: each cell carries its column's name (data-label).
  const chartCard = page.getByRole("region", { name: /Spending by category|Income and expenses by day|Spending and balance trend/ });
  const column = (name: string) => chartCard.locator(`[data-label="${name}"]`).first();
  await expect(column("Share of total")).toHaveText(/^\d+\.\d%$/);
  // The ring is a group of links, one per slice (issue 27), named by the card's heading.
  await expect(page.getByRole("group", { name: "Spending by category" })).toBeVisible();
  await expectDrawn(page.locator('[data-chart="pie"]'), "path");
  await charts.getByRole("link", { name: "Income and expenses by day" }).click();
  await expect(page).toHaveURL(/chart=bar/);
  await expect(charts.getByRole("link", { name: "Income and expenses by day" })).toHaveAttribute("aria-current", "page");
  // A month of days at 390 px: bars wide enough to see, the chart scrolling in its own box (not the page).
  const bars = page.locator('[data-chart="bar"]');
  await expectDrawn(bars, "rect[x]");
  const barWidths = await bars.locator("[data-plot] svg rect[x]").evaluateAll((rects) => rects.map((rect) => rect.getBoundingClientRect().width));
  expect(Math.min(...barWidths)).toBeGreaterThanOrEqual(6);
  const scroller = bars.locator('[role="group"]');
  expect(await scroller.evaluate((box) => box.scrollWidth > box.clientWidth)).toBe(true);
  // Its bars link to their transactions (issue 27), so the chart is a group named by its heading.
  await expect(page.getByRole("group", { name: "Income and expenses by day" })).toBeAttached();
  await expectNoSidewaysScroll(page);
  await expectNoAxeViolations(page, testInfo);
  await charts.getByRole("link", { name: "Spending and balance trend" }).click();
  await expect(page).toHaveURL(/chart=trend/);
  await expect(column("Running balance")).toHaveText(/\$/);
  await expectDrawn(page.locator('[data-chart="trend"]'), "path");
  await expect(page.getByRole("group", { name: "Spending and balance trend" })).toBeVisible();
  await expectNoSidewaysScroll(page);
  await expectNoAxeViolations(page, testInfo);

  // A custom period: the last three months, grouped by week.
  await page.getByText("Custom period").click();
  const end = new Date().toISOString().slice(0, 10);
  const start = new Date(Date.now() - 89 * 86_400_000).toISOString().slice(0, 10);
  await page.getByLabel("From", { exact: true }).fill(start);
  await page.getByLabel("To", { exact: true }).fill(end);
  await page.getByRole("button", { name: "Show" }).click();
  await expect(page).toHaveURL(new RegExp(`from=${start}&to=${end}`));
  await expect(page.getByRole("heading", { name: "Spending and balance trend" })).toBeVisible();
  // Grouped by week: the first column's heading says so (hidden on a phone, where rows are cards).
  await expect(chartCard.locator("th", { hasText: "Week of" })).toBeAttached();
  if (jsEnabled(testInfo)) await screenshotBothThemes(page, testInfo, "reports-trend-quarter");

  // The period's CSV: a plain link, with or without JavaScript; the file names the period.
  const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: "Export CSV" }).click()]);
  expect(download.suggestedFilename()).toBe(`tallyworth-${start}_${end}.csv`);
  const csv = readFileSync((await download.path())!, "utf8");
  expect(csv.startsWith("\uFEFFdate,description,type,category,tags,currency,original_amount,exchange_rate,rate_date,rate_source,usd_amount,transaction_id\r\n")).toBe(true);
  expect(csv.split("\r\n").length).toBeGreaterThan(2);
  // Beside it the spreadsheet (decision 038), another plain link: an .xlsx that a spreadsheet reader opens.
  await expect(page.getByText("the CSV is the file to import back")).toBeVisible();
  const [sheet] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: "Spreadsheet (.xlsx)" }).click()]);
  expect(sheet.suggestedFilename()).toBe(`tallyworth-${start}_${end}.xlsx`);
  const rows = await readSheet(new Uint8Array(readFileSync((await sheet.path())!)).buffer);
  expect(rows[0]!.slice(0, 3)).toEqual(["Date", "Description", "Type"]);
  expect(rows.length).toBe(csv.split("\r\n").filter((line) => /^\d{4}-/.test(line)).length + 1);

  // A range that ends before it starts is refused beside the form.
  await page.goto(`/reports?from=${end}&to=${start}`);
  await expect(page.getByText("The end date is before the start date")).toBeVisible();
});

test("the dashboard draws this month's expenses by category and the last 7 days", async ({ page }, testInfo) => {
  await signIn(page, demo.user);
  const pie = page.getByRole("region", { name: "This month's expenses by category" });
  await expect(pie.locator('[data-label="Share of total"]').first()).toHaveText(/^\d+\.\d%$/);
  await expectDrawn(pie.locator('[data-chart="pie"]'), "path");
  await expect(pie.getByRole("group", { name: "This month's expenses by category" })).toBeVisible();
  await screenshotBothThemes(page, testInfo, "dashboard-charts");
  const week = page.getByRole("region", { name: "The last 7 days" });
  await expect(week).toBeVisible();
  await expectDrawn(week.locator('[data-chart="bar"]'), "rect[x]");
  await expect(week.getByRole("group", { name: "The last 7 days" })).toBeAttached();
});

test("each chart at phone width, in English and Spanish, light and dark, for review", async ({ page }, testInfo) => {
  await signIn(page, demo.user, "/reports");
  for (const language of ["en", "es"] as const) {
    if (language === "es") {
      await page.getByRole("button", { name: "es", exact: true }).click();
      await expect(page.locator("html")).toHaveAttribute("lang", "es");
    }
    for (const chart of ["pie", "bar", "trend"] as const) {
      await page.goto(chart === "pie" ? "/reports" : `/reports?chart=${chart}`);
      await expectDrawn(page.locator(`[data-chart="${chart}"]`), chart === "bar" ? "rect[x]" : "path");
      await screenshotBothThemes(page, testInfo, `reports-${chart}-${language}`);
    }
  }
  // Back to English for the journeys after this one.
  await page.getByRole("button", { name: "en", exact: true }).click();
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
});
