import { env } from "cloudflare:test";
import { expect, test } from "vitest";
import { browser, type Browser, signedIn, withTableAway } from "./helpers";
import { tags, categories } from "~/platform/db/schema";
import { insertTransaction, testDb } from "./seed-rows";
import { addRows, categoryRow, tagRow, type TransactionSeed } from "../setup/rows";
import { allowConsoleError } from "../setup/console-errors";

// /expenses through the Worker: the URL is the whole state (filters, search, sort, page), the
// totals cover every matching row, and delete is a confirmed POST that answers 404 for
// anything that is not the user's.

async function tag(userId: string, name: string, color = "#3B82F6") {
  const row = tagRow(userId, name, { color });
  await addRows(testDb(), tags, [row]);
  return row.id!;
}

async function page(b: Browser, search = "") {
  const res = await b.fetch(`/expenses${search}`);
  expect(res.status).toBe(200);
  return res.text();
}

/** The ids of the listed rows, in order. */
const rowIds = (html: string) => [...html.matchAll(/data-transaction-id="([^"]+)"/g)].map((m) => m[1]);

/** One row's HTML, from its <tr> to the next row or the end of the table. */
function rowHtml(html: string, id: string) {
  const start = html.indexOf(`data-transaction-id="${id}"`);
  expect(start).toBeGreaterThan(-1);
  const next = html.indexOf("data-transaction-id=", start + 20);
  return html.slice(start, next === -1 ? html.indexOf("</tbody>", start) : next);
}

