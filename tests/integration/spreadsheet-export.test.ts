import { SELF } from "cloudflare:test";
import { strFromU8, unzipSync } from "fflate";
import { readSheet } from "read-excel-file/universal";
import { beforeAll, expect, test } from "vitest";
import { allowConsoleError } from "../setup/console-errors";
import { api, registerViaApi, type ApiAccount } from "./api-client";
import { browser, freshIp, ORIGIN, signedIn, withTableAway } from "./helpers";
import { insertTransaction, testDb } from "./seed-rows";
import { addTransactions } from "../setup/rows";

// Issue 26's spreadsheet export through the Worker on D1 (decision 038): the /reports link and
// GET /api/reports/export?format=xlsx give an .xlsx that read-excel-file reads back with
// translated headers, types and category names, number cells and date cells, the caller's rows
// only; a guest is sent to sign in (web) or answered 401 (API).

const MARK = crypto.randomUUID().slice(0, 8);
const BOB_SECRET = `Bob secret ${MARK}`;
const NOVEMBER = "startDate=2026-11-01&endDate=2026-11-30";
const XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

let alice: ApiAccount;
let bob: ApiAccount;

async function created(account: ApiAccount, json: unknown) {
  const res = await api("/api/transactions", { token: account.accessToken, json });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
}

const download = (account: ApiAccount, path: string, headers: Record<string, string> = {}) =>
  SELF.fetch(`${ORIGIN}${path}`, { headers: { Authorization: `Bearer ${account.accessToken}`, "CF-Connecting-IP": freshIp(), ...headers } });

const sheetOf = async (res: Response) => readSheet(await res.arrayBuffer());
const day = (iso: string) => new Date(`${iso}T00:00:00Z`);

beforeAll(async () => {
  alice = await registerViaApi();
  bob = await registerViaApi();
  await created(alice, { type: "INCOME", categoryId: "default-salary", description: `Salary ${MARK}`, date: "2026-11-01", amount: "1234.56" });
  await created(alice, {
    type: "EXPENSE",
    categoryId: "default-housing",
    description: `Rent ${MARK}`,
    date: "2026-11-03",
    payments: [
      { currencyCode: "EUR", amount: "45.00", exchangeRate: "0.9" },
      { currencyCode: "JPY", amount: "1529", exchangeRate: "150" },
    ],
  });
  await created(bob, { type: "EXPENSE", categoryId: "default-food", description: BOB_SECRET, date: "2026-11-02", amount: "33.33" });
});

test("GET /api/reports/export?format=xlsx: an .xlsx in the request's language, numbers as numbers and dates as dates, the caller's rows only", async () => {
  const res = await download(alice, `/api/reports/export?format=xlsx&${NOVEMBER}`, { "Accept-Language": "es" });
  expect(res.status).toBe(200);
  expect(res.headers.get("Content-Type")).toBe(XLSX);
  expect(res.headers.get("Content-Disposition")).toBe('attachment; filename="tallyworth-2026-11-01_2026-11-30.xlsx"');
  expect(res.headers.get("Cache-Control")).toBe("no-store");
  const rows = await sheetOf(res);
  expect(rows[0]).toEqual([
    "Fecha", "Descripción", "Tipo", "Categoría", "Etiquetas", "Moneda", "Monto",
    "Tasa de cambio (por USD)", "Fecha de la tasa", "Origen de la tasa", "Monto en USD", "ID de transacción",
  ]);
  expect(rows).toHaveLength(1 + 3);
  expect(rows[1]!.slice(0, 7)).toEqual([day("2026-11-01"), `Salary ${MARK}`, "Ingreso", "Salario", null, "USD", 1234.56]);
  expect(rows[1]![10]).toBe(1234.56);
  // A payment per row, each amount at its currency's decimals, the rate as a number, its date a date.
  expect(rows.slice(2).map((r) => r.slice(2, 11))).toEqual([
    ["Gasto", "Vivienda", null, "EUR", -45, 0.9, day("2026-11-03"), "manual", -50],
    ["Gasto", "Vivienda", null, "JPY", -1529, 150, day("2026-11-03"), "manual", -10.19],
  ]);
  expect(JSON.stringify(rows)).not.toContain(BOB_SECRET);

  // Bob's holds his row only, in English without Accept-Language; the options drop columns as the CSV's do.
  const his = await sheetOf(await download(bob, `/api/reports/export?format=XLSX&${NOVEMBER}&includeCurrencyConversion=false`));
  expect(his[0]).toEqual(["Date", "Description", "Type", "Category", "Tags", "Currency", "Amount", "Amount in USD", "Transaction ID"]);
  expect(his.slice(1).map((r) => r.slice(1, 4))).toEqual([[BOB_SECRET, "Expense", "Food & Dining"]]);

  const guest = await SELF.fetch(`${ORIGIN}/api/reports/export?format=xlsx&${NOVEMBER}`, { headers: { "CF-Connecting-IP": freshIp() } });
  expect(guest.status).toBe(401);
});

