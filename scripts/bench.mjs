// npm run bench: figures for what exists so far (ARCHITECTURE.md section 9). Runs the production
// build in workerd on a throwaway seeded database and prints one table:
//  - server time of signed-in and guest pages (sequential requests, p50/p95),
//  - JSON API latency and throughput under concurrent load on loopback,
//  - gzip JavaScript and CSS each page makes the browser load (every page a user visits), the
//    JavaScript against the 106 KB React Router floor;
//  - first paint on a slow phone (4× CPU, 1.6 Mbps, 150 ms latency, cold cache; decision 030): a
//    static page, then /auth/login, /dashboard and /expenses with JavaScript on and off: first
//    contentful paint, when the page's h1 is painted, and with JavaScript when hydration starts (the
//    entry and the page's messages have arrived and the router exists), the median of 5 loads.
//  - with 50,000 transactions (scripts/bench-data.mjs): /dashboard and /expenses (page 1, a deep page,
//    filtered and sorted), /budgets with 30 budgets and GET /api/budgets/progress, each against the
//    same aggregate queries run raw on the same SQLite file.
//  - /reports and the reports API (summary, categories, trends) for a month and a year against their raw SQL,
//    and the CSV export (API and web) and the spreadsheet (web) of ~5,000 and all 50,000 transactions:
//    time to the first byte, total time, size, and workerd's peak resident memory while it streams.
// `--reports` prints only the reports API and export figures.
// `--load`, `--growth`, `--users` and `--writes` (any together, `--seconds N` per figure, default 20)
// measure load and growth instead (scripts/bench-load.mjs; the tables are kept in docs/benchmarks.md).
// `--no-build` skips the build; `--weight` prints only the page-weight and first-paint figures
// (no 50,000-row load, no timings), in about a minute; with `--chunks` it lists each page's scripts.
// `--paint` prints only the slow-phone figures; `--runs N` sets their cold loads per variant (5).
// `--recurring` prints only the schedules' figures (scripts/bench-recurring.mjs, decision 033): one
// run of the hourly job over 1,000 users a month behind, and /recurring with 200 schedules.
// `--forgot` prints only the forgot-password timing for existing and unknown addresses (issue 25;
// scripts/bench-forgot.mjs), `--requests N` each (200).
// `--import` prints only the import figures (scripts/bench-import.mjs, decision 039): a 20,000-row
// statement's upload to preview, commit and undo through the Worker, and the commands' statements.
import { execFileSync, spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { DatabaseSync } from "node:sqlite";
import { chromium } from "playwright-core";
import { benchAccount, BENCH_TRANSACTIONS, seedBenchData } from "./bench-data.mjs";
import { apiToken as apiTokenAt, findSqlite, signIn as signInAt, waitForServer as waitForServerAt } from "./bench-http.mjs";
import { runForgotBench } from "./bench-forgot.mjs";
import { runLoadBench } from "./bench-load.mjs";
import { runRecurringBench } from "./bench-recurring.mjs";
import { runImportBench } from "./bench-import.mjs";
import { rawReports } from "./bench-raw.mjs";
import { bin, ensureDevVars, migrateLocal, root, run } from "./lib.mjs";
import { demoAccounts } from "./seed.mjs";

const port = Number(process.env.BENCH_PORT ?? 8797);
const base = `http://127.0.0.1:${port}`;
const FLOOR_KB = 106;
/** Issue 11: every page at most 1.5× the floor (docs/decisions/017). */
const TARGET_KB = 160;
const weightOnly = process.argv.includes("--weight");
/** `--reports`: only the reports API and CSV export figures over the 50,000 rows. */
const reportsOnly = process.argv.includes("--reports");
/** `--chunks`: also list each page's scripts with their gzip size, largest first. */
const showChunks = process.argv.includes("--chunks");
/** `--paint`: only the slow-phone first-paint figures (no 50,000-row load, no page weights). */
const paintOnly = process.argv.includes("--paint");
const runsArg = process.argv.indexOf("--runs");
const paintRuns = runsArg > 0 ? Number(process.argv[runsArg + 1]) : 5;

ensureDevVars(); // before the build, which copies it for `wrangler dev` on the build
if (!process.argv.includes("--no-build")) run(bin("react-router"), ["build"], { quiet: true });
if (process.argv.includes("--recurring")) {
  await runRecurringBench({ port });
  process.exit(0);
}
if (process.argv.includes("--import")) {
  await runImportBench({ port });
  process.exit(0);
}
const loadModes = ["--load", "--growth", "--users", "--writes"].filter((mode) => process.argv.includes(mode));
if (loadModes.length > 0) {
  const at = process.argv.indexOf("--seconds");
  const seconds = at === -1 ? 20 : Number(process.argv[at + 1]);
  if (!(seconds > 0)) throw new Error("--seconds takes a positive number");
  await runLoadBench({ modes: loadModes, seconds, port });
  process.exit(0);
}
if (process.argv.includes("--forgot")) {
  const at = process.argv.indexOf("--requests");
  await runForgotBench({ port, requests: at === -1 ? 200 : Number(process.argv[at + 1]) });
  process.exit(0);
}
const persist = mkdtempSync(join(tmpdir(), "bench-db-"));
process.env.PERSIST_TO = persist;
migrateLocal();
const seeded = performance.now();
if (!weightOnly && !paintOnly) await seedBenchData();
const seedSeconds = (performance.now() - seeded) / 1000;
const server = spawn("node", ["scripts/e2e-server.mjs"], {
  cwd: root,
  env: { ...process.env, PORT: String(port), PERSIST_TO: persist },
  stdio: "ignore",
  detached: true,
});

const waitForServer = () => waitForServerAt(base);

const pct = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
async function timeSequential(n, fn) {
  const times = [];
  for (let i = 0; i < n; i++) {
    const t = performance.now();
    await fn();
    times.push(performance.now() - t);
  }
  times.sort((a, b) => a - b);
  return { p50: pct(times, 50), p95: pct(times, 95) };
}

const signIn = (account = demoAccounts.user) => signInAt(base, account);
const apiToken = (account) => apiTokenAt(base, account);

const gzipKb = (files) => [...files].reduce((sum, f) => sum + gzipSync(readFileSync(join(root, "build/client", f))).length, 0) / 1024;

// The launch flags of playwright.config.ts: Debian's chromium, never a downloaded browser.
const launchOptions = {
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
};
const sessionCookie = (cookie) => {
  const [name, ...value] = cookie.split("=");
  return { name, value: value.join("="), url: base };
};

/**
 * The gzip size of every script and stylesheet the browser fetches for a page, until the network
 * is idle (entry, modulepreloads, the language's messages and any chunk loaded after hydration),
 * each file gzipped from the build (what a compressing server sends); a stylesheet in the
 * document counts as if it were a file.
 */
async function pageWeight(browser, path, cookie) {
  const context = await browser.newContext();
  if (cookie) await context.addCookies([sessionCookie(cookie)]);
  const page = await context.newPage();
  const js = new Set();
  const css = new Set();
  page.on("request", (request) => {
    const { pathname } = new URL(request.url());
    if (!pathname.startsWith("/assets/")) return;
    if (pathname.endsWith(".js")) js.add(pathname);
    if (pathname.endsWith(".css")) css.add(pathname);
  });
  const res = await page.goto(`${base}${path}`, { waitUntil: "networkidle" });
  if (res?.status() !== 200) throw new Error(`${path} answered ${res?.status()}`);
  // On a busy machine the network can idle before the entry has fetched the language and
  // hydrated: wait for the router (created after the messages arrive), then for the network.
  await page.waitForFunction(() => "__reactRouterDataRouter" in window);
  await page.waitForLoadState("networkidle");
  // The stylesheet is in the document (decision 030): count the <style> text as a file would be.
  const inlineCss = await page.evaluate(() => [...document.querySelectorAll("style")].map((style) => style.textContent).join(""));
  await context.close();
  if (showChunks) {
    const sized = [...js].map((f) => [gzipKb([f]), f]).sort((a, b) => b[0] - a[0]);
    console.log(`${path}\n${sized.map(([kb, f]) => `  ${kb.toFixed(1).padStart(6)} KB  ${f}`).join("\n")}`);
  }
  return { jsKb: gzipKb(js), cssKb: gzipKb(css) + (inlineCss ? gzipSync(inlineCss).length / 1024 : 0), cssInline: Boolean(inlineCss) };
}

/** The slow phone of issue 22 (decision 030): 4× CPU, 1.6 Mbps down, 750 kbps up, 150 ms, no cache. */
const SLOW_PHONE = "4× CPU, 1.6 Mbps, 150 ms, cold";
/**
 * The reference the first paint is held to: a static HTML file with a heading and a paragraph, no
 * stylesheet and no script, served by the same workerd from the build's assets (one document round trip).
 */
const STATIC_PAGE = "/bench-static.html";
const staticPageFile = join(root, "build/client", STATIC_PAGE);

/**
 * One cold load on the slow phone, with JavaScript on or off: first contentful paint, when the
 * page's h1 is painted (its `elementtiming="page-title"`, Element Timing: the main content is
 * visible), and with JavaScript when hydration starts (the entry and the page's messages have
 * arrived and the router exists).
 */
async function slowPhoneLoad(browser, path, cookie, javaScript) {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true });
  if (cookie) await context.addCookies([sessionCookie(cookie)]);
  const page = await context.newPage();
  // When the entry creates the router: from then on typing is no longer lost.
  if (javaScript) {
    await page.addInitScript(() => {
      Object.defineProperty(window, "__reactRouterDataRouter", {
        configurable: true,
        set(router) {
          Object.defineProperty(window, "__reactRouterDataRouter", { value: router, writable: true, configurable: true });
          window.__hydrationStart = performance.now();
        },
      });
    });
  }
  const cdp = await context.newCDPSession(page);
  await cdp.send("Network.enable");
  await cdp.send("Network.setCacheDisabled", { cacheDisabled: true });
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
  await cdp.send("Network.emulateNetworkConditions", {
    offline: false,
    latency: 150,
    downloadThroughput: (1.6 * 1024 * 1024) / 8,
    uploadThroughput: (750 * 1024) / 8,
  });
  // JavaScript off through this session (not the context's javaScriptEnabled), so that it can be
  // switched back on below.
  if (!javaScript) await cdp.send("Emulation.setScriptExecutionDisabled", { value: true });
  const res = await page.goto(`${base}${path}`, { waitUntil: "load", timeout: 120_000 });
  if (res?.status() !== 200) throw new Error(`${path} answered ${res?.status()}`);
  // Buffered observers read what was recorded during the load. With the page's JavaScript off
  // their callbacks would never run: scripts are switched back on once the page has loaded (its own
  // scripts were skipped while it parsed and stay so).
  if (!javaScript) await cdp.send("Emulation.setScriptExecutionDisabled", { value: false });
  const [fcp, title] = await page.evaluate(() =>
    Promise.all(
      [
        ["paint", (e) => e.name === "first-contentful-paint"],
        ["element", (e) => e.identifier === "page-title"],
      ].map(
        ([type, wanted]) =>
          new Promise((resolve) => {
            new PerformanceObserver((list, observer) => {
              const entry = list.getEntries().find(wanted);
              if (entry) (observer.disconnect(), resolve(entry.renderTime || entry.startTime));
            }).observe({ type, buffered: true });
            setTimeout(() => resolve(Number.NaN), 10_000);
          }),
      ),
    ),
  );
  let hydration = Number.NaN;
  if (javaScript) {
    await page.waitForFunction(() => window.__hydrationStart !== undefined, null, { timeout: 120_000 });
    hydration = await page.evaluate(() => window.__hydrationStart);
  }
  await context.close();
  return { fcp, title, hydration };
}

