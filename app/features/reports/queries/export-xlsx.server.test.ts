import { strFromU8, unzipSync } from "fflate";
import { readSheet } from "read-excel-file/universal";
import { eq } from "drizzle-orm";
import { beforeAll, expect, test } from "vitest";
import { createLibsqlTestDb } from "../../../../tests/setup/libsql-db";
import { insertTransaction } from "~/features/transactions/commands.server";
import type { ResolvedPayment } from "~/features/transactions/model/resolve";
import { serverTranslator } from "~/locales/server-translators";
import type { Db } from "~/platform/db/client.server";
import { categories, tags, transactions, users } from "~/platform/db/schema";
import { monthPeriod } from "../model/period";
import { XLSX_CONTENT_TYPE } from "../model/formats";
import { csvExport, exportColumns } from "./export.server";
import { spreadsheetColumns, xlsxExport } from "./export-xlsx.server";
import { parseCsv } from "../../../../tests/setup/parse-csv";
import { addTransactions } from "../../../../tests/setup/rows";

// The spreadsheet export on libSQL, read back with read-excel-file (an .xlsx reader that knows
// nothing of our writer): what Excel or LibreOffice shows a person in English or Spanish.

const alice = "user-xlsx-alice";
const bob = "user-xlsx-bob";
const november = monthPeriod("2026-11-01");
const ALL = { includeCategories: true, includeCurrencyConversion: true };
let db: Db;

type Payment = Omit<ResolvedPayment, "position">;
const usd = (usdCents: number): Payment => ({ currencyCode: "USD", amountMinor: usdCents, method: "cash", rate: "1", rateDate: "2026-11-01", rateSource: "fixed", usdCents });
const jpy = (amountMinor: number, usdCents: number): Payment => ({
  currencyCode: "JPY", amountMinor, method: "cash", rate: "152.84", rateDate: "2026-10-31", rateSource: "snapshot", usdCents,
});
const eur = (amountMinor: number, usdCents: number): Payment => ({
  currencyCode: "EUR", amountMinor, method: "debit_card", rate: "0.9", rateDate: "2026-11-03", rateSource: "manual", usdCents,
});

const ids: Record<string, string> = {};
async function add(name: string, userId: string, type: "INCOME" | "EXPENSE", date: string, description: string, payments: Payment[], categoryId: string | null, tagIds: string[] = []) {
  ids[name] = await insertTransaction(
    db,
    userId,
    { type, description, date, categoryId: categoryId ?? "default-food", tagIds, payments: payments.map((p, position) => ({ ...p, position })), usdCents: payments.reduce((sum, p) => sum + p.usdCents, 0) },
    { ip: null },
  );
  // No category: what deleting a category leaves its transactions with.
  if (categoryId === null) await db.update(transactions).set({ categoryId: null }).where(eq(transactions.id, ids[name]!));
}

async function workbook(userId: string, language: "en" | "es", options = ALL, chunk?: number) {
  const response = await xlsxExport(db, userId, november, options, serverTranslator(language).t, chunk);
  const bytes = new Uint8Array(await response.arrayBuffer());
  return { response, bytes, rows: await readSheet(bytes.buffer as ArrayBuffer) };
}