const text = (html: string) => html.replace(/<!-- -->/g, "").replace(/&amp;/g, "&").replace(/&#x27;/g, "'");

async function many(userId: string, count: number, row: Partial<TransactionSeed> = {}) {
  const ids: string[] = [];
  for (let i = 0; i < count; i++) {
    const day = String((i % 28) + 1).padStart(2, "0");
    ids.push(await insertTransaction({ userId, description: `Item ${i + 1}`, date: `2026-10-${day}`, usdCents: 100 * (i + 1), ...row }));
  }
  return ids;
}

test("a guest asking for /expenses is sent to sign in and brought back", async () => {
  const res = await browser().fetch("/expenses");
  expect(res.status).toBe(302);
  expect(res.headers.get("Location")).toBe("/auth/login?redirectTo=%2Fexpenses");
});

test("with no transactions the page shows its title, buttons, zero totals and the get-started empty state", async () => {
  const { b } = await signedIn();
  const html = text(await page(b));
  expect(html).toContain("<title>Transactions</title>");
  expect(html).toMatch(/<h1[^>]*>Transactions<\/h1>/);
  expect(html).toContain('href="/expenses/new"');
  expect(html).toContain("New Transaction");
  expect(html).toContain("Refresh");
  expect(html).toContain("No transactions yet");
  expect(html).toContain("Add your first transaction");
  expect(html).not.toContain("No transactions match your filters");
  expect(html.match(/\$ 0\.00/g)?.length).toBe(3);
  expect(rowIds(html)).toEqual([]);
  expect(html).not.toContain('aria-label="Pagination"');
});

test("a row shows date, description, category, currency, method, tags and the signed amount; non-USD has a USD line", async () => {
  const { b, userId } = await signedIn();
  const work = await tag(userId, "Work");
  const salary = await insertTransaction({
    userId,
    type: "INCOME",
    description: "Salary",
    date: "2026-11-02",
    categoryId: "default-salary",
    payments: [{ currencyCode: "USD", amountMinor: 420000, usdCents: 420000, method: "bank_transfer" }],
    tagIds: [work],
  });
  const coffee = await insertTransaction({
    userId,
    description: "Café & croissant",
    date: "2026-11-05",
    categoryId: "default-food",
    payments: [{ currencyCode: "EUR", amountMinor: 123456, usdCents: 143353, rate: "0.8612", method: "credit_card" }],
  });
  const bare = await insertTransaction({ userId, description: "Uncategorised thing", date: "2026-11-01", usdCents: 99 });
  const html = text(await page(b));
  expect(rowIds(html)).toEqual([coffee, salary, bare]);

  const s = text(rowHtml(html, salary));
  expect(s).toContain('dateTime="2026-11-02"');
  expect(s).toContain("Nov 2, 2026");
  expect(s).toContain("Salary");
  expect(s).toContain("Bank Transfer");
  expect(s).toContain("Work");
  expect(s).toContain("+$ 4,200.00");
  expect(s).toContain("text-green-700");
  expect(s).not.toContain(" USD</span>");
  expect(s).toContain(`href="/expenses/edit/${salary}"`);
  expect(s).toContain(`href="/expenses?delete=${salary}#confirm"`);

  const c = text(rowHtml(html, coffee));
  expect(c).toContain("Café & croissant");
  expect(c).toContain("Food & Dining");
  expect(c).toContain(">EUR<");
  expect(c).toContain("Credit Card");
  expect(c).toContain("-€ 1,234.56");
  expect(c).toContain(">-$ 1,433.53<");
  expect(c).not.toContain(" USD<");
  expect(c).toContain("text-red-700");

  const u = text(rowHtml(html, bare));
  expect(u).toContain("Uncategorized");
  expect(u).toContain("Cash");
  expect(u).toContain("-$ 0.99");
});

test("several payments read 'Multi (n)' once, for the method; zero-decimal currencies keep their decimals", async () => {
  const { b, userId } = await signedIn();
  const dinner = await insertTransaction({
    userId,
    description: "Dinner out",
    categoryId: "default-food",
    payments: [
      { currencyCode: "USD", amountMinor: 2000, usdCents: 2000, method: "cash" },
      { currencyCode: "VES", amountMinor: 462095, usdCents: 2000, rate: "231.0475", method: "digital_wallet" },
      { currencyCode: "JPY", amountMinor: 1000, usdCents: 654, rate: "152.84", method: "credit_card" },
    ],
  });
  const sushi = await insertTransaction({
    userId,
    description: "Sushi",
    date: "2026-11-01",
    payments: [{ currencyCode: "JPY", amountMinor: 1500, usdCents: 981, rate: "152.84" }],
  });
  const html = text(await page(b));
  const d = text(rowHtml(html, dinner));
  expect(d.match(/Multi \(3\)/g)?.length).toBe(1);
  expect(d).toContain("USD, VES, JPY");
  expect(d).toContain("-$ 46.54");
  expect(text(rowHtml(html, sushi))).toContain("-¥ 1,500<");
  expect(text(rowHtml(html, sushi))).toContain(">-$ 9.81<");
});

test("a multi-currency row shows its parts per currency beside the USD total, on the list and the dashboard, in en and es", async () => {
  for (const language of [undefined, "es"] as const) {
    const { b, userId } = await signedIn(language);
    // $300 + €100 + $20: the row showed only "Multi (3)" and the USD total before issue 23.
    const split = await insertTransaction({
      userId,
      description: "Split trip",
      date: new Date().toISOString().slice(0, 10),
      payments: [
        { currencyCode: "USD", amountMinor: 30000, usdCents: 30000 },
        { currencyCode: "EUR", amountMinor: 10000, usdCents: 11612, rate: "0.8612" },
        { currencyCode: "USD", amountMinor: 2000, usdCents: 2000 },
      ],
    });
    const plain = (html: string) => text(html).replace(/<[^>]+>/g, "").replace(/\u00a0/g, " ");
    const row = plain(rowHtml(await page(b), split));
    const dashboard = plain(await (await b.fetch("/dashboard")).text());
    if (language === "es") {
      expect(row).toContain("-US$ 436,12Por moneda: US$ 320,00 + € 100,00");
      expect(dashboard).toContain("Por moneda: US$ 320,00 + € 100,00");
    } else {
      expect(row).toContain("-$ 436.12By currency: $ 320.00 + € 100.00");
      expect(dashboard).toContain("By currency: $ 320.00 + € 100.00");
    }
  }
});

test("tags: the first two, then '+n more'", async () => {
  const { b, userId } = await signedIn();
  const ids = [await tag(userId, "Alpha"), await tag(userId, "Bravo"), await tag(userId, "Charlie"), await tag(userId, "Delta")];
  const four = await insertTransaction({ userId, description: "Four tags", tagIds: ids });
  const two = await insertTransaction({ userId, description: "Two tags", tagIds: ids.slice(0, 2), date: "2026-11-01" });
  const html = text(await page(b));
  const f = text(rowHtml(html, four));
  expect(f).toContain("Alpha");
  expect(f).toContain("Bravo");
  expect(f).not.toContain("Charlie");
  expect(f).toContain("+2 more");
  expect(text(rowHtml(html, two))).not.toContain("more");
});

test("each filter narrows the list, the totals follow, and the badge counts the active filters", async () => {
  const { b, userId } = await signedIn();
  const trip = await tag(userId, "Trip");
  const family = await tag(userId, "Family");
  const salary = await insertTransaction({ userId, type: "INCOME", description: "Salary", date: "2026-10-01", categoryId: "default-salary", usdCents: 500000 });
  const rent = await insertTransaction({ userId, description: "Rent", date: "2026-10-03", categoryId: "default-housing", usdCents: 95000, tagIds: [family] });
  const hotel = await insertTransaction({
    userId,
    description: "Hotel",
    date: "2026-11-10",
    categoryId: "default-travel",
    payments: [{ currencyCode: "EUR", amountMinor: 20000, usdCents: 23223, rate: "0.8612" }],
    tagIds: [trip, family],
  });
  const taxi = await insertTransaction({
    userId,
    description: "Taxi",
    date: "2026-11-12",
    categoryId: "default-transport",
    payments: [
      { currencyCode: "USD", amountMinor: 1000, usdCents: 1000 },
      { currencyCode: "COP", amountMinor: 3871250, usdCents: 1000, rate: "3871.25" },
    ],
    tagIds: [trip],
  });

  const ids = async (search: string) => rowIds(await page(b, search));
  expect(await ids("")).toEqual([taxi, hotel, rent, salary]);
  expect(await ids("?type=income")).toEqual([salary]);
  expect(await ids("?type=EXPENSE")).toEqual([taxi, hotel, rent]);
  expect(await ids("?from=2026-10-03")).toEqual([taxi, hotel, rent]);
  expect(await ids("?to=2026-10-03")).toEqual([rent, salary]);
  expect(await ids("?from=2026-10-02&to=2026-11-10")).toEqual([hotel, rent]);
  expect(await ids("?category=default-travel")).toEqual([hotel]);
  // A payment in the currency is enough: the Taxi's second payment is in COP.
  expect(await ids("?currency=COP")).toEqual([taxi]);
  expect(await ids("?currency=eur")).toEqual([hotel]);
  expect(await ids("?currency=USD")).toEqual([taxi, rent, salary]);
  // Several tags: transactions carrying every one of them.
  expect(await ids(`?tag=${trip}`)).toEqual([taxi, hotel]);
  expect(await ids(`?tag=${family}`)).toEqual([hotel, rent]);
  expect(await ids(`?tag=${trip}&tag=${family}`)).toEqual([hotel]);
  expect(await ids(`?type=expense&tag=${trip}&from=2026-11-11`)).toEqual([taxi]);

  const filtered = text(await page(b, `?type=expense&from=2026-10-02&tag=${trip}&tag=${family}`));
  expect(filtered).toContain("3 active filters");
  // Closed even with filters active, so a phone shows the first transactions first; the badge says how many.
  expect(filtered).not.toMatch(/<details[^>]*\sopen[\s=>]/);
  expect(filtered).toContain("Matching transactions: 1 · totals in USD");
  expect(filtered).toMatch(/selected[^>]*>Expense<|value="expense" selected/);
  expect(filtered).toMatch(new RegExp(`value="${trip}"[^>]*checked|checked[^>]*value="${trip}"`));
  expect(filtered).toContain("Reset filters");
  expect(filtered).toContain('href="/expenses"');
  const unfiltered = text(await page(b));
  expect(unfiltered).not.toContain("active filter");
  expect(unfiltered).not.toMatch(/<details[^>]*\sopen[\s=>]/);
  expect(unfiltered).toContain("Totals in USD");
});

test("without JavaScript the filter form's empty fields are dropped: the page answers with the clean address", async () => {
  const { b } = await signedIn();
  const res = await b.fetch("/expenses?q=&type=expense&from=&to=&category=&currency=&sort=amount&order=asc");
  expect(res.status).toBe(302);
  expect(res.headers.get("Location")).toBe("/expenses?type=expense&sort=amount&order=asc");
  const none = await b.fetch("/expenses?q=+&type=&from=&to=&category=&currency=");
  expect(none.headers.get("Location")).toBe("/expenses");
  expect((await b.fetch("/expenses?type=expense")).status).toBe(200);
});

test("the filters in use show as chips in view beside the closed panel, each a link to the list without it, in English and Spanish", async () => {
  const { b, userId } = await signedIn();
  const trip = await tag(userId, "Trip");
  const family = await tag(userId, "Family");
  await insertTransaction({ userId, description: "Hotel", date: "2026-11-10", categoryId: "default-travel", usdCents: 23223, tagIds: [trip, family] });
  const search = `?q=hotel&type=expense&from=2026-10-02&category=default-travel&currency=USD&tag=${trip}&tag=${family}&sort=amount&order=asc`;
  const chips = (html: string, label = "Filters in use") => {
    const start = html.indexOf(`<ul aria-label="${label}"`);
    const list = html.slice(start, html.indexOf("</ul>", start));
    return [...list.matchAll(/<a [^>]*href="([^"]+)"[^>]*>([\s\S]*?)<\/a>/g)].map(
      (m) => `${m[2]!.replace(/<[^>]+>/g, "").replace(/&amp;/g, "&")} → ${m[1]!.replace(/&amp;/g, "&")}`,
    );
  };
  const html = text(await page(b, search));
  expect(html).toContain('<ul aria-label="Filters in use"');
  // Outside the panel (after its </details>), so in view while it is closed.
  expect(html.indexOf('<ul aria-label="Filters in use"')).toBeGreaterThan(html.indexOf("</details>", html.indexOf('role="search"')));
  const rest = "&sort=amount&order=asc";
  expect(chips(html)).toEqual([
    `Remove filter: Search: “hotel”✕ → /expenses?type=expense&from=2026-10-02&category=default-travel&currency=USD&tag=${trip}&tag=${family}${rest}`,
    `Remove filter: Type: Expense✕ → /expenses?q=hotel&from=2026-10-02&category=default-travel&currency=USD&tag=${trip}&tag=${family}${rest}`,
    // The date as the page writes dates (its style is the locale's, tested with the dates).
    expect.stringMatching(new RegExp(`^Remove filter: From date: [^✕]*2026✕ → /expenses\\?q=hotel&type=expense&category=default-travel&currency=USD&tag=${trip}&tag=${family}${rest}$`)),
    `Remove filter: Category: Travel✕ → /expenses?q=hotel&type=expense&from=2026-10-02&currency=USD&tag=${trip}&tag=${family}${rest}`,
    `Remove filter: Currency: USD✕ → /expenses?q=hotel&type=expense&from=2026-10-02&category=default-travel&tag=${trip}&tag=${family}${rest}`,
    `Remove filter: Tag: Trip✕ → /expenses?q=hotel&type=expense&from=2026-10-02&category=default-travel&currency=USD&tag=${family}${rest}`,
    `Remove filter: Tag: Family✕ → /expenses?q=hotel&type=expense&from=2026-10-02&category=default-travel&currency=USD&tag=${trip}${rest}`,
  ]);
  expect(text(await page(b))).not.toContain("Filters in use");
  await b.fetch("/resources/language", { form: { lng: "es", redirectTo: "/expenses" } });
  const es = chips(text(await page(b, `?type=income&tag=${trip}`)), "Filtros en uso");
  expect(es.map((c) => c.split(" → ")[0])).toEqual(["Quitar filtro: Tipo: Ingreso✕", "Quitar filtro: Etiqueta: Trip✕"]);
});