/**
 * First paint on the slow phone (issue 22): the static page, then each page with JavaScript on
 * and off, `runs` cold loads each, interleaved so a busy moment of the machine hits every variant.
 * Medians, with the ratio of FCP to the static page's.
 */
async function slowPhoneFigures(out, browser, cookie, runs) {
  writeFileSync(
    staticPageFile,
    '<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Static</title></head>' +
      '<body><main><h1 elementtiming="page-title">A static page</h1><p>One document, no stylesheet, no script: what the slow phone paints at the earliest.</p></main></body></html>',
  );
  const variants = [["static page", STATIC_PAGE.replace(/\.html$/, ""), null, false]];
  for (const [path, pageCookie] of [["/auth/login", null], ["/dashboard", cookie], ["/expenses", cookie]]) {
    variants.push([`${path}, JS on`, path, pageCookie, true], [`${path}, JS off`, path, pageCookie, false]);
  }
  const results = variants.map(() => []);
  try {
    for (let i = 0; i < runs; i++) {
      for (const [v, [, path, pageCookie, javaScript]] of variants.entries()) results[v].push(await slowPhoneLoad(browser, path, pageCookie, javaScript));
    }
  } finally {
    rmSync(staticPageFile, { force: true });
  }
  const median = (list, key) => {
    const sorted = list.map((r) => r[key]).sort((a, b) => a - b);
    return sorted[Math.floor((sorted.length - 1) / 2)];
  };
  const staticFcp = median(results[0], "fcp");
  for (const [v, [name, , , javaScript]] of variants.entries()) {
    const fcp = median(results[v], "fcp");
    const hydration = javaScript ? `; hydration starts ${Math.round(median(results[v], "hydration"))} ms` : "";
    out.push([
      `slow phone: ${name}`,
      `FCP ${Math.round(fcp)} ms (${(fcp / staticFcp).toFixed(1)}× static)`,
      `h1 painted ${Math.round(median(results[v], "title"))} ms`,
      `median of ${runs} cold loads${hydration}; ${SLOW_PHONE}`,
    ]);
  }
}

