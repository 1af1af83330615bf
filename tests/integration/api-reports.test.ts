import { env, SELF } from "cloudflare:test";
import { beforeAll, expect, test } from "vitest";
import { allowConsoleError } from "../setup/console-errors";
import { api, registerViaApi, type ApiAccount } from "./api-client";
import { browser, freshIp, ORIGIN, withTableAway, type Browser, STRONG_PASSWORD } from "./helpers";
import { parseCsv } from "../setup/parse-csv";
import { readTagsCell } from "~/features/reports/model/csv";

// Issue 13's reports API and the web CSV export, through the Worker on D1: every figure equals
// the sum of the stored rows behind it, another user's rows never appear, and the CSV is what a
// spreadsheet reads (quoting, formula neutralising, accents with a BOM, one row per payment).

const MARK = crypto.randomUUID().slice(0, 8);
const FORMULA = '=HYPERLINK("http://evil.example","click")';
const QUOTED = 'Lunch, "the usual"\nwith Ana';
const ACCENTS = `Café crème à Señor Núñez ${MARK}`;
const BOB_SECRET = `Bob secret ${MARK}`;
const NOVEMBER = "startDate=2026-11-01&endDate=2026-11-30";

let alice: ApiAccount;
let bob: ApiAccount;
let aliceWeb: Browser;

async function created(account: ApiAccount, path: string, json: unknown) {
  const res = await api(path, { token: account.accessToken, json });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data;
}

const get = (account: ApiAccount, path: string, headers?: Record<string, string>) => api(path, { token: account.accessToken, headers });

type StoredPayment = { type: "INCOME" | "EXPENSE"; date: string; category_id: string | null; currency_code: string; amount_minor: number; usd_cents: number };

/** The user's payments in a period, straight from D1: the independent side of every comparison. */
async function storedPayments(userId: string, from: string, to: string) {
  const { results } = await env.DB.prepare(
    "select t.type, t.date, t.category_id, p.currency_code, p.amount_minor, p.usd_cents from payments p join transactions t on t.id = p.transaction_id where t.user_id = ? and t.date between ? and ?",
  )
    .bind(userId, from, to)
    .all<StoredPayment>();
  return results;
}

const sign = (p: StoredPayment) => (p.type === "INCOME" ? 1n : -1n);


const cents = (decimal: string) => {
  const [whole, fraction = ""] = decimal.replace("-", "").split(".");
  const value = BigInt(whole!) * 100n + BigInt((fraction + "00").slice(0, 2));
  return decimal.startsWith("-") ? -value : value;
};

beforeAll(async () => {
  alice = await registerViaApi();
  bob = await registerViaApi();
  const tag = await created(alice, "/api/tags", { name: `Trip, ${MARK}`, color: "#3B82F6" });
  const body = (fields: Record<string, unknown>) => ({ categoryId: "default-food", date: "2026-11-10", ...fields });
  await created(alice, "/api/transactions", body({ type: "INCOME", categoryId: "default-salary", description: "Salary", date: "2026-11-01", amount: "2500" }));
  await created(alice, "/api/transactions", body({ description: FORMULA, amount: "19.99" }));
  await created(alice, "/api/transactions", body({ description: QUOTED, amount: "12.50", tags: [tag.tag.id], date: "2026-11-02" }));
  await created(alice, "/api/transactions", {
    ...body({ description: ACCENTS, categoryId: "default-housing", date: "2026-11-03" }),
    payments: [
      { currencyCode: "EUR", amount: "45.00" },
      { currencyCode: "JPY", amount: "1529", exchangeRate: "150" },
      { currencyCode: "COP", amount: "38712.50" },
    ],
  });
  await created(alice, "/api/transactions", body({ description: "Taxi", categoryId: "default-transport", currencyCode: "MXN", amount: "100", date: "2026-11-30" }));
  await created(alice, "/api/transactions", body({ description: "October", date: "2026-10-31", amount: "77.77" }));
  await created(alice, "/api/transactions", body({ description: "Last year", date: "2025-06-15", amount: "5" }));
  await created(bob, "/api/transactions", body({ description: BOB_SECRET, amount: "33.33" }));
  aliceWeb = browser();
  const res = await aliceWeb.fetch("/auth/login", { form: { email: alice.email, password: STRONG_PASSWORD } });
  expect(res.status).toBe(302);
});