test("the filter panel offers the user's categories and the defaults, the active currencies and the user's tags only", async () => {
  const { b, userId } = await signedIn();
  const other = await signedIn();
  await tag(userId, "Mine");
  await tag(other.userId, "Theirs");
  await addRows(testDb(), categories, [
    categoryRow(other.userId, "Secret stash", { id: `cat-${other.userId}` }),
    categoryRow(userId, "Pets", { id: `cat-${userId}` }),
  ]);
  const html = text(await page(b));
  expect(html).toContain(">Pets<");
  expect(html).toContain(">Food & Dining<");
  expect(html).toContain(">Salary<");
  expect(html).not.toContain("Secret stash");
  expect(html).toContain(">Mine<");
  expect(html).not.toContain("Theirs");
  for (const code of ["USD", "EUR", "VES", "COP", "MXN", "GBP", "JPY", "CAD", "AUD"]) expect(html).toContain(`value="${code}"`);
  expect(html).toContain('name="tag"');
  expect(html).toContain('method="get"');
  // The GET form never carries the page: any filter change returns to page 1.
  expect(html).not.toMatch(/name="page"/);
});

test("the search matches words in the description, case-insensitively and literally", async () => {
  const { b, userId } = await signedIn();
  const coffee = await insertTransaction({ userId, description: "Coffee beans", date: "2026-11-03" });
  const latte = await insertTransaction({ userId, description: "Latte at the coffee shop", date: "2026-11-02" });
  const percent = await insertTransaction({ userId, description: "Tip 100% generous", date: "2026-11-01" });
  await insertTransaction({ userId, description: "Rent", date: "2026-11-04" });
  expect(rowIds(await page(b, "?q=COFFEE"))).toEqual([coffee, latte]);
  expect(rowIds(await page(b, "?q=%20beans%20"))).toEqual([coffee]);
  expect(rowIds(await page(b, "?q=100%25"))).toEqual([percent]);
  expect(rowIds(await page(b, "?q=%25"))).toEqual([percent]);
  expect(rowIds(await page(b, "?q=_"))).toEqual([]);
  const none = text(await page(b, "?q=nothing-like-this"));
  expect(none).toContain("No transactions match your filters");
  expect(none).toContain("Try adjusting your search or filters.");
  expect(none).toContain("Reset filters");
  expect(none).toContain('value="nothing-like-this"');
});