test("GET /reports/export?format=xlsx on the web: the page's language, the signed-in user's rows; the report links to it; a guest goes to sign in", async () => {
  const { b, userId } = await signedIn("es");
  await insertTransaction({ userId, categoryId: "default-food", description: `Cena ${MARK}`, date: "2026-11-20", usdCents: 1250 });

  const page = await (await b.fetch("/reports?month=2026-11")).text();
  expect(page).toContain('href="/reports/export?from=2026-11-01&amp;to=2026-11-30&amp;format=xlsx"');
  expect(page).toContain("Hoja de cálculo (.xlsx)");
  expect(page).toContain("el CSV es el archivo para volver a importar");

  const res = await b.fetch("/reports/export?from=2026-11-01&to=2026-11-30&format=xlsx");
  expect(res.status).toBe(200);
  expect(res.headers.get("Content-Type")).toBe(XLSX);
  const rows = await sheetOf(res);
  expect(rows[0]![0]).toBe("Fecha");
  expect(rows.slice(1).map((r) => r.slice(0, 7).concat(r[10]!))).toEqual([[day("2026-11-20"), `Cena ${MARK}`, "Gasto", "Comida y restaurantes", null, "USD", -12.5, -12.5]]);

  const guest = await browser().fetch("/reports/export?from=2026-11-01&to=2026-11-30&format=xlsx");
  expect(guest.status).toBe(302);
  expect(guest.headers.get("Location")).toBe(`/auth/login?redirectTo=${encodeURIComponent("/reports/export?from=2026-11-01&to=2026-11-30&format=xlsx")}`);
  const unknown = await b.fetch("/reports/export?from=2026-11-01&to=2026-11-30&format=pdf");
  expect(unknown.headers.get("Location")).toBe("/reports?from=2026-11-01&to=2026-11-30&exportFailed=1");
});

test("a database failure before the first row: the web spreadsheet goes back with exportFailed=1, the API answers a 500 envelope", async () => {
  allowConsoleError(/^Spreadsheet export failed|^API GET \/api\/reports\/export failed/);
  const { b } = await signedIn();
  await withTableAway("payments", async () => {
    const web = await b.fetch("/reports/export?month=2026-11&format=xlsx");
    expect(web.status).toBe(302);
    expect(web.headers.get("Location")).toBe("/reports?month=2026-11&exportFailed=1");
    const { status, body } = await api(`/api/reports/export?format=xlsx&${NOVEMBER}`, { token: alice.accessToken });
    expect(status).toBe(500);
    expect(body).toEqual({ status: "error", message: "Internal server error" });
  });
});

// fflate's asynchronous zip (which write-excel-file uses) hands any file over 160 KB to a worker
// thread, which Workers do not have: such an export failed there. This sheet is about 1.5 MB of
// XML, streamed through the synchronous deflate in chunks of 500 transactions. (read-excel-file
// unzips asynchronously too, so here the sheet is unzipped with fflate's synchronous unzip and its
// rows counted; export-xlsx.server.test.ts reads a file as large back in Node.)
test("a year of 3,000 payments streams whole through the Worker, every row in order", async () => {
  const { b, userId } = await signedIn();
  const seeds = Array.from({ length: 3000 }, (_, i) => ({
    userId,
    categoryId: "default-food",
    description: `Coffee ${i}`,
    date: `2026-${String(1 + (i % 10)).padStart(2, "0")}-${String(1 + (i % 28)).padStart(2, "0")}`,
    usdCents: 100 + i,
  }));
  await addTransactions(testDb(), seeds);
  const res = await b.fetch("/reports/export?from=2026-01-01&to=2026-12-31&format=xlsx");
  expect(res.status).toBe(200);
  const sheet = strFromU8(unzipSync(new Uint8Array(await res.arrayBuffer()))["xl/worksheets/sheet1.xml"]!);
  expect(sheet.length).toBeGreaterThan(1_000_000);
  expect(sheet.endsWith("</row></sheetData></worksheet>")).toBe(true);
  const rows = [...sheet.matchAll(/<row r="(\d+)">/g)].map((m) => Number(m[1]));
  expect(rows).toEqual(Array.from({ length: 3001 }, (_, i) => i + 1));
  // The USD column (K) adds up to the seeded expenses, to the cent.
  const usd = [...sheet.matchAll(/<c r="K\d+" s="\d+"><v>(-?[\d.]+)<\/v>/g)].reduce((sum, m) => sum + Math.round(Number(m[1]) * 100), 0);
  expect(usd).toBe(-seeds.reduce((sum, s) => sum + s.usdCents, 0));
});
