import { expect, test } from "vitest";
import { browser, pageText, signedIn, withTableAway } from "./helpers";
import { insertTransaction } from "./seed-rows";
import { allowConsoleError } from "../setup/console-errors";

// /reports and the dashboard's charts through the Worker on D1: every figure from stored cents,
// each chart beside the table of its figures, periods by links and a GET form (no JavaScript).


/** October 2026: income in USD and COP, expenses in three categories, one paid in two currencies. */
async function october(userId: string) {
  await insertTransaction({ userId, type: "INCOME", categoryId: "default-salary", date: "2026-10-01", usdCents: 300_000, description: "Salary" });
  await insertTransaction({ userId, type: "INCOME", categoryId: "default-freelance", date: "2026-10-02", payments: [{ currencyCode: "COP", amountMinor: 387_125_000, usdCents: 100_000 }] });
  await insertTransaction({ userId, categoryId: "default-food", date: "2026-10-03", payments: [{ currencyCode: "COP", amountMinor: 7_742_500, usdCents: 2000 }, { currencyCode: "EUR", amountMinor: 1_050, usdCents: 1213 }] });
  await insertTransaction({ userId, categoryId: "default-food", date: "2026-10-20", usdCents: 3787 });
  await insertTransaction({ userId, categoryId: "default-transport", date: "2026-10-20", usdCents: 10_000 });
  await insertTransaction({ userId, categoryId: "default-housing", date: "2026-10-31", usdCents: 120_000 });
}

test("a guest asking for /reports is sent to sign in", async () => {
  const res = await browser().fetch("/reports?month=2026-10");
  expect(res.status).toBe(302);
  expect(res.headers.get("Location")).toBe("/auth/login?redirectTo=%2Freports%3Fmonth%3D2026-10");
});

test("a month's report: USD tiles, each currency in its units, categories with shares adding to 100 %, never another user's rows", async () => {
  const { b, userId } = await signedIn();
  await october(userId);
  const other = await signedIn();
  await insertTransaction({ userId: other.userId, categoryId: "default-food", date: "2026-10-05", usdCents: 777_777, description: "Not yours" });
  const text = await pageText(b, "/reports?month=2026-10");
  expect(text).toContain("October 2026");
  // 3,000.00 + 1,000.00 in; 20.00 + 12.13 + 37.87 + 100.00 + 1,200.00 = 1,370.00 out.
  expect(text).toContain("Total income $ 4,000.00 Total expenses $ 1,370.00 Net balance $ 2,630.00 Currencies used 3");
  expect(text).toContain("COP COP 3,871,250.00 $ 1,000.00 COP 77,425.00 $ 20.00 COP 3,793,825.00 $ 980.00");
  expect(text).toContain("EUR € 0.00 $ 0.00 € 10.50 $ 12.13 -€ 10.50 -$ 12.13");
  // Housing 1,200.00 of 1,370.00 = 87.591…%, Transportation 7.299…%, Food 70.00 = 5.109…%: 87.6 + 7.3 + 5.1 = 100.0.
  expect(text).toContain("Housing $ 1,200.00 87.6% Transportation $ 100.00 7.3% Food & Dining $ 70.00 5.1%");
  expect(text).not.toContain("7,777.77");
  expect(text).not.toContain("Not yours");
});

test("each chart has its own address and its table; the trend carries the running balance", async () => {
  const { b, userId } = await signedIn();
  await october(userId);
  const html = await (await b.fetch("/reports?month=2026-10")).text();
  expect(html).toContain('href="/reports?month=2026-10&amp;chart=bar"');
  expect(html).toContain('href="/reports?month=2026-10&amp;chart=trend"');
  expect(html).toContain('data-chart="pie"');
  const bars = await pageText(b, "/reports?month=2026-10&chart=bar");
  expect(bars).toContain("Income and expenses by day");
  expect(bars).toContain("Oct 1, 2026 $ 3,000.00 $ 0.00 Oct 2, 2026 $ 1,000.00 $ 0.00 Oct 3, 2026 $ 0.00 $ 32.13 Oct 20, 2026 $ 0.00 $ 137.87 Oct 31, 2026 $ 0.00 $ 1,200.00");
  const trend = await pageText(b, "/reports?month=2026-10&chart=trend");
  expect(trend).toContain("Oct 20, 2026 $ 137.87 $ 3,830.00 Oct 31, 2026 $ 1,200.00 $ 2,630.00");
});

/** A chart's markup: from its data-chart box to the table that follows it. */
function chartIn(html: string, kind: "pie" | "bar" | "trend") {
  const start = html.indexOf(`data-chart="${kind}"`);
  expect(start, `a ${kind} chart in the page`).toBeGreaterThan(-1);
  return html.slice(start, html.indexOf("<table", start));
}