test("date and amount sort; the first click on a new column sorts descending and a repeat click toggles", async () => {
  const { b, userId } = await signedIn();
  const small = await insertTransaction({ userId, description: "Small", date: "2026-11-03", usdCents: 100 });
  const big = await insertTransaction({ userId, description: "Big", date: "2026-11-01", usdCents: 90000 });
  const income = await insertTransaction({ userId, type: "INCOME", description: "Refund", date: "2026-11-02", usdCents: 5000 });

  const byDate = await page(b);
  expect(rowIds(byDate)).toEqual([small, income, big]);
  expect(byDate).toMatch(/aria-sort="descending"[^>]*><a[^>]*href="\/expenses\?sort=date&amp;order=asc"/);
  expect(byDate).toContain('href="/expenses?sort=amount&amp;order=desc"');

  const amountDesc = await page(b, "?sort=amount&order=desc");
  expect(rowIds(amountDesc)).toEqual([big, income, small]);
  expect(amountDesc).toMatch(/aria-sort="descending"[^>]*><a[^>]*href="\/expenses\?sort=amount&amp;order=asc"/);
  // Date is now a new column again: its first click sorts descending (the default, so a bare URL).
  expect(amountDesc).toMatch(/<th[^>]*><a[^>]*href="\/expenses"/);

  const amountAsc = await page(b, "?sort=amount&order=asc");
  expect(rowIds(amountAsc)).toEqual([small, income, big]);
  expect(amountAsc).toMatch(/aria-sort="ascending"[^>]*><a[^>]*href="\/expenses\?sort=amount&amp;order=desc"/);
  expect(rowIds(await page(b, "?sort=date&order=asc"))).toEqual([big, income, small]);

  // Sorting keeps the filters and returns to page 1; filtering keeps the sort (hidden fields).
  const filtered = await page(b, "?type=expense&sort=amount&order=asc&page=2");
  expect(filtered).toContain('href="/expenses?type=expense&amp;sort=amount&amp;order=desc"');
  expect(filtered).toMatch(/type="hidden" name="sort" value="amount"/);
  expect(filtered).toMatch(/type="hidden" name="order" value="asc"/);
});

