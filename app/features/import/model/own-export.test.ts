import { readFileSync, writeFileSync } from "node:fs";
import { expect, test } from "vitest";
import { exportColumns } from "~/features/reports/queries/export.server";
import { CSV_BOM, csvLine } from "~/features/reports/model/csv";
import type { PaymentExportRow } from "~/features/transactions/queries.server";
import { toUsdCents } from "~/money/rates";
import type { ImportCandidate, ImportContext } from "./candidates";
import { applyMapping } from "./mapping";
import { isOwnExportHeader, ownExportHeaders } from "./own-export";
import { readImportFile, type ReadFile } from "./read";

// Our own export, written by the export's own columns (export.server.ts), read back without a
// mapping. The fixture tests/fixtures/import/own-export.csv is this writer's output: the first
// test says so, and rewrites it with WRITE_IMPORT_FIXTURES=1 when the export changes on purpose.

const FIXTURE = new URL("../../../../tests/fixtures/import/own-export.csv", import.meta.url);
const DECIMALS = new Map([
  ["USD", 2],
  ["EUR", 2],
  ["JPY", 0],
  ["MXN", 2],
  ["VES", 2],
]);
const CONTEXT: ImportContext = { today: "2026-11-27", currencies: [...DECIMALS].map(([code, decimals]) => ({ code, decimals })) };
const ALL = { includeCategories: true, includeCurrencyConversion: true };

type Payment = { currencyCode: string; amountMinor: number; rate: string; rateDate: string; rateSource: string };
type Transaction = Omit<PaymentExportRow, keyof Payment | "usdCents" | "position"> & { payments: Payment[] };

const TRANSACTIONS: Transaction[] = [
  {
    transactionId: "tx-0001",
    date: "2026-03-01",
    type: "EXPENSE",
    description: "Groceries, weekly",
    categoryName: "Food",
    tagNames: ["family", "trip; 2026"],
    payments: [{ currencyCode: "USD", amountMinor: 4523, rate: "1", rateDate: "2026-03-01", rateSource: "fixed" }],
  },
  {
    transactionId: "tx-0002",
    date: "2026-03-02",
    type: "EXPENSE",
    description: "-2+3 dinner in \"Tokyo\"",
    categoryName: "Dining",
    tagNames: [],
    payments: [
      { currencyCode: "EUR", amountMinor: 5000, rate: "0.92", rateDate: "2026-03-01", rateSource: "exchangerate-api" },
      { currencyCode: "JPY", amountMinor: 1500, rate: "150.25", rateDate: "2026-02-28", rateSource: "snapshot" },
      { currencyCode: "MXN", amountMinor: 12050, rate: "18.4567", rateDate: "2026-03-02", rateSource: "manual" },
    ],
  },
  {
    transactionId: "tx-0003",
    date: "2026-03-03",
    type: "INCOME",
    description: "Salary\nMarch",
    categoryName: "Salary",
    tagNames: ["=work"],
    payments: [{ currencyCode: "VES", amountMinor: 123456789, rate: "36.5", rateDate: "2026-03-03", rateSource: "manual" }],
  },
];

function exportRows(transactions: readonly Transaction[]): PaymentExportRow[] {
  return transactions.flatMap(({ payments, ...t }) =>
    payments.map((p, position) => ({ ...t, ...p, position, usdCents: toUsdCents(p.amountMinor, DECIMALS.get(p.currencyCode)!, p.rate) })),
  );
}

/** What csvExport streams for these rows, with these options. */
function exportText(rows: readonly PaymentExportRow[], options = ALL): string {
  const columns = exportColumns(options);
  return CSV_BOM + csvLine(columns.map((c) => c.name)) + rows.map((row) => csvLine(columns.map((c) => c.cell(row, DECIMALS)))).join("");
}

function read(text: string): ReadFile {
  const outcome = readImportFile(new TextEncoder().encode(text));
  if (!outcome.ok) throw new Error(outcome.error.key);
  return outcome.file;
}

test("the fixture is what the export writes", () => {
  const text = exportText(exportRows(TRANSACTIONS));
  if (process.env.WRITE_IMPORT_FIXTURES === "1") writeFileSync(FIXTURE, text);
  expect(readFileSync(FIXTURE, "utf8")).toBe(text);
});