test("GET /api/reports/summary: per currency in its own decimals and in USD, and the USD totals, equal the stored payments' sums", async () => {
  const { status, body } = await get(alice, `/api/reports/summary?${NOVEMBER}`);
  expect(status).toBe(200);
  const stored = await storedPayments(alice.user.id, "2026-11-01", "2026-11-30");
  const codes = [...new Set(stored.map((p) => p.currency_code))].sort();
  expect(body.data.summary.map((c: { currency: string }) => c.currency)).toEqual(codes);
  expect(codes).toEqual(["COP", "EUR", "JPY", "MXN", "USD"]);
  for (const item of body.data.summary) {
    const mine = stored.filter((p) => p.currency_code === item.currency);
    const sum = (type: string, field: "amount_minor" | "usd_cents") => mine.filter((p) => p.type === type).reduce((s, p) => s + p[field], 0);
    expect(item.incomeMinor).toBe(sum("INCOME", "amount_minor"));
    expect(item.expenseMinor).toBe(sum("EXPENSE", "amount_minor"));
    expect(item.totalMinor).toBe(item.incomeMinor - item.expenseMinor);
    expect(item.usdEquivalent.incomeCents).toBe(sum("INCOME", "usd_cents"));
    expect(item.usdEquivalent.expenseCents).toBe(sum("EXPENSE", "usd_cents"));
    expect(item.usdEquivalent.totalCents).toBe(item.usdEquivalent.incomeCents - item.usdEquivalent.expenseCents);
    expect(item.usdEquivalent.total).toBe(item.usdEquivalent.totalCents / 100);
  }
  const jpy = body.data.summary.find((c: { currency: string }) => c.currency === "JPY");
  expect(jpy).toMatchObject({ decimals: 0, income: 0, expense: 1529, total: -1529, usdEquivalent: { expense: 10.19, expenseCents: 1019 } });
  expect(body.data.summary.find((c: { currency: string }) => c.currency === "COP")).toMatchObject({ decimals: 2, expense: 38712.5, expenseMinor: 3871250 });
  const net = stored.reduce((s, p) => s + sign(p) * BigInt(p.usd_cents), 0n);
  expect(body.data.totals).toMatchObject({ incomeCents: 250_000, totalCents: Number(net), transactionCount: 5, currencyCount: 5, income: 2500 });
  expect(body.data.period).toEqual({ startDate: "2026-11-01", endDate: "2026-11-30" });
  expect(JSON.stringify(body)).not.toContain(BOB_SECRET);
  // Bob sees his own month only.
  const his = await get(bob, `/api/reports/summary?${NOVEMBER}`);
  expect(his.body.data.totals).toMatchObject({ expenseCents: 3333, transactionCount: 1 });
});

test("the reports summary and the transactions summary of one period show the same figures per currency and the same USD totals", async () => {
  const [report, transactions] = await Promise.all([get(alice, `/api/reports/summary?${NOVEMBER}`), get(alice, `/api/transactions/summary?${NOVEMBER}`)]);
  expect(report.status).toBe(200);
  expect(transactions.status).toBe(200);
  type ReportRow = { currency: string; income: number; expense: number; total: number; usdEquivalent: { income: number; expense: number; total: number } };
  const reportRows = (report.body.data.summary as ReportRow[]).map((c) => ({
    currency: c.currency,
    income: c.income,
    expense: c.expense,
    total: c.total,
    usdEquivalent: { income: c.usdEquivalent.income, expense: c.usdEquivalent.expense, total: c.usdEquivalent.total },
  }));
  // EUR, JPY (no decimals), COP, MXN and USD: both faces list the same currencies with the same numbers.
  expect(reportRows.map((c) => c.currency)).toEqual(["COP", "EUR", "JPY", "MXN", "USD"]);
  expect(transactions.body.data.summary.byCurrency).toEqual(reportRows);
  const totals = report.body.data.totals;
  expect(transactions.body.data.summary).toMatchObject({ count: totals.transactionCount, income: totals.income, expense: totals.expense, net: totals.total });
});

test("GET /api/reports/summary without dates is the current month (UTC)", async () => {
  const today = new Date().toISOString().slice(0, 10);
  const { status, body } = await get(alice, "/api/reports/summary");
  expect(status).toBe(200);
  expect(body.data.period.startDate).toBe(`${today.slice(0, 7)}-01`);
  expect(body.data.period.endDate >= today).toBe(true);
  expect(body.data.period.endDate.slice(0, 7)).toBe(today.slice(0, 7));
});