test("10 rows a page with previous, next, numbered pages and 'Showing x to y of z'; beyond the last shows the last", async () => {
  const { b, userId } = await signedIn();
  const ids = await many(userId, 23);
  // Newest first: Item 23 (Oct 23) … Item 1 (Oct 1).
  const newestFirst = [...ids].reverse();

  const first = text(await page(b));
  expect(rowIds(first)).toEqual(newestFirst.slice(0, 10));
  expect(first).toContain("Showing 1 to 10 of 23");
  expect(first).toContain('aria-label="Pagination"');
  expect(first).toMatch(/aria-disabled="true"[^>]*>Previous</);
  expect(first).toContain('href="/expenses?page=2"');
  expect(first).toMatch(/aria-current="page"[^>]*aria-label="Page 1"/);
  expect(first).toContain('aria-label="Page 3"');
  expect(first).not.toContain('aria-label="Page 4"');

  const second = text(await page(b, "?page=2"));
  expect(rowIds(second)).toEqual(newestFirst.slice(10, 20));
  expect(second).toContain("Showing 11 to 20 of 23");
  expect(second).toMatch(/href="\/expenses"[^>]*>Previous</);
  expect(second).toMatch(/href="\/expenses\?page=3"[^>]*>Next</);

  const last = text(await page(b, "?page=3"));
  expect(rowIds(last)).toEqual(newestFirst.slice(20));
  expect(last).toContain("Showing 21 to 23 of 23");
  expect(last).toMatch(/aria-disabled="true"[^>]*>Next</);

  // An old bookmark beyond the end shows the last page, not an empty one.
  const beyond = text(await page(b, "?page=99"));
  expect(rowIds(beyond)).toEqual(newestFirst.slice(20));
  expect(beyond).toContain("Showing 21 to 23 of 23");
  expect(beyond).toMatch(/aria-current="page"[^>]*aria-label="Page 3"/);

  // Paging keeps the filters; exactly one page has no pagination.
  const filtered = text(await page(b, "?q=Item%202&page=1"));
  expect(rowIds(filtered)).toHaveLength(5); // Item 2, 20, 21, 22, 23
  expect(filtered).not.toContain('aria-label="Pagination"');
  expect(filtered).toContain("Showing 1 to 5 of 5");
});

