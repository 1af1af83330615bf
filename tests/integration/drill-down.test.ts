import { env } from "cloudflare:test";
import { beforeAll, expect, test } from "vitest";
import { addDays, isoDay } from "~/calendar/days";
import { monthEndOf, monthStartOf } from "~/calendar/months";
import { type Browser, pageText, signedIn } from "./helpers";
import { insertBudget, insertTransaction } from "./seed-rows";

// Issue 27, "numbers lead to their transactions", through the Worker on D1 with 50,000 rows: every
// figure that links to /expenses (a dashboard pie slice and its row, a dashboard budget alert, a
// budget's spent on /budgets, a report's category row, a trend's bucket) opens a list whose total
// is that figure, to the cent, for a user paying in several currencies, some rows with no category
// and some paid in two currencies; another user's rows in the same categories count nowhere.

const ROWS = 50_000;
const today = isoDay();
const month = monthStartOf(today);

let b: Browser;
let userId: string;

/**
 * ROWS transactions over the 400 days up to today, written by SQL (a recursive CTE, so one bound
 * user id and day however many rows): income in two categories, expenses in five and with none,
 * amounts from $0.01 to $2,500.00; each paid in USD, EUR, JPY, MXN or GBP, and every one whose
 * cents end in 7 in two payments (its USD cents split between them, as stored conversions are).
 */
async function seedRows(owner: string) {
  await env.DB.prepare(
    `insert into transactions (id, user_id, type, description, search_text, date, category_id, usd_cents)
     with recursive n(i) as (select 1 union all select i + 1 from n where i < ?3)
     select 'drill-' || ?1 || '-' || i, ?1,
       case when i % 7 = 0 then 'INCOME' else 'EXPENSE' end,
       'Row ' || i, 'row ' || i,
       date(?2, '-' || (i % 400) || ' days'),
       case when i % 7 = 0 then (case when i % 2 = 0 then 'default-salary' else 'default-freelance' end)
            else (case i % 6 when 0 then null when 1 then 'default-food' when 2 then 'default-transport'
                  when 3 then 'default-housing' when 4 then 'default-shopping' else 'default-health' end) end,
       (i * 7919) % 250000 + 1
     from n`,
  )
    .bind(owner, today, ROWS)
    .run();
  const currency = `case usd_cents % 5 when 0 then 'USD' when 1 then 'EUR' when 2 then 'JPY' when 3 then 'MXN' else 'GBP' end`;
  const rate = `case usd_cents % 5 when 0 then '1' when 1 then '0.9' when 2 then '150' when 3 then '18' else '0.8' end`;
  const first = `case when usd_cents % 10 = 7 then usd_cents - usd_cents / 3 else usd_cents end`;
  await env.DB.batch([
    env.DB.prepare(
      `insert into payments (id, transaction_id, user_id, position, currency_code, amount_minor, method, rate, rate_date, rate_source, usd_cents)
       select id || '-0', id, user_id, 0, ${currency}, max(1, (${first}) * (case usd_cents % 5 when 0 then 10 when 1 then 9 when 2 then 15 when 3 then 180 else 8 end) / 10),
         'card', ${rate}, date, 'manual', ${first}
       from transactions where user_id = ?1`,
    ).bind(owner),
    env.DB.prepare(
      `insert into payments (id, transaction_id, user_id, position, currency_code, amount_minor, method, rate, rate_date, rate_source, usd_cents)
       select id || '-1', id, user_id, 1, 'EUR', max(1, (usd_cents / 3) * 9 / 10), 'cash', '0.9', date, 'manual', usd_cents / 3
       from transactions where user_id = ?1 and usd_cents % 10 = 7`,
    ).bind(owner),
  ]);
}