/** The number format each cell of a row shows with (the sheet's s attribute → styles.xml's cellXfs → numFmtId). */
function formatsOfRow(bytes: Uint8Array, row: number): Record<string, string> {
  const files = unzipSync(bytes);
  const styles = strFromU8(files["xl/styles.xml"]!);
  const customs = Object.fromEntries([...styles.matchAll(/<numFmt numFmtId="(\d+)" formatCode="([^"]+)"/g)].map((m) => [m[1], m[2]]));
  const builtIn: Record<string, string> = { "0": "General", "3": "#,##0", "4": "#,##0.00", "14": "short date" };
  const xfs = [...styles.split("<cellXfs")[1]!.matchAll(/<xf numFmtId="(\d+)"/g)].map((m) => m[1]!);
  const sheet = strFromU8(files["xl/worksheets/sheet1.xml"]!);
  const xml = sheet.match(new RegExp(`<row r="${row}">(.*?)</row>`))![1]!;
  return Object.fromEntries(
    [...xml.matchAll(/<c r="([A-Z]+)\d+"(?: s="(\d+)")?/g)].map((m) => {
      const id = xfs[Number(m[2] ?? 0)]!;
      return [m[1]!, customs[id] ?? builtIn[id] ?? id];
    }),
  );
}

beforeAll(async () => {
  db = await createLibsqlTestDb();
  for (const id of [alice, bob]) await db.insert(users).values({ id, email: `${id}@example.com`, firstName: id, lastName: "Test", passwordHash: "x" });
  await db.insert(categories).values({ id: "cat-alice-own", userId: alice, name: "Mascotas", nameKey: "mascotas", type: "expense" });
  await db.insert(tags).values([
    { id: "tag-x-z", userId: alice, name: "Zeta, trip", nameKey: "zeta, trip" },
    { id: "tag-x-a", userId: alice, name: "alpha", nameKey: "alpha" },
  ]);
  await add("salary", alice, "INCOME", "2026-11-01", "Salary", [usd(123_456)], "default-salary");
  await add("formula", alice, "EXPENSE", "2026-11-02", '=HYPERLINK("http://evil.example","click")', [usd(1_999)], "default-food", ["tag-x-z", "tag-x-a"]);
  await add("mixed", alice, "EXPENSE", "2026-11-03", "Café crème à Señor Núñez", [eur(4_500, 5_000), jpy(1_529, 1_000)], "cat-alice-own");
  await add("plain", alice, "EXPENSE", "2026-11-30", "No category <&>", [usd(5)], null);
  await add("october", alice, "EXPENSE", "2026-10-31", "Not in November", [usd(7_777)], "default-food");
  await add("bob", bob, "EXPENSE", "2026-11-02", "Bob's secret", [usd(3_333)], "default-food");
});

test("the file: an .xlsx attachment named after the period, never cached", async () => {
  const { response, bytes } = await workbook(alice, "en");
  expect(response.headers.get("Content-Type")).toBe(XLSX_CONTENT_TYPE);
  expect(response.headers.get("Content-Disposition")).toBe('attachment; filename="tallyworth-2026-11-01_2026-11-30.xlsx"');
  expect(response.headers.get("Cache-Control")).toBe("no-store");
  // A zip (PK\x03\x04), as every .xlsx is.
  expect([...bytes.slice(0, 4)]).toEqual([0x50, 0x4b, 0x03, 0x04]);
});

test("in English: translated headers and types, numbers as numbers, dates as dates, one row per payment of the user's period", async () => {
  const { rows } = await workbook(alice, "en");
  expect(rows[0]).toEqual([
    "Date", "Description", "Type", "Category", "Tags", "Currency", "Amount",
    "Exchange rate (per USD)", "Rate date", "Rate source", "Amount in USD", "Transaction ID",
  ]);
  expect(rows).toHaveLength(1 + 5);
  // 123456 minor units of a 2-decimal currency are the number 1234.56.
  expect(rows[1]).toEqual([new Date(Date.UTC(2026, 10, 1)), "Salary", "Income", "Salary", null, "USD", 1234.56, 1, new Date(Date.UTC(2026, 10, 1)), "fixed", 1234.56, ids.salary]);
  // Text that looks like a formula stays text: a string cell is never evaluated.
  expect(rows[2]!.slice(1, 5)).toEqual(['=HYPERLINK("http://evil.example","click")', "Expense", "Food & Dining", "alpha, Zeta, trip"]);
  expect(rows[2]![6]).toBe(-19.99);
  // The multi-payment expense: a row per payment, each in its currency's decimals (yen have none).
  const mixed = rows.filter((r) => r[11] === ids.mixed);
  expect(mixed.map((r) => r.slice(3, 11))).toEqual([
    ["Mascotas", null, "EUR", -45, 0.9, new Date(Date.UTC(2026, 10, 3)), "manual", -50],
    ["Mascotas", null, "JPY", -1529, 152.84, new Date(Date.UTC(2026, 9, 31)), "snapshot", -10],
  ]);
  expect(rows[5]!.slice(1, 4)).toEqual(["No category <&>", "Expense", null]);
  const text = JSON.stringify(rows);
  expect(text).not.toContain("Bob's secret");
  expect(text).not.toContain("Not in November");
});

test("in Spanish: the headers, the types and the default categories' names as the pages show them; the user's own names as typed", async () => {
  const { rows } = await workbook(alice, "es");
  expect(rows[0]).toEqual([
    "Fecha", "Descripción", "Tipo", "Categoría", "Etiquetas", "Moneda", "Monto",
    "Tasa de cambio (por USD)", "Fecha de la tasa", "Origen de la tasa", "Monto en USD", "ID de transacción",
  ]);
  expect(rows[1]!.slice(2, 4)).toEqual(["Ingreso", "Salario"]);
  expect(rows[2]!.slice(2, 4)).toEqual(["Gasto", "Comida y restaurantes"]);
  expect(rows[3]![3]).toBe("Mascotas");
  // The values are the same numbers in any language: the reader's spreadsheet shows its own separators.
  expect(rows[1]![6]).toBe(1234.56);
});

test("amounts carry a grouped number format at their currency's decimals, USD at two, dates a date format", async () => {
  const { bytes } = await workbook(alice, "en");
  // Row 4 is the EUR payment, row 5 the JPY one; column G the amount, H the rate, I the rate's date, K USD.
  expect(formatsOfRow(bytes, 4)).toMatchObject({ A: "short date", G: "#,##0.00", H: "General", I: "short date", K: "#,##0.00" });
  expect(formatsOfRow(bytes, 5)).toMatchObject({ G: "#,##0", K: "#,##0.00" });
});

test("the same columns as the CSV for every choice of options, and the same rows", async () => {
  for (const includeCategories of [true, false])
    for (const includeCurrencyConversion of [true, false]) {
      const options = { includeCategories, includeCurrencyConversion };
      expect(spreadsheetColumns(options).map((c) => c.name)).toEqual(exportColumns(options).map((c) => c.name));
    }
  const options = { includeCategories: false, includeCurrencyConversion: false };
  const { rows } = await workbook(alice, "en", options);
  expect(rows[0]).toEqual(["Date", "Description", "Type", "Tags", "Currency", "Amount", "Amount in USD", "Transaction ID"]);
  const csv = parseCsv(new TextDecoder().decode(await (await csvExport(db, alice, november, options)).arrayBuffer()).slice(1));
  expect(rows.map((r) => r.at(-1))).toEqual(csv.map((r) => r.at(-1)).map((id, i) => (i === 0 ? "Transaction ID" : id)));
  // The USD column adds up as the CSV's does, to the cent.
  const cents = (values: unknown[]) => values.reduce<number>((sum, v) => sum + Math.round(Number(v) * 100), 0);
  expect(cents(rows.slice(1).map((r) => r[6]))).toBe(cents(csv.slice(1).map((r) => r[6])));
});

test("chunks of one transaction give the same rows as one chunk; a period without payments is the header row alone", async () => {
  const whole = (await workbook(alice, "en")).rows;
  expect((await workbook(alice, "en", ALL, 1)).rows).toEqual(whole);
  const empty = await xlsxExport(db, bob, monthPeriod("2026-09-01"), ALL, serverTranslator("en").t);
  const rows = await readSheet(await empty.arrayBuffer());
  expect(rows).toHaveLength(1);
  expect(rows[0]![0]).toBe("Date");
});

test("a year of 3,000 payments, written in chunks of 500, reads back whole and in order", { timeout: 120_000 }, async () => {
  const carol = "user-xlsx-carol";
  await db.insert(users).values({ id: carol, email: `${carol}@example.com`, firstName: carol, lastName: "Test", passwordHash: "x" });
  await addTransactions(
    db,
    Array.from({ length: 3000 }, (_, i) => ({
      userId: carol,
      categoryId: "default-food",
      description: `Coffee ${i}`,
      date: `2025-${String(1 + (i % 12)).padStart(2, "0")}-${String(1 + (i % 28)).padStart(2, "0")}`,
      usdCents: 100 + i,
    })),
  );
  const response = await xlsxExport(db, carol, { startDate: "2025-01-01", endDate: "2025-12-31", month: null }, ALL, serverTranslator("es").t);
  const rows = await readSheet(await response.arrayBuffer());
  expect(rows).toHaveLength(1 + 3000);
  const days = rows.slice(1).map((r) => (r[0] as unknown as Date).toISOString().slice(0, 10));
  expect(days).toEqual([...days].sort());
  expect(new Set(rows.slice(1).map((r) => r[1])).size).toBe(3000);
  expect(rows.slice(1).reduce<number>((sum, r) => sum + Math.round((r[10] as number) * 100), 0)).toBe(-(3000 * 100 + (2999 * 3000) / 2));
});