test("the totals cover every matching row on all pages, not only the page shown", async () => {
  const { b, userId } = await signedIn();
  await many(userId, 12, { type: "EXPENSE" }); // 1.00 + 2.00 + … + 12.00 = 78.00
  await many(userId, 3, { type: "INCOME", usdCents: 10000 }); // 300.00
  const html = text(await page(b, "?page=2"));
  expect(html).toContain("Showing 11 to 15 of 15");
  expect(html).toMatch(/Income<\/dt><dd[^>]*><span[^>]*>\$ 300\.00</);
  expect(html).toMatch(/Expenses<\/dt><dd[^>]*><span[^>]*>\$ 78\.00</);
  expect(html).toMatch(/Net<\/dt><dd[^>]*><span[^>]*>\$ 222\.00</);
  const expenses = text(await page(b, "?type=expense&page=2"));
  expect(expenses).toMatch(/Income<\/dt><dd[^>]*><span[^>]*>\$ 0\.00</);
  expect(expenses).toMatch(/Net<\/dt><dd[^>]*><span[^>]*>-\$ 78\.00</);
});

test("bad query values are ignored, never an error", async () => {
  const { b, userId } = await signedIn();
  const id = await insertTransaction({ userId, description: "Kept" });
  for (const search of [
    "?type=transfer",
    "?from=2026-02-30&to=not-a-date",
    "?sort=name&order=sideways",
    "?page=-1",
    "?page=abc",
    "?page=1e9",
    "?currency=ZZZ",
    "?category=nope",
    `?tag=${"x".repeat(500)}`,
    "?q=%E2%82%AC%F0%9F%92%B8",
  ]) {
    const res = await b.fetch(`/expenses${search}`);
    expect(res.status, search).toBe(200);
    const html = await res.text();
    if (!search.startsWith("?q=")) expect(rowIds(html), search).toEqual([id]);
  }
});

