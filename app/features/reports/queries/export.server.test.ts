import { sql } from "drizzle-orm";
import { beforeAll, expect, test, vi } from "vitest";
import { createLibsqlTestDb } from "../../../../tests/setup/libsql-db";
import { insertTransaction } from "~/features/transactions/commands.server";
import type { ResolvedPayment } from "~/features/transactions/model/resolve";
import type { Db } from "~/platform/db/client.server";
import { tags, users } from "~/platform/db/schema";
import { csvExport, exportFilename } from "./export.server";
import { monthPeriod, readRange } from "../model/period";
import { reportData } from "./report.server";
import { parseCsv } from "../../../../tests/setup/parse-csv";

// The CSV export on libSQL: what a spreadsheet (or a script importing the file) reads.

const alice = "user-export-alice";
const bob = "user-export-bob";
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
async function add(name: string, userId: string, type: "INCOME" | "EXPENSE", date: string, description: string, payments: Payment[], tagIds: string[] = []) {
  ids[name] = await insertTransaction(
    db,
    userId,
    {
      type,
      description,
      date,
      categoryId: type === "INCOME" ? "default-salary" : "default-food",
      tagIds,
      payments: payments.map((p, position) => ({ ...p, position })),
      usdCents: payments.reduce((sum, p) => sum + p.usdCents, 0),
    },
    { ip: null },
  );
}


async function exported(userId: string, period = november, options = ALL, chunk?: number) {
  const response = await csvExport(db, userId, period, options, chunk);
  const bytes = new Uint8Array(await response.arrayBuffer());
  return { response, bytes, text: new TextDecoder("utf-8", { ignoreBOM: true }).decode(bytes) };
}

beforeAll(async () => {
  db = await createLibsqlTestDb();
  for (const id of [alice, bob]) await db.insert(users).values({ id, email: `${id}@example.com`, firstName: id, lastName: "Test", passwordHash: "x" });
  await db.insert(tags).values([
    { id: "tag-z", userId: alice, name: "Zeta, trip", nameKey: "zeta, trip" },
    { id: "tag-a", userId: alice, name: "alpha", nameKey: "alpha" },
  ]);
  await add("salary", alice, "INCOME", "2026-11-01", "Salary", [usd(250_000)]);
  await add("formula", alice, "EXPENSE", "2026-11-02", '=HYPERLINK("http://evil.example","click")', [usd(1_999)]);
  await add("quotes", alice, "EXPENSE", "2026-11-02", 'Lunch, "the usual"\nwith Ana', [usd(1_250)], ["tag-z", "tag-a"]);
  await add("accents", alice, "EXPENSE", "2026-11-03", "Café crème à Señor Núñez", [eur(4_500, 5_000), jpy(1_529, 1_000), usd(1)]);
  await add("minus", alice, "EXPENSE", "2026-11-30", "-5 discount", [jpy(7, 5)]);
  await add("october", alice, "EXPENSE", "2026-10-31", "Not in November", [usd(7_777)]);
  await add("bob", bob, "EXPENSE", "2026-11-02", "Bob's secret", [usd(3_333)]);
});