test("the four headers the export writes are recognised, and no other", () => {
  const written = [true, false].flatMap((includeCategories) =>
    [true, false].map((includeCurrencyConversion) => exportColumns({ includeCategories, includeCurrencyConversion }).map((c) => c.name)),
  );
  expect(ownExportHeaders()).toEqual(written);
  for (const header of written) expect(isOwnExportHeader(header)).toBe(true);
  expect(isOwnExportHeader(["date", "description", "amount"])).toBe(false);
  expect(isOwnExportHeader([...written[0]!, "extra"])).toBe(false);
});

test("our own export is read without a mapping: one candidate per transaction_id, each payment with its rate, date and source", () => {
  const file = read(readFileSync(FIXTURE, "utf8"));
  expect(file.ownExport).toBe(true);
  const result = applyMapping(file, null, CONTEXT);
  expect(result.errors).toEqual([]);
  expect(result.candidates).toEqual<ImportCandidate[]>(
    TRANSACTIONS.map((t, i) => ({
      line: [2, 3, 6][i]!,
      lines: [[2], [3, 4, 5], [6]][i]!,
      date: t.date,
      description: t.description,
      type: t.type,
      categoryName: t.categoryName,
      tagNames: t.tagNames,
      transactionId: t.transactionId,
      payments: t.payments.map((p) => ({ currency: p.currencyCode, amountMinor: p.amountMinor, rate: { rate: p.rate, date: p.rateDate, source: p.rateSource } })),
    })),
  );
});

test("export → read → export gives the same file, to the cent", () => {
  const original = readFileSync(FIXTURE, "utf8");
  const { candidates } = applyMapping(read(original), null, CONTEXT);
  const again: Transaction[] = candidates.map((c) => ({
    transactionId: c.transactionId!,
    date: c.date,
    type: c.type,
    description: c.description,
    categoryName: c.categoryName,
    tagNames: c.tagNames,
    payments: c.payments.map((p) => ({ currencyCode: p.currency, amountMinor: p.amountMinor, rate: p.rate!.rate, rateDate: p.rate!.date!, rateSource: p.rate!.source! })),
  }));
  expect(exportText(exportRows(again))).toBe(original);
});

test("without the conversion or category columns, payments have no rate and no category", () => {
  const options = { includeCategories: false, includeCurrencyConversion: false };
  const { candidates, errors } = applyMapping(read(exportText(exportRows(TRANSACTIONS), options)), null, CONTEXT);
  expect(errors).toEqual([]);
  expect(candidates.map((c) => [c.categoryName, c.payments.map((p) => p.rate)])).toEqual([
    [null, [null]],
    [null, [null, null, null]],
    [null, [null]],
  ]);
});

test("a transaction is imported whole or not at all: a refused or disagreeing payment refuses its others, with their lines", () => {
  const rows = exportRows(TRANSACTIONS);
  rows[2] = { ...rows[2]!, description: "Another description" };
  rows[3] = { ...rows[3]!, transactionId: "tx-0001", usdCents: rows[3]!.usdCents + 1 };
  const { candidates, errors } = applyMapping(read(exportText(rows)), null, CONTEXT);
  expect(candidates.map((c) => c.transactionId)).toEqual(["tx-0003"]);
  expect(errors).toEqual([
    { line: 2, key: "import.row.otherPaymentRefused", values: { line: 5 } },
    { line: 3, key: "import.row.otherPaymentRefused", values: { line: 4 } },
    { line: 4, key: "import.row.paymentDisagrees", values: { line: 3 } },
    { line: 5, key: "import.row.usdDisagrees", values: { value: "-6.54" } },
  ]);
});

test("an amount whose sign disagrees with the type, or an unknown currency, is the row's error", () => {
  const text = exportText(exportRows([TRANSACTIONS[0]!])).replace("-45.23", "45.23");
  expect(applyMapping(read(text), null, CONTEXT).errors).toEqual([{ line: 2, key: "import.row.signDisagrees", values: { type: "EXPENSE" } }]);
  const unknown = applyMapping(read(exportText(exportRows([TRANSACTIONS[0]!]))), null, { ...CONTEXT, currencies: [{ code: "EUR", decimals: 2 }] });
  expect(unknown.errors).toEqual([{ line: 2, key: "import.row.currencyUnknown", values: { currency: "USD" } }]);
});