beforeAll(async () => {
  ({ b, userId } = await signedIn());
  await seedRows(userId);
  // Food is far over its budget this month (a dashboard alert); health is within a large one (no alert).
  await insertBudget(userId, "default-food", month);
  const health = await insertBudget(userId, "default-health", month);
  await env.DB.prepare("update budgets set amount_usd_cents = 1000000000 where id = ?").bind(health).run();
  // Another user's rows, today, in the same categories: in none of this user's figures or lists.
  const other = await signedIn();
  await insertTransaction({ userId: other.userId, categoryId: "default-food", date: today, usdCents: 777_777 });
  await insertTransaction({ userId: other.userId, categoryId: null, date: today, usdCents: 555_555 });
  await insertTransaction({ userId: other.userId, type: "INCOME", categoryId: "default-salary", date: today, usdCents: 333_333 });
}, 300_000);

const decode = (s: string) => s.replace(/&amp;/g, "&").replace(/&#x27;/g, "'").replace(/&quot;/g, '"');
const textOf = (html: string) => decode(html.replace(/<[^>]+>/g, " ")).replace(/\s+/g, " ").trim();

/** A date as the chips write it in English ("Nov 1, 2026"). */
const chipDate = (day: string) => new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric", year: "numeric", timeZone: "UTC" }).format(new Date(`${day}T00:00:00Z`));

/** "$ 1,234.56" as cents (never a float). */
function cents(money: string): bigint {
  const match = money.match(/^(-?)\$ ([\d,]+)\.(\d\d)$/);
  expect(match, `a USD amount: ${money}`).not.toBeNull();
  const value = BigInt(match![2]!.replace(/,/g, "") + match![3]);
  return match![1] ? -value : value;
}

type Drill = { href: string; text: string };

/** The links to /expenses that the page's figures carry (FigureLink): their address and words. */
function figureLinks(html: string): Drill[] {
  return [...html.matchAll(/<a ([^>]*data-figure-link=""[^>]*)>([\s\S]*?)<\/a>/g)].map((m) => ({
    href: decode(m[1]!.match(/href="([^"]+)"/)![1]!),
    text: textOf(m[2]!),
  }));
}

/** The pie's slices that are links: their address and the slice's figure (from its accessible name). */
function sliceLinks(html: string): Drill[] {
  return [...html.matchAll(/<a href="([^"]+)" aria-label="([^"]+)"/g)]
    .filter((m) => m[1]!.startsWith("/expenses?"))
    .map((m) => ({ href: decode(m[1]!), text: decode(m[2]!).match(/: (\$ [\d,.]+) \(/)![1]! }));
}

/** The drilled list's income and expense totals, as the page shows them, and how many rows match. */
async function listTotals(href: string) {
  const text = await pageText(b, href);
  const match = text.match(/Matching transactions: ([\d,]+) · totals in USD Income (\$ [\d,.]+) Expenses (\$ [\d,.]+) Net/);
  expect(match, `the filtered list's totals at ${href}`).not.toBeNull();
  return { count: Number(match![1]!.replace(/,/g, "")), income: match![2]!, expenses: match![3]! };
}

/** What the list at `href` totals for the figure's type (its address names it). */
async function drilledTotal(drill: Drill) {
  const totals = await listTotals(drill.href);
  expect(totals.count).toBeGreaterThan(0);
  return new URL(drill.href, "http://x").searchParams.get("type") === "income" ? totals.income : totals.expenses;
}

/** The user's stored USD cents for a set, summed by SQL apart from the page: the figures are right, not only equal. */
async function storedSum(where: string, ...values: unknown[]): Promise<bigint> {
  const row = await env.DB.prepare(`select coalesce(sum(usd_cents), 0) as total from transactions where user_id = ? and ${where}`)
    .bind(userId, ...values)
    .first<{ total: number }>();
  return BigInt(row!.total);
}

test(`the seed: ${ROWS.toLocaleString("en")} transactions, their payments adding up to each one's USD cents`, async () => {
  const row = await env.DB.prepare(
    `select count(*) as n, (select count(*) from payments where user_id = ?1) as p,
       (select count(*) from transactions t where t.user_id = ?1 and t.usd_cents <> (select sum(usd_cents) from payments where transaction_id = t.id)) as off
     from transactions where user_id = ?1`,
  )
    .bind(userId)
    .first<{ n: number; p: number; off: number }>();
  expect(row).toMatchObject({ n: ROWS, off: 0 });
  expect(row!.p).toBeGreaterThan(ROWS);
});

test("each slice of the dashboard's pie, and its table row, opens the list whose expenses total the slice, no category included", async () => {
  const html = await (await b.fetch("/dashboard")).text();
  const pie = html.slice(html.indexOf('id="dashboard-pie"'), html.indexOf('id="dashboard-bars"'));
  const slices = sliceLinks(pie);
  // Five categories and "No category".
  expect(slices).toHaveLength(6);
  expect(slices.map((s) => s.href)).toContain(`/expenses?type=expense&from=${month}&to=${monthEndOf(month)}&category=none`);
  // The table's rows link to the same lists, in the same order.
  expect(figureLinks(pie).map((l) => l.href)).toEqual(slices.map((s) => s.href));
  let sum = 0n;
  for (const slice of slices) {
    expect(await drilledTotal(slice), slice.href).toBe(slice.text);
    sum += cents(slice.text);
  }
  expect(sum).toBe(await storedSum("type = 'EXPENSE' and date between ? and ?", month, monthEndOf(month)));
  const none = slices.find((s) => s.href.endsWith("category=none"))!;
  expect(cents(none.text)).toBe(await storedSum("type = 'EXPENSE' and category_id is null and date between ? and ?", month, monthEndOf(month)));
}, 300_000);

test("the dashboard's last 7 days: each bar's figure in its table opens the list of that day and type, totalling it", async () => {
  const html = await (await b.fetch("/dashboard")).text();
  const bars = figureLinks(html.slice(html.indexOf('id="dashboard-bars"')));
  // Seven days, each with income and expenses.
  expect(bars).toHaveLength(14);
  expect(bars[0]!.href).toBe(`/expenses?type=income&from=${addDays(today, -6)}&to=${addDays(today, -6)}`);
  for (const bar of bars) expect(await drilledTotal(bar), bar.href).toBe(bar.text);
}, 300_000);

test("a dashboard budget alert shows what was spent and opens the list totalling it; so does each budget's spent on /budgets", async () => {
  const dashboard = await (await b.fetch("/dashboard")).text();
  const alerts = figureLinks(dashboard.slice(dashboard.indexOf('id="budget-alerts"'), dashboard.indexOf('id="dashboard-pie"')));
  expect(alerts).toHaveLength(1);
  expect(alerts[0]!.text).toMatch(/^Spent in Food & Dining: \$ [\d,.]+$/);
  const food = await storedSum("type = 'EXPENSE' and category_id = 'default-food' and date between ? and ?", month, monthEndOf(month));
  expect(alerts[0]).toEqual({ href: `/expenses?type=expense&from=${month}&to=${monthEndOf(month)}&category=default-food`, text: expect.any(String) });
  const alertFigure = alerts[0]!.text.replace(/^.*: /, "");
  expect(cents(alertFigure)).toBe(food);
  expect(await drilledTotal(alerts[0]!)).toBe(alertFigure);

  // On /budgets each card's spent, under its "Spent" label, is the link.
  const budgets = figureLinks(await (await b.fetch("/budgets")).text());
  expect(budgets.map((l) => new URL(l.href, "http://x").searchParams.get("category"))).toEqual(["default-food", "default-health"]);
  expect(budgets[0]!.text).toBe(alertFigure);
  for (const spent of budgets) expect(await drilledTotal(spent), spent.href).toBe(spent.text);
}, 300_000);

test("each category row of a report (a custom period) opens the list whose expenses total the row", async () => {
  const from = addDays(today, -120);
  const html = await (await b.fetch(`/reports?from=${from}&to=${today}`)).text();
  const rows = figureLinks(html.slice(html.indexOf('id="report-chart"')));
  expect(rows.map((r) => r.text).sort()).toEqual(["Food & Dining", "Healthcare", "Housing", "No category", "Shopping", "Transportation"]);
  // The row's figure is its slice's: the slice links to the same list.
  const slices = sliceLinks(html);
  expect(rows.map((r) => r.href)).toEqual(slices.map((s) => s.href));
  for (const slice of slices) {
    expect(slice.href).toContain(`from=${from}&to=${today}`);
    expect(await drilledTotal(slice), slice.href).toBe(slice.text);
  }
}, 300_000);

test("each bucket of a report's trend opens the list of its days and type, totalling its figure: weeks clipped to the period, and months", async () => {
  const from = addDays(today, -120);
  const weekly = figureLinks((await (await b.fetch(`/reports?from=${from}&to=${today}&chart=bar`)).text()).split('id="report-chart"')[1]!);
  // Income and expenses for each of the 18 or 19 weeks the 121 days touch.
  expect(weekly.length).toBeGreaterThanOrEqual(36);
  // The first week starts on the period's first day, whatever weekday that is.
  expect(weekly[0]!.href).toMatch(new RegExp(`^/expenses\\?type=income&from=${from}&to=`));
  for (const bucket of weekly) expect(await drilledTotal(bucket), bucket.href).toBe(bucket.text);

  const yearFrom = addDays(today, -399);
  const monthly = figureLinks((await (await b.fetch(`/reports?from=${yearFrom}&to=${today}&chart=trend`)).text()).split('id="report-chart"')[1]!);
  // The expenses of each month the 400 days touch (the balance is no set of transactions).
  expect(monthly.length).toBeGreaterThanOrEqual(14);
  for (const bucket of monthly) {
    expect(bucket.href).toContain("type=expense");
    expect(await drilledTotal(bucket), bucket.href).toBe(bucket.text);
  }
}, 600_000);

test("the list's presets are links from the user's today, the current one marked; a drilled list shows its filters as removable chips, in English and Spanish", async () => {
  const lastMonth = monthStartOf(addDays(month, -1));
  const html = await (await b.fetch(`/expenses?type=expense&from=${month}&to=${monthEndOf(month)}&category=none`)).text();
  const presets = [...html.matchAll(/<a [^>]*href="([^"]+)"[^>]*>(This month|Last month|Year to date|Last 90 days)<\/a>/g)].map((m) => [m[2], decode(m[1]!), /aria-current="true"/.test(m[0])]);
  // The other filters are kept; the current month's preset is the list's dates.
  expect(presets).toEqual([
    ["This month", `/expenses?type=expense&from=${month}&to=${monthEndOf(month)}&category=none`, true],
    ["Last month", `/expenses?type=expense&from=${lastMonth}&to=${monthEndOf(lastMonth)}&category=none`, false],
    ["Year to date", `/expenses?type=expense&from=${today.slice(0, 4)}-01-01&to=${today}&category=none`, false],
    ["Last 90 days", `/expenses?type=expense&from=${addDays(today, -89)}&to=${today}&category=none`, false],
  ]);
  const list = html.slice(html.indexOf('aria-label="Filters in use"'), html.indexOf("</ul>", html.indexOf('aria-label="Filters in use"')));
  const chips = [...list.matchAll(/<a [^>]*href="([^"]+)"[^>]*>([\s\S]*?)<\/a>/g)].map((m) => [textOf(m[2]!.replace(/<!-- -->/g, "")), decode(m[1]!)]);
  // Each chip is a link to the same list without it.
  expect(chips).toEqual([
    ["Remove filter: Type: Expense ✕", `/expenses?from=${month}&to=${monthEndOf(month)}&category=none`],
    [`Remove filter: From date: ${chipDate(month)} ✕`, `/expenses?type=expense&to=${monthEndOf(month)}&category=none`],
    [`Remove filter: To date: ${chipDate(monthEndOf(month))} ✕`, `/expenses?type=expense&from=${month}&category=none`],
    ["Remove filter: Category: No category ✕", `/expenses?type=expense&from=${month}&to=${monthEndOf(month)}`],
  ]);
  // The category select offers "no category" too, chosen here, so the form without JavaScript keeps it.
  expect(html).toMatch(/<option value="none" selected="">No category<\/option>/);

  const spanish = await signedIn("es");
  const text = await pageText(spanish.b, "/expenses?category=none");
  expect(text).toContain("Fechas rápidas Este mes Mes pasado En lo que va del año Últimos 90 días");
  expect(text).toMatch(/Quitar filtro ?: Categoría ?: ?Sin categoría/);
});