test("another user's transactions never appear, and their category or tag as a filter is ignored", async () => {
  const me = await signedIn();
  const other = await signedIn();
  const theirTag = await tag(other.userId, "Theirs");
  await insertTransaction({ userId: other.userId, description: "Their secret", tagIds: [theirTag] });
  const mine = await insertTransaction({ userId: me.userId, description: "Mine" });
  const html = text(await page(me.b));
  expect(rowIds(html)).toEqual([mine]);
  expect(html).not.toContain("Their secret");
  const withTheirTag = text(await page(me.b, `?tag=${theirTag}`));
  expect(rowIds(withTheirTag)).toEqual([mine]);
  expect(withTheirTag).not.toContain("active filter");
});

test("delete asks first (server-rendered), then deletes with its payments and tags, logs it and returns to the same list", async () => {
  const { b, userId } = await signedIn();
  const t1 = await tag(userId, "Keep me");
  const ids = await many(userId, 12, { tagIds: [t1] });
  const victim = ids[0]!; // Item 1, the oldest: on page 2
  const list = "?type=expense&sort=date&order=desc&page=2";

  const confirm = text(await page(b, `${list}&delete=${victim}`));
  expect(confirm).toContain("Are you sure you want to delete this transaction?");
  expect(confirm).toContain("“Item 1” and its payments will be removed.");
  expect(confirm).toContain('role="alertdialog"');
  expect(confirm).toMatch(/<form[^>]*action="\/expenses\?type=expense&page=2" method="post"/);
  expect(confirm).toContain('name="intent" value="delete"');
  expect(confirm).toContain(`name="id" value="${victim}"`);
  // Cancel returns to the list as it was.
  expect(confirm).toMatch(/href="\/expenses\?type=expense&page=2"[^>]*>Cancel</);
  // An id that is not on the page asks nothing.
  expect(text(await page(b, `${list}&delete=${crypto.randomUUID()}`))).not.toContain("Are you sure");

  const res = await b.fetch(`/expenses?type=expense&page=2`, { form: { intent: "delete", id: victim } });
  expect(res.status).toBe(302);
  expect(res.headers.get("Location")).toBe(`/expenses?type=expense&page=2&saved=deleted&undo=transaction%3A${victim}`);
  const after = text(await page(b, "?type=expense&page=2&saved=deleted"));
  expect(after).toContain("Transaction deleted successfully!");
  expect(after).toContain("Showing 11 to 11 of 11");
  expect(rowIds(after)).not.toContain(victim);

  const left = async (sql: string) => (await env.DB.prepare(sql).bind(victim).first<{ n: number }>())!.n;
  expect(await left("select count(*) as n from transactions where id = ?")).toBe(0);
  expect(await left("select count(*) as n from payments where transaction_id = ?")).toBe(0);
  expect(await left("select count(*) as n from transaction_tags where transaction_id = ?")).toBe(0);
  const activity = await env.DB.prepare("select action, description from activity_log where user_id = ? and action = 'transaction_delete'")
    .bind(userId)
    .all<{ action: string; description: string }>();
  expect(activity.results).toEqual([{ action: "transaction_delete", description: "Item 1" }]);

  // Deleting the last row of the last page lands on the new last page.
  const lastOne = ids[1]!;
  await b.fetch(`/expenses?page=2`, { form: { intent: "delete", id: lastOne } });
  const landed = text(await page(b, "?page=2&saved=deleted"));
  expect(landed).toContain("Showing 1 to 10 of 10");
});