test("the file: a BOM, stable English headers, one CRLF line per payment in date order, expenses negative", async () => {
  const { response, bytes, text } = await exported(alice);
  expect(response.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
  expect(response.headers.get("Content-Disposition")).toBe('attachment; filename="tallyworth-2026-11-01_2026-11-30.csv"');
  expect(response.headers.get("Cache-Control")).toBe("no-store");
  expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const [header, ...rows] = parseCsv(text.slice(1));
  expect(header).toEqual([
    "date", "description", "type", "category", "tags", "currency", "original_amount",
    "exchange_rate", "rate_date", "rate_source", "usd_amount", "transaction_id",
  ]);
  expect(rows).toHaveLength(7);
  expect(rows[0]).toEqual(["2026-11-01", "Salary", "INCOME", "Salary", "", "USD", "2500.00", "1", "2026-11-01", "fixed", "2500.00", ids.salary]);
  // One row per payment of the multi-payment expense, each in its currency's decimals.
  const accents = rows.filter((r) => r[11] === ids.accents);
  expect(accents.map((r) => [r[5], r[6], r[7], r[8], r[9], r[10]])).toEqual([
    ["EUR", "-45.00", "0.9", "2026-11-03", "manual", "-50.00"],
    ["JPY", "-1529", "152.84", "2026-10-31", "snapshot", "-10.00"],
    ["USD", "-0.01", "1", "2026-11-01", "fixed", "-0.01"],
  ]);
  expect(rows.map((r) => r[0])).toEqual([...rows.map((r) => r[0]!)].sort());
  expect(text).not.toContain("Bob's secret");
  expect(text).not.toContain("Not in November");
});

test("text cells are quoted by RFC 4180 and neutralised against formulas; accents survive; amounts stay numbers", async () => {
  const { text } = await exported(alice);
  // The raw lines as a spreadsheet receives them.
  expect(text).toContain(`,"'=HYPERLINK(""http://evil.example"",""click"")",EXPENSE,`);
  expect(text).toContain(`,"Lunch, ""the usual""\nwith Ana",EXPENSE,Food & Dining,"alpha; Zeta, trip",USD,-12.50,`);
  expect(text).toContain(",Café crème à Señor Núñez,EXPENSE,");
  // A description starting with "-" is text (neutralised); a negative amount is a number (not).
  expect(text).toContain(`,'-5 discount,EXPENSE,Food & Dining,,JPY,-7,152.84,2026-10-31,snapshot,-0.05,${ids.minus}\r\n`);
  const rows = parseCsv(text.slice(1)).slice(1);
  expect(rows.find((r) => r[11] === ids.quotes)![1]).toBe('Lunch, "the usual"\nwith Ana');
});

test("the usd_amount column adds up to the report's net balance, to the cent", async () => {
  const rows = parseCsv((await exported(alice)).text.slice(1)).slice(1);
  const cents = rows.reduce((sum, r) => sum + BigInt(r[10]!.replace(".", "")), 0n);
  const report = await reportData(db, alice, november, "daily");
  expect(Number(cents)).toBe(report.netUsdCents);
  expect(report.netUsdCents).toBe(250_000 - 1_999 - 1_250 - 6_001 - 5);
});

test("chunks of one or two transactions give the same file as one chunk: keyset on (date, id) skips and repeats nothing", async () => {
  const whole = (await exported(alice)).text;
  expect((await exported(alice, november, ALL, 1)).text).toBe(whole);
  expect((await exported(alice, november, ALL, 2)).text).toBe(whole);
  const range = readRange("2026-10-01", "2026-11-30", "2026-11-27");
  if (!range.ok) throw new Error(range.error);
  const wider = parseCsv((await exported(alice, range.period, ALL, 1)).text.slice(1));
  expect(wider).toHaveLength(1 + 8);
  expect(wider[1]![1]).toBe("Not in November");
});

test("the options drop the category and conversion columns and keep the others in order; an empty period is the header alone", async () => {
  const [header, first] = parseCsv((await exported(alice, november, { includeCategories: false, includeCurrencyConversion: false })).text.slice(1));
  expect(header).toEqual(["date", "description", "type", "tags", "currency", "original_amount", "usd_amount", "transaction_id"]);
  expect(first).toEqual(["2026-11-01", "Salary", "INCOME", "", "USD", "2500.00", "2500.00", ids.salary]);
  const empty = await exported(bob, monthPeriod("2026-09-01"));
  expect(empty.text).toBe("\uFEFFdate,description,type,category,tags,currency,original_amount,exchange_rate,rate_date,rate_source,usd_amount,transaction_id\r\n");
  expect(exportFilename(monthPeriod("2026-09-01"))).toBe("tallyworth-2026-09-01_2026-09-30.csv");
});

test("the stream is pulled: nothing past the first chunk is read until the reader asks", async () => {
  const response = await csvExport(db, alice, november, ALL, 1);
  const reader = response.body!.getReader();
  const first = new TextDecoder().decode((await reader.read()).value);
  expect(first.split("\r\n").filter(Boolean)).toHaveLength(2);
  await reader.cancel();
});

test("a database failure after the first chunk errors the download instead of ending a file that looks whole", async () => {
  const logged: unknown[][] = [];
  vi.spyOn(console, "error").mockImplementation((...args: unknown[]) => void logged.push(args));
  const response = await csvExport(db, alice, november, ALL, 1);
  const reader = response.body!.getReader();
  expect((await reader.read()).done).toBe(false);
  await db.run(sql`alter table payments rename to payments_away`);
  try {
    await expect(reader.read()).rejects.toThrow(/payments/);
  } finally {
    await db.run(sql`alter table payments_away rename to payments`);
  }
  expect(logged.map((args) => args[0])).toEqual(["CSV export failed while streaming"]);
});