/** The id of one of the signed-in user's transactions, for the edit form's URL. */
async function someTransactionId(cookie) {
  const html = await (await fetch(`${base}/expenses`, { headers: { Cookie: cookie } })).text();
  const id = html.match(/href="\/expenses\/edit\/([^"?#/]+)/)?.[1];
  if (!id) throw new Error("no transaction to edit on /expenses");
  return id;
}

async function weightFigures(out, cookie) {
  const adminCookie = await signIn(demoAccounts.admin);
  const pages = [
    ["/", null],
    ["/auth/login", null],
    ["/auth/register", null],
    ["/dashboard", cookie],
    ["/expenses", cookie],
    ["/expenses/new", cookie],
    [`/expenses/edit/${await someTransactionId(cookie)}`, cookie],
    ["/categories", cookie],
    ["/tags", cookie],
    ["/budgets", cookie],
    ["/reports", cookie],
    ["/profile", cookie],
    ["/admin", adminCookie],
    ["/admin/users", adminCookie],
    ["/admin/settings", adminCookie],
  ];
  const browser = await chromium.launch(launchOptions);
  try {
    for (const [path, pageCookie] of paintOnly ? [] : pages) {
      const { jsKb, cssKb, cssInline } = await pageWeight(browser, path, pageCookie);
      const shown = path.startsWith("/expenses/edit/") ? "/expenses/edit/:id" : path;
      const over = jsKb > TARGET_KB ? `; OVER the ${TARGET_KB} KB target` : "";
      out.push([`JS gzip: ${shown}`, `${jsKb.toFixed(1)} KB`, `${(jsKb / FLOOR_KB).toFixed(2)}× floor`, `CSS gzip ${cssKb.toFixed(1)} KB${cssInline ? " (in the document)" : ""}; floor = ${FLOOR_KB} KB${over}`]);
    }
    await slowPhoneFigures(out, browser, cookie, paintRuns);
  } finally {
    await browser.close();
  }
}

const rows = [];
try {
  await waitForServer();
  const cookie = await signIn();
  if (reportsOnly) {
    const benchCookie = await signIn(benchAccount);
    await reportFigures(rows, new DatabaseSync(findSqlite(join(persist, "v3", "d1")), { readOnly: true }), "bench-user", await apiToken(benchAccount), benchCookie);
  } else {
    if (!weightOnly && !paintOnly) await timingFigures(rows, cookie);
    await weightFigures(rows, cookie);
  }
} finally {
  try {
    process.kill(-server.pid, "SIGTERM");
  } catch {}
  rmSync(persist, { recursive: true, force: true });
}

/** Server time of pages, then the API under concurrent load. */
async function timingFigures(rows, cookie) {
  for (const [name, path, withCookie] of [
    ["GET /dashboard (signed in)", "/dashboard", true],
    ["GET /profile (signed in)", "/profile", true],
    ["GET / (landing, guest)", "/", false],
  ]) {
    await fetch(`${base}${path}`, { headers: withCookie ? { Cookie: cookie } : {} }); // warm
    const t = await timeSequential(100, async () => {
      const res = await fetch(`${base}${path}`, { headers: withCookie ? { Cookie: cookie } : {} });
      await res.arrayBuffer();
      if (res.status !== 200) throw new Error(`${path} answered ${res.status}`);
    });
    rows.push([name, `p50 ${t.p50.toFixed(1)} ms`, `p95 ${t.p95.toFixed(1)} ms`, "100 sequential requests"]);
  }

  await heavyUserFigures(rows);

  const token = await apiToken(demoAccounts.user).catch(() => null);
  if (token) {
    const total = 1000;
    const concurrency = 20;
    const times = [];
    let next = 0;
    const started = performance.now();
    await Promise.all(
      Array.from({ length: concurrency }, async () => {
        while (next < total) {
          next++;
          const t = performance.now();
          const res = await fetch(`${base}/api/users/profile`, { headers: { Authorization: `Bearer ${token}` } });
          await res.arrayBuffer();
          if (res.status !== 200) throw new Error(`profile API answered ${res.status}`);
          times.push(performance.now() - t);
        }
      }),
    );
    const seconds = (performance.now() - started) / 1000;
    times.sort((a, b) => a - b);
    rows.push([
      "GET /api/users/profile, 20 concurrent",
      `p50 ${pct(times, 50).toFixed(1)} ms`,
      `p95 ${pct(times, 95).toFixed(1)} ms`,
      `${Math.round(total / seconds)} req/s over ${total}`,
    ]);
  } else {
    rows.push(["JSON API", "n/a", "n/a", `login answered ${login.status}`]);
  }
}

/** Pages over 50,000 transactions, each against its aggregate queries run raw (node:sqlite) on the same file. */
async function heavyUserFigures(out) {
  const cookie = await signIn(benchAccount);
  const file = findSqlite(join(persist, "v3", "d1"));
  const raw = new DatabaseSync(file, { readOnly: true });
  const user = "bench-user";
  const month = new Date().toISOString().slice(0, 7);
  const previousMonth = new Date(Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth() - 1, 1)).toISOString().slice(0, 10);
  // The same shape as features/budgets/queries.server.ts: the month's budgets with their categories and the month's expenses per category.
  const rawBudgetMonth = (first) =>
    raw
      .prepare(
        `select b.*, c.name, c.icon, c.color, coalesce(s.spent, 0) from budgets b join categories c on c.id = b.category_id left join (select category_id, sum(usd_cents) spent from transactions where user_id='${user}' and type='EXPENSE' and date >= '${first}' and date <= '${first.slice(0, 8)}31' group by category_id) s on s.category_id = b.category_id where b.user_id='${user}' and b.month='${first}' order by c.name_key`,
      )
      .all();
  const rawList = (where, order, offset) => () => {
    raw.prepare(`select count(*), sum(case when type='INCOME' then usd_cents else 0 end), sum(case when type='EXPENSE' then usd_cents else 0 end) from transactions where ${where}`).get();
    // A date-sorted page takes the (user, date) index in order as the app does (inDateOrder in transactions/queries.server.ts).
    const inDateOrder = order.startsWith("date") ? " and date >= ''" : "";
    const ids = raw.prepare(`select id from transactions where ${where}${inDateOrder} order by ${order} limit 10 offset ${offset}`).all().map((r) => r.id);
    raw.prepare(`select * from payments where +user_id='${user}' and transaction_id in (${ids.map((id) => `'${id}'`).join(",")})`).all();
  };
  const cases = [
    ["GET /dashboard", "/dashboard", () => {
      // The same query shapes as app/db/dashboard.server.ts (previous month folded into one range).
      raw.prepare(`select sum(case when type='INCOME' then usd_cents else 0 end), sum(case when type='EXPENSE' then usd_cents else 0 end) from transactions where user_id='${user}' and date >= '${month}-01' and date <= '${month}-31'`).get();
      raw.prepare(`select p.currency_code, count(distinct t.id), sum(case when t.type='INCOME' then p.amount_minor end), sum(case when t.type='EXPENSE' then p.usd_cents end) from transactions t join payments p on p.transaction_id = t.id and +p.user_id='${user}' where t.user_id='${user}' and t.date >= '${month}-01' and t.date <= '${month}-31' group by p.currency_code`).all();
      raw.prepare(`select * from transactions t join payments p on p.transaction_id = t.id and +p.user_id='${user}' where +t.user_id='${user}' and t.id in (select id from transactions where user_id='${user}' and date >= '' order by date desc, created_at desc, id desc limit 5)`).all();
    }],
    ["GET /expenses (page 1)", "/expenses", rawList(`user_id='${user}'`, "date desc, created_at desc, id desc", 0)],
    ["GET /expenses (page 4000)", "/expenses?page=4000", rawList(`user_id='${user}'`, "date desc, created_at desc, id desc", 39990)],
    [
      "GET /expenses (filtered, by amount)",
      "/expenses?type=EXPENSE&currency=EUR&sort=amount&order=asc&page=20",
      rawList(`+user_id='${user}' and type='EXPENSE' and id in (select p.transaction_id from payments p where p.user_id='${user}' and p.currency_code='EUR')`, "usd_cents asc, date asc, id asc", 190),
    ],
    // The page reads this month's and last month's budgets (for its copy button), the categories and the goals.
    ["GET /budgets (30 budgets)", "/budgets", () => {
      rawBudgetMonth(`${month}-01`);
      rawBudgetMonth(previousMonth);
      raw.prepare(`select * from categories where user_id='${user}' or (user_id is null and is_default = 1)`).all();
      raw.prepare(`select * from savings_goals where user_id='${user}'`).all();
      raw.prepare(`select * from goal_entries where user_id='${user}' and goal_id in (select id from savings_goals where user_id='${user}')`).all();
    }],
    ["GET /api/budgets/progress (30 budgets)", "/api/budgets/progress", () => rawBudgetMonth(`${month}-01`), { Authorization: `Bearer ${await apiToken(benchAccount)}` }],
  ];
  for (const [name, path, rawQueries, headers = { Cookie: cookie }] of cases) {
    const res = await fetch(`${base}${path}`, { headers });
    await res.arrayBuffer();
    if (res.status !== 200) {
      out.push([name, "n/a", "n/a", `answered ${res.status}`]);
      continue;
    }
    const page = await timeSequential(30, async () => {
      const r = await fetch(`${base}${path}`, { headers });
      await r.arrayBuffer();
    });
    const rawTime = await timeSequential(30, async () => rawQueries());
    out.push([`${name}, ${BENCH_TRANSACTIONS.toLocaleString("en")} rows`, `p50 ${page.p50.toFixed(1)} ms`, `p95 ${page.p95.toFixed(1)} ms`, `raw queries p50 ${rawTime.p50.toFixed(1)} ms → ${(page.p50 / rawTime.p50).toFixed(1)}×`]);
  }
  await reportFigures(out, raw, user, await apiToken(benchAccount), cookie);
  raw.close();
  out.push(["bench data load", `${seedSeconds.toFixed(1)} s`, "", `${BENCH_TRANSACTIONS.toLocaleString("en")} transactions via wrangler d1 execute`]);
}