test("GET /api/reports/categories: expense categories largest first in USD, percents adding up to 100.0", async () => {
  const { status, body } = await get(alice, `/api/reports/categories?${NOVEMBER}`);
  expect(status).toBe(200);
  const stored = (await storedPayments(alice.user.id, "2026-11-01", "2026-11-30")).filter((p) => p.type === "EXPENSE");
  const byCategory = new Map<string, number>();
  for (const p of stored) byCategory.set(p.category_id!, (byCategory.get(p.category_id!) ?? 0) + p.usd_cents);
  const expected = [...byCategory].sort((a, b) => b[1] - a[1]);
  const categories = body.data.categories as { id: string; name: string; color: string; totalAmount: number; totalCents: number; percent: number; percentTenths: number }[];
  expect(categories.map((c) => [c.id, c.totalCents])).toEqual(expected);
  expect(categories.map((c) => c.id)).not.toContain("default-salary");
  expect(categories.reduce((s, c) => s + c.percentTenths, 0)).toBe(1000);
  for (const c of categories) {
    expect(c.totalAmount).toBe(c.totalCents / 100);
    expect(c.percent).toBe(c.percentTenths / 10);
    expect(c.color).toMatch(/^#[0-9A-F]{6}$/i);
    expect(c.name).toEqual(expect.any(String));
  }
});

test("GET /api/reports/trends: daily by default for a month, weekly or monthly on request or for long periods, the running balance ending at the net", async () => {
  const month = await get(alice, `/api/reports/trends?${NOVEMBER}`);
  expect(month.status).toBe(200);
  expect(month.body.data.period.grouping).toBe("daily");
  const trends = month.body.data.trends as { date: string; income: number; expenses: number; balance: number; incomeCents: number; expensesCents: number; balanceCents: number }[];
  expect(trends).toHaveLength(30);
  expect(trends[0]).toMatchObject({ date: "2026-11-01", income: 2500, incomeCents: 250_000, expenses: 0, balance: 2500 });
  const summary = await get(alice, `/api/reports/summary?${NOVEMBER}`);
  expect(trends.at(-1)!.balanceCents).toBe(summary.body.data.totals.totalCents);
  expect(trends.reduce((s, p) => s + p.expensesCents, 0)).toBe(summary.body.data.totals.expenseCents);

  const weekly = await get(alice, `/api/reports/trends?${NOVEMBER}&period=WEEKLY`);
  expect(weekly.body.data.trends.map((p: { date: string }) => p.date)).toEqual(["2026-10-26", "2026-11-02", "2026-11-09", "2026-11-16", "2026-11-23", "2026-11-30"]);
  expect(weekly.body.data.trends.at(-1).balanceCents).toBe(summary.body.data.totals.totalCents);

  const quarter = await get(alice, "/api/reports/trends?startDate=2026-09-01&endDate=2026-11-30");
  expect(quarter.body.data.period.grouping).toBe("weekly");
  const twoYears = await get(alice, "/api/reports/trends?startDate=2025-01-01&endDate=2026-12-31");
  expect(twoYears.body.data.period.grouping).toBe("monthly");
  expect(twoYears.body.data.trends).toHaveLength(24);
  const june = twoYears.body.data.trends.find((p: { date: string }) => p.date === "2025-06-01");
  expect(june).toMatchObject({ expensesCents: 500, balanceCents: -500 });
});

test("bad periods are refused with 400 and a translated message, never a 500", async () => {
  const cases: [string, string, string, string][] = [
    ["startDate=2026-11-30&endDate=2026-11-01", "endDate", "startDate must not be after endDate", "startDate no puede ser posterior a endDate"],
    ["startDate=2026-02-30&endDate=2026-03-01", "startDate", "Enter a real date as yyyy-MM-dd", "Escribe una fecha real con el formato aaaa-MM-dd"],
    ["startDate=2020-01-01&endDate=2025-01-01", "endDate", "A period can span at most five years", "Un período puede abarcar como máximo cinco años"],
    ["startDate=2026-11-01", "endDate", "Date is required", "La fecha es obligatoria"],
    [`${NOVEMBER}&period=hourly`, "period", "period must be daily, weekly or monthly", "period debe ser daily, weekly o monthly"],
  ];
  for (const [query, field, en, es] of cases) {
    for (const path of ["/api/reports/summary", "/api/reports/categories", "/api/reports/trends", "/api/reports/export"]) {
      if (field === "period" && path !== "/api/reports/trends") continue;
      const english = await get(alice, `${path}?${query}`);
      expect(english.status, `${path}?${query}`).toBe(400);
      expect(english.body.status).toBe("error");
      expect(Object.keys(english.body.errors ?? {})).toContain(field);
      expect(english.body.message).toBe(en);
      const spanish = await get(alice, `${path}?${query}`, { "Accept-Language": "es" });
      expect(spanish.status).toBe(400);
      expect(spanish.body.message).toBe(es);
    }
  }
  // Five years exactly is allowed.
  expect((await get(alice, "/api/reports/summary?startDate=2021-01-01&endDate=2025-12-31")).status).toBe(200);
  const format = await get(alice, `/api/reports/export?format=pdf&${NOVEMBER}`, { "Accept-Language": "es" });
  expect(format.status).toBe(400);
  expect(format.body.message).toBe("format debe ser csv o xlsx");
  const flag = await get(alice, `/api/reports/export?${NOVEMBER}&includeCategories=yes`);
  expect(flag.status).toBe(400);
  expect(flag.body.message).toBe("Use true or false");
});

/** The API export as a client downloads it (api() reads the body as an envelope). */
const download = (account: ApiAccount, path: string) =>
  SELF.fetch(`${ORIGIN}${path}`, { headers: { Authorization: `Bearer ${account.accessToken}`, "CF-Connecting-IP": freshIp() } });

async function exportText(res: Response) {
  const bytes = new Uint8Array(await res.arrayBuffer());
  expect([...bytes.slice(0, 3)], "UTF-8 byte-order mark").toEqual([0xef, 0xbb, 0xbf]);
  return new TextDecoder("utf-8", { ignoreBOM: true }).decode(bytes).slice(1);
}

test("GET /api/reports/export: a CSV file naming the period, a row per payment, quoted and neutralised, the USD column summing to the net", async () => {
  const res = await download(alice, `/api/reports/export?format=csv&${NOVEMBER}&includeCategories=true&includeCurrencyConversion=true`);
  expect(res.status).toBe(200);
  expect(res.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
  expect(res.headers.get("Content-Disposition")).toBe('attachment; filename="tallyworth-2026-11-01_2026-11-30.csv"');
  expect(res.headers.get("Cache-Control")).toBe("no-store");
  const text = await exportText(res);
  const [header, ...rows] = parseCsv(text);
  expect(header).toEqual(["date", "description", "type", "category", "tags", "currency", "original_amount", "exchange_rate", "rate_date", "rate_source", "usd_amount", "transaction_id"]);
  const stored = await storedPayments(alice.user.id, "2026-11-01", "2026-11-30");
  expect(rows).toHaveLength(stored.length);
  expect(rows).toHaveLength(7);
  // The multi-payment expense: three rows, one transaction id, each amount at its currency's decimals.
  const multi = rows.filter((r) => r[1] === ACCENTS);
  expect(multi.map((r) => [r[5], r[6]])).toEqual([["EUR", "-45.00"], ["JPY", "-1529"], ["COP", "-38712.50"]]);
  expect(new Set(multi.map((r) => r[11])).size).toBe(1);
  expect(multi[1]!.slice(7, 11)).toEqual(["150", "2026-11-03", "manual", "-10.19"]);
  // Quoting and neutralising, as the raw bytes show them.
  expect(text).toContain(`,"'=HYPERLINK(""http://evil.example"",""click"")",EXPENSE,`);
  expect(text).toContain(`,"Lunch, ""the usual""\nwith Ana",EXPENSE,Food & Dining,"Trip, ${MARK}",USD,-12.50,1,`);
  expect(text).toContain(`,${ACCENTS},EXPENSE,`);
  const summary = await get(alice, `/api/reports/summary?${NOVEMBER}`);
  expect(Number(rows.reduce((s, r) => s + cents(r[10]!), 0n))).toBe(summary.body.data.totals.totalCents);
  expect(text).not.toContain(BOB_SECRET);
  expect(text).not.toContain("October");

  const slim = await download(alice, `/api/reports/export?format=csv&${NOVEMBER}&includeCategories=false&includeCurrencyConversion=false`);
  expect(parseCsv(await exportText(slim))[0]).toEqual(["date", "description", "type", "tags", "currency", "original_amount", "usd_amount", "transaction_id"]);
  // Bob's export holds his row only.
  const his = parseCsv(await exportText(await download(bob, `/api/reports/export?${NOVEMBER}`)));
  expect(his.slice(1).map((r) => r[1])).toEqual([BOB_SECRET]);
});

test("GET /reports/export on the web: the signed-in user's CSV; a guest goes to sign in; a bad period goes back to the report", async () => {
  const res = await aliceWeb.fetch("/reports/export?from=2026-11-01&to=2026-11-30");
  expect(res.status).toBe(200);
  expect(res.headers.get("Content-Disposition")).toBe('attachment; filename="tallyworth-2026-11-01_2026-11-30.csv"');
  expect(res.headers.get("Cache-Control")).toBe("no-store");
  const rows = parseCsv(await exportText(res));
  expect(rows).toHaveLength(1 + 7);
  expect(rows.map((r) => r[1])).not.toContain(BOB_SECRET);

  const month = await aliceWeb.fetch("/reports/export?month=2026-10");
  expect(month.headers.get("Content-Disposition")).toContain("tallyworth-2026-10-01_2026-10-31.csv");
  expect(parseCsv(await exportText(month)).slice(1).map((r) => r[1])).toEqual(["October"]);

  const guest = await browser().fetch("/reports/export?from=2026-11-01&to=2026-11-30");
  expect(guest.status).toBe(302);
  expect(guest.headers.get("Location")).toBe(`/auth/login?redirectTo=${encodeURIComponent("/reports/export?from=2026-11-01&to=2026-11-30")}`);

  const bad = await aliceWeb.fetch("/reports/export?from=2026-11-30&to=2026-11-01");
  expect(bad.status).toBe(302);
  expect(bad.headers.get("Location")).toBe("/reports?from=2026-11-30&to=2026-11-01&exportFailed=1");
});

test("a database failure before the first row: the web export goes back with exportFailed=1, the API answers a 500 envelope", async () => {
  allowConsoleError(/^CSV export failed|^API GET \/api\/reports\/(export|summary) failed/);
  await withTableAway("payments", async () => {
    const web = await aliceWeb.fetch("/reports/export?month=2026-11");
    expect(web.status).toBe(302);
    expect(web.headers.get("Location")).toBe("/reports?month=2026-11&exportFailed=1");
    const { status, body } = await get(alice, `/api/reports/export?${NOVEMBER}`);
    expect(status).toBe(500);
    expect(body).toEqual({ status: "error", message: "Internal server error" });
    const summary = await get(alice, `/api/reports/summary?${NOVEMBER}`);
    expect(summary.status).toBe(500);
  });
});

// Issue 20: Excel in Spanish-speaking locales splits on ";", so a formula after a ";" inside a
// description ran; and tags joined with "; " could not be told apart from a tag named "a; b".
test("the CSV neutralises a formula after ';' or ',' inside a cell, quotes ';', and writes tags that read back exactly", async () => {
  const carol = await registerViaApi();
  const names = ["a; b", "=SUM(A1)", "back\\slash", "trip, 2026"];
  const ids: string[] = [];
  for (const name of names) ids.push((await created(carol, "/api/tags", { name, color: "#3B82F6" })).tag.id);
  await created(carol, "/api/transactions", {
    description: "Taxi;=cmd|' /C calc'!A0, -2+3",
    date: "2026-11-05",
    categoryId: "default-transport",
    amount: "8.00",
    tags: ids,
  });
  const text = await exportText(await download(carol, `/api/reports/export?${NOVEMBER}`));
  expect(text).toContain(`,"Taxi;'=cmd|' /C calc'!A0, '-2+3",EXPENSE,`);
  const [header, row] = parseCsv(text);
  const tagsCell = row![header!.indexOf("tags")]!;
  // In name order (the folded name's code units): "=" sorts before letters.
  expect(readTagsCell(tagsCell)).toEqual(["=SUM(A1)", "a; b", "back\\slash", "trip, 2026"]);
  // Split as Excel does in Spanish, on ';' whatever the quotes: no piece starts a formula.
  for (const line of text.split("\r\n")) {
    for (const piece of line.split(/[;,]/)) expect(piece.replace(/^[\s"]+/, ""), line).not.toMatch(/^[=+@]|^-(?!\d)/);
  }
});