test("deleting another user's transaction answers 404 and leaves it untouched; a missing id too", async () => {
  const me = await signedIn();
  const other = await signedIn();
  const theirs = await insertTransaction({ userId: other.userId, description: "Their rent" });
  const res = await me.b.fetch("/expenses", { form: { intent: "delete", id: theirs } });
  expect(res.status).toBe(404);
  expect(await res.text()).toContain("Not found");
  const row = await env.DB.prepare("select description from transactions where id = ?").bind(theirs).first<{ description: string }>();
  expect(row).toEqual({ description: "Their rent" });
  expect((await env.DB.prepare("select count(*) as n from payments where transaction_id = ?").bind(theirs).first<{ n: number }>())!.n).toBe(1);
  expect(text(await page(me.b, `?delete=${theirs}`))).not.toContain("Are you sure");
  expect((await me.b.fetch("/expenses", { form: { intent: "delete", id: crypto.randomUUID() } })).status).toBe(404);
  expect((await me.b.fetch("/expenses", { form: { intent: "delete", id: "" } })).status).toBe(404);
});

test("an unknown intent is a 400, and a cross-site delete is refused", async () => {
  const { b, userId } = await signedIn();
  const id = await insertTransaction({ userId });
  expect((await b.fetch("/expenses", { form: { intent: "archive", id } })).status).toBe(400);
  const crossSite = await b.fetch("/expenses", { form: { intent: "delete", id }, headers: { "Sec-Fetch-Site": "cross-site" } });
  expect(crossSite.status).toBe(403);
  expect(rowIds(await page(b))).toEqual([id]);
});

test("in Spanish: words, dates and numbers in the user's language", async () => {
  const { b, userId } = await signedIn("es");
  await many(userId, 11, { usdCents: 123456 });
  const html = text(await page(b));
  expect(html).toContain("<title>Transacciones</title>");
  expect(html).toContain("Mostrando 1 a 10 de 11");
  expect(html).toContain("Nueva transacción");
  expect(html).toContain("Filtros");
  expect(html).toContain("Efectivo");
  expect(html).toContain("11 oct 2026");
  // Four-digit amounts are grouped like longer ones.
  expect(html).toContain("-US$ 1.234,56");
  expect(html).toMatch(/Gastos<\/dt><dd[^>]*><span[^>]*>US\$ 13\.580,16</);
  const empty = text(await page(b, "?q=zzz"));
  expect(empty).toContain("Ninguna transacción coincide con tus filtros");
});

test("when the list cannot be read it says 'Failed to load transactions', keeps the navigation and offers the same address again", async () => {
  allowConsoleError(/^Unexpected Server Error$/);
  const { b } = await signedIn("es");
  const res = await withTableAway("transactions", () => b.fetch("/expenses?type=EXPENSE&page=2"));
  expect(res.status).toBe(500);
  const html = await res.text();
  expect(html).toContain("No se pudieron cargar las transacciones");
  expect(html).toContain('aria-label="Navegación principal"');
  expect(html).toContain('href="/expenses?type=EXPENSE&amp;page=2"');
  await page(b);
});