test("without JavaScript each chart is in the page as SVG, named by its card's heading, drawn from the table's figures", async () => {
  const { b, userId } = await signedIn();
  await october(userId);
  const pieHtml = await (await b.fetch("/reports?month=2026-10")).text();
  expect(pieHtml).toMatch(/<h2 id="report-chart"[^>]*>Spending by category<\/h2>/);
  const pie = chartIn(pieHtml, "pie");
  // Its slices are links (issue 27), so the ring is a group of them, named by the same heading.
  expect(pie).toMatch(/<svg role="group" aria-labelledby="report-chart"/);
  // One slice per category, largest first, each with its figures for a pointer.
  expect([...pie.matchAll(/<title>([^<]*)<\/title>/g)].map((m) => m[1])).toEqual(["Housing: $ 1,200.00 (87.6%)", "Transportation: $ 100.00 (7.3%)", "Food &amp; Dining: $ 70.00 (5.1%)"]);
  expect(pie.match(/<path /g)).toHaveLength(3);

  const barHtml = await (await b.fetch("/reports?month=2026-10&chart=bar")).text();
  expect(barHtml).toMatch(/<h2 id="report-chart"[^>]*>Income and expenses by day<\/h2>/);
  const bars = chartIn(barHtml, "bar");
  // Its bars link to their transactions (issue 27): a month scrolls sideways in a box, the group named by the heading.
  expect(bars).toMatch(/role="group" aria-labelledby="report-chart"/);
  expect(bars.match(/aria-labelledby="report-chart"/g)).toHaveLength(1);
  // 31 days, 5 with something: 5 bars and nothing for the empty days (no stubs).
  expect([...bars.matchAll(/<title>([^<]*)<\/title>/g)].map((m) => m[1])).toEqual([
    "Oct 1, 2026: Income $ 3,000.00",
    "Oct 2, 2026: Income $ 1,000.00",
    "Oct 3, 2026: Expenses $ 32.13",
    "Oct 20, 2026: Expenses $ 137.87",
    "Oct 31, 2026: Expenses $ 1,200.00",
  ]);
  expect(bars).toContain("Income</li>");
  expect(bars).toContain("Expenses</li>");

  const trendHtml = await (await b.fetch("/reports?month=2026-10&chart=trend")).text();
  const trend = chartIn(trendHtml, "trend");
  expect(trend).toMatch(/role="group" aria-labelledby="report-chart"/);
  // Stepped lines: straight moves only, no curves.
  const paths = [...trend.matchAll(/<path d="([^"]*)"/g)].map((m) => m[1]!);
  expect(paths).toHaveLength(2);
  for (const d of paths) expect(d).toMatch(/^M[\d. -]+(?:[HV][\d.-]+)+$/);
  expect(trend).toContain("Oct 31, 2026: Running balance $ 2,630.00");
  expect(trend).toContain("Running balance</li>");
});

test("next stops at this month; a custom period groups by week; a bad range says why and shows this month", async () => {
  const { b, userId } = await signedIn();
  await october(userId);
  const now = new Date().toISOString().slice(0, 7);
  const html = await (await b.fetch(`/reports?month=${now}`)).text();
  expect(html).toMatch(/<span aria-disabled="true"[^>]*>.*Next month \(not yet\)/s);
  expect(await pageText(b, "/reports?month=2099-01")).toContain("Next month (not yet)");
  const quarter = await pageText(b, "/reports?from=2026-08-01&to=2026-10-31&chart=bar");
  expect(quarter).toContain("Aug 1, 2026 – Oct 31, 2026");
  expect(quarter).toContain("Income and expenses by week");
  // Monday 28 September to Sunday 4 October.
  expect(quarter).toContain("Sep 28, 2026 $ 4,000.00 $ 32.13");
  const refused = await pageText(b, "/reports?from=2026-10-31&to=2026-10-01");
  expect(refused).toContain("The end date is before the start date");
  expect(await pageText(b, "/reports?from=2020-01-01&to=2026-10-01")).toContain("A period can span at most five years");
});

test("an empty period says so instead of drawing empty charts, and offers no export but says why; a period with rows has the Export link, naming it", async () => {
  const { b, userId } = await signedIn();
  const html = await (await b.fetch("/reports?month=2026-10")).text();
  expect(html).toContain("No transactions in this period");
  expect(html).not.toContain("data-chart");
  expect(html).not.toContain("/reports/export");
  expect(html).not.toContain("Export CSV");
  expect(html).toContain("Nothing to export in this period");
  await insertTransaction({ userId, categoryId: "default-food", date: "2026-10-20", usdCents: 3787 });
  const filled = await (await b.fetch("/reports?month=2026-10")).text();
  expect(filled).toContain('href="/reports/export?from=2026-10-01&amp;to=2026-10-31"');
  expect(filled).not.toContain("Nothing to export in this period");
});

test("the dashboard's charts: empty states, then this month's categories and the last 7 days with their tables", async () => {
  const { b, userId } = await signedIn();
  let text = await pageText(b, "/dashboard");
  expect(text).toContain("No expenses this month yet.");
  expect(text).toContain("No income or expenses in the last 7 days.");
  const today = new Date().toISOString().slice(0, 10);
  await insertTransaction({ userId, categoryId: "default-food", date: today, usdCents: 2500 });
  await insertTransaction({ userId, type: "INCOME", categoryId: "default-salary", date: today, usdCents: 10_000 });
  text = await pageText(b, "/dashboard");
  expect(text).toContain("This month's expenses by category");
  expect(text).toContain("Food & Dining $ 25.00 100.0%");
  expect(text).toContain("$ 100.00 $ 25.00");
  // Both charts are drawn by the server, each named by its card's heading.
  const html = await (await b.fetch("/dashboard")).text();
  expect(chartIn(html, "pie")).toMatch(/<svg role="group" aria-labelledby="dashboard-pie"[\s\S]*<path /);
  expect(chartIn(html, "bar")).toMatch(/role="group" aria-labelledby="dashboard-bars"[\s\S]*<rect x=/);
});

test("when the database fails the page says 'Failed to load report data'", async () => {
  allowConsoleError(/^Unexpected Server Error$/);
  const { b } = await signedIn();
  const res = await withTableAway("payments", () => b.fetch("/reports?month=2026-10"));
  expect(res.status).toBe(500);
  expect(await res.text()).toContain("Failed to load report data");
});