function isoDaysAgo(days) {
  return new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10);
}

/** workerd's resident memory (KB), summed over its processes in the server's process group. */
function workerdRssKb() {
  let total = 0;
  const listing = execFileSync("ps", ["-o", "pid=,comm=", "-g", String(server.pid)], { encoding: "utf8" });
  for (const line of listing.trim().split("\n")) {
    const [pid, comm] = line.trim().split(/\s+/);
    if (!comm?.startsWith("workerd")) continue;
    try {
      total += Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1] ?? 0);
    } catch {}
  }
  return total;
}

/** The reports API for a month and a year against its raw SQL, then the CSV export at two sizes (issue 13) and the spreadsheet's (issue 26). */
async function reportFigures(out, raw, user, token, cookie) {
  const auth = { Authorization: `Bearer ${token}` };
  const range = (from, to) => `date >= '${from}' and date <= '${to}'`;
  const { summary: rawSummary, categories: rawCategories, trend: rawTrend } = rawReports(raw, user);
  const month = { name: "a month", from: isoDaysAgo(29), to: isoDaysAgo(0) };
  const year = { name: "a year", from: isoDaysAgo(364), to: isoDaysAgo(0) };
  for (const period of [month, year]) {
    const q = `startDate=${period.from}&endDate=${period.to}`;
    const page = { Cookie: cookie };
    for (const [name, path, rawQueries, headers = auth] of [
      // The page reads the three together (reportData) and renders them.
      ["GET /reports (page)", `/reports?from=${period.from}&to=${period.to}`, () => (rawSummary(period.from, period.to), rawCategories(period.from, period.to), rawTrend(period.from, period.to)), page],
      ["GET /api/reports/summary", `/api/reports/summary?${q}`, () => rawSummary(period.from, period.to)],
      ["GET /api/reports/categories", `/api/reports/categories?${q}`, () => rawCategories(period.from, period.to)],
      ["GET /api/reports/trends", `/api/reports/trends?${q}`, () => rawTrend(period.from, period.to)],
    ]) {
      const first = await fetch(`${base}${path}`, { headers });
      await first.arrayBuffer();
      if (first.status !== 200) {
        out.push([`${name}, ${period.name}`, "n/a", "n/a", `answered ${first.status}`]);
        continue;
      }
      const api = await timeSequential(30, async () => (await fetch(`${base}${path}`, { headers })).arrayBuffer());
      const rawTime = await timeSequential(30, async () => rawQueries());
      out.push([`${name}, ${period.name}`, `p50 ${api.p50.toFixed(1)} ms`, `p95 ${api.p95.toFixed(1)} ms`, `raw SQL p50 ${rawTime.p50.toFixed(1)} ms → ${(api.p50 / rawTime.p50).toFixed(1)}×`]);
    }
  }

  // The export: ~5,000 transactions (the last 108 days) and all of them (3 years). Each is read
  // as a client would, counting bytes as they arrive, while workerd's memory is sampled.
  const everything = raw.prepare(`select min(date) first, max(date) last from transactions where user_id='${user}'`).get();
  for (const [label, from, to] of [["~5,000 transactions", isoDaysAgo(107), isoDaysAgo(0)], ["all 50,000 transactions", everything.first, everything.last]]) {
    const count = raw.prepare(`select count(*) n, (select count(*) from payments p join transactions t on t.id = p.transaction_id where t.user_id='${user}' and t.${range(from, to)}) rows from transactions where user_id='${user}' and ${range(from, to)}`).get();
    for (const [face, path, headers, kind = "CSV"] of [
      ["API", `/api/reports/export?format=csv&startDate=${from}&endDate=${to}&includeCategories=true&includeCurrencyConversion=true`, auth],
      ["web", `/reports/export?from=${from}&to=${to}`, { Cookie: cookie }],
      // The spreadsheet (decision 038): the same rows, deflated as they stream.
      ["web", `/reports/export?from=${from}&to=${to}&format=xlsx`, { Cookie: cookie }, "Spreadsheet"],
    ]) {
      const runs = [];
      for (let i = 0; i < 3; i++) {
        const before = workerdRssKb();
        let peak = before;
        const sampler = setInterval(() => (peak = Math.max(peak, workerdRssKb())), 25);
        const started = performance.now();
        const res = await fetch(`${base}${path}`, { headers });
        const reader = res.body.getReader();
        let firstByte = 0;
        let bytes = 0;
        for (;;) {
          const { done, value } = await reader.read();
          if (done) break;
          if (!firstByte) firstByte = performance.now() - started;
          bytes += value.byteLength;
        }
        const total = performance.now() - started;
        clearInterval(sampler);
        peak = Math.max(peak, workerdRssKb());
        if (res.status !== 200) throw new Error(`${path} answered ${res.status}`);
        runs.push({ firstByte, total, bytes, before, peak });
      }
      runs.sort((a, b) => a.total - b.total);
      const median = runs[1];
      const rawTime = await timeSequential(3, async () =>
        raw
          .prepare(`select t.date, t.description, t.type, c.name, (select json_group_array(name) from (select g.name from transaction_tags tt join tags g on g.id = tt.tag_id where tt.transaction_id = t.id and +g.user_id='${user}' order by g.name_key)), p.currency_code, p.amount_minor, p.rate, p.rate_date, p.rate_source, p.usd_cents, t.id from transactions t join payments p on p.transaction_id = t.id and +p.user_id='${user}' left join categories c on c.id = t.category_id where t.user_id='${user}' and t.${range(from, to)} order by t.date, t.id, p.position`)
          .all(),
      );
      out.push([
        `${kind} export (${face}), ${label}: ${count.n.toLocaleString("en")} tx, ${count.rows.toLocaleString("en")} rows`,
        `first byte ${median.firstByte.toFixed(0)} ms`,
        `total ${median.total.toFixed(0)} ms`,
        `${(median.bytes / 1024 / 1024).toFixed(1)} MB; raw SQL ${rawTime.p50.toFixed(0)} ms; workerd RSS ${(median.before / 1024).toFixed(0)} → peak ${(Math.max(...runs.map((r) => r.peak)) / 1024).toFixed(0)} MB`,
      ]);
    }
  }
}

const widths = [0, 1, 2, 3].map((i) => Math.max(...rows.map((r) => String(r[i]).length), 8));
const line = (r) => r.map((c, i) => String(c).padEnd(widths[i])).join(" | ");
console.log(line(["measure", "figure", "figure", "note"]));
console.log(widths.map((w) => "-".repeat(w)).join("-|-"));
for (const r of rows) console.log(line(r));
