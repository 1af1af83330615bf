import { readFileSync } from "node:fs";
import { expect, test } from "vitest";
import type { ImportContext } from "./candidates";
import { guessDecimalSign } from "./amounts";
import { guessDateFormat } from "./dates";
import { applyMapping, type ImportMapping } from "./mapping";
import { readImportFile, type ReadFile } from "./read";

// The real-world shapes of tests/fixtures/import/ (issue 26), read and mapped as the import
// flow will: the encoding and delimiter found, each row's candidate or error with its line.
// Our own export's fixture is tested in own-export.test.ts, where it is written.

const CONTEXT: ImportContext = {
  today: "2026-11-27",
  currencies: [
    { code: "USD", decimals: 2 },
    { code: "EUR", decimals: 2 },
    { code: "JPY", decimals: 0 },
  ],
};

function fixture(name: string): ReadFile {
  const bytes = new Uint8Array(readFileSync(new URL(`../../../../tests/fixtures/import/${name}`, import.meta.url)));
  const outcome = readImportFile(bytes);
  if (!outcome.ok) throw new Error(outcome.error.key);
  return outcome.file;
}

const summary = (result: ReturnType<typeof applyMapping>) => ({
  candidates: result.candidates.map((c) => [c.line, c.date, c.description, c.type, c.payments[0]!.currency, c.payments[0]!.amountMinor]),
  errors: result.errors.map((e) => [e.line, e.key]),
});

test("a Spanish bank's file: semicolons, dd/MM/yyyy, 1.234,56; two identical coffees stay two", () => {
  const file = fixture("spanish-bank.csv");
  expect([file.encoding, file.delimiter, file.header]).toEqual(["utf-8", ";", ["Fecha", "Concepto", "Importe", "Saldo"]]);
  expect(guessDateFormat(file.rows.map((r) => r.cells[0]!), CONTEXT.today)).toEqual({ kind: "format", format: "dd/MM/yyyy" });
  expect(guessDecimalSign(file.rows.map((r) => r.cells[2]!))).toBe(",");
  const mapping: ImportMapping = {
    date: { column: 0, format: "dd/MM/yyyy" },
    description: 1,
    amount: { kind: "signed", column: 2, decimalSign: "," },
    type: { kind: "amount" },
    currency: { kind: "fixed", code: "EUR" },
  };
  expect(summary(applyMapping(file, mapping, CONTEXT))).toEqual({
    candidates: [
      [2, "2026-03-02", "Café Central", "EXPENSE", "EUR", 350],
      [3, "2026-03-02", "Café Central", "EXPENSE", "EUR", 350],
      [4, "2026-03-05", "Nómina marzo", "INCOME", "EUR", 123456],
      [5, "2026-03-06", "Alquiler; piso", "EXPENSE", "EUR", 70000],
      [6, "2026-03-17", "Supermercado Día", "EXPENSE", "EUR", 102030],
    ],
    errors: [],
  });
});

test("a US bank's file: debit and credit columns, MM/dd/yyyy, 1,234.56; a 13th month is the row's error", () => {
  const file = fixture("us-bank.csv");
  expect([file.encoding, file.delimiter]).toEqual(["utf-8", ","]);
  expect(guessDateFormat(file.rows.slice(0, 4).map((r) => r.cells[0]!), CONTEXT.today)).toEqual({ kind: "format", format: "MM/dd/yyyy" });
  const mapping: ImportMapping = {
    date: { column: 0, format: "MM/dd/yyyy" },
    description: 1,
    amount: { kind: "debitCredit", debit: 2, credit: 3, decimalSign: "." },
    type: { kind: "amount" },
    currency: { kind: "fixed", code: "USD" },
  };
  expect(summary(applyMapping(file, mapping, CONTEXT))).toEqual({
    candidates: [
      [2, "2026-03-01", "COFFEE SHOP #12", "EXPENSE", "USD", 475],
      [3, "2026-03-02", "PAYROLL ACME INC", "INCOME", "USD", 250000],
      [4, "2026-03-15", "RENT, MARCH", "EXPENSE", "USD", 120000],
      [5, "2026-03-16", "REFUND", "INCOME", "USD", 1200],
    ],
    errors: [[6, "import.row.dateInvalid"]],
  });
});

test("a UTF-16 LE file with its mark (Excel's Unicode text): tabs, accents, CJK and emoji, a currency column", () => {
  const file = fixture("utf16le.csv");
  expect([file.encoding, file.delimiter, file.header]).toEqual(["utf-16le", "\t", ["Date", "Description", "Amount", "Currency"]]);
  const mapping: ImportMapping = {
    date: { column: 0, format: "yyyy-MM-dd" },
    description: 1,
    amount: { kind: "signed", column: 2, decimalSign: "." },
    type: { kind: "amount" },
    currency: { kind: "column", column: 3 },
  };
  expect(summary(applyMapping(file, mapping, CONTEXT))).toEqual({
    candidates: [
      [2, "2026-03-01", "Panadería Ñandú", "EXPENSE", "EUR", 1250],
      [3, "2026-03-02", "東京 ramen 🍜", "EXPENSE", "JPY", 1200],
      [4, "2026-03-03", "Refund", "INCOME", "USD", 3000],
    ],
    errors: [],
  });
});

test("a Windows-1252 file: its accents, euro sign and curly quotes come out right", () => {
  const file = fixture("windows-1252.csv");
  expect([file.encoding, file.delimiter, file.header]).toEqual(["windows-1252", ";", ["Fecha", "Descripción", "Importe"]]);
  const mapping: ImportMapping = {
    date: { column: 0, format: "dd/MM/yyyy" },
    description: 1,
    amount: { kind: "signed", column: 2, decimalSign: "," },
    type: { kind: "amount" },
    currency: { kind: "fixed", code: "EUR" },
  };
  expect(summary(applyMapping(file, mapping, CONTEXT)).candidates).toEqual([
    [2, "2026-03-01", "Cafetería José", "EXPENSE", "EUR", 240],
    [3, "2026-03-02", "Comisión € mantenimiento “anual”", "EXPENSE", "EUR", 100],
    [4, "2026-03-03", "Niño", "INCOME", "EUR", 1000],
  ]);
});

const PLAIN: ImportMapping = {
  date: { column: 0, format: "yyyy-MM-dd" },
  description: 1,
  amount: { kind: "signed", column: 2, decimalSign: "." },
  type: { kind: "amount" },
  currency: { kind: "fixed", code: "USD" },
};

test("line breaks inside quoted cells: each record's line is where it starts, and the description keeps its lines", () => {
  const result = applyMapping(fixture("embedded-newlines.csv"), PLAIN, CONTEXT);
  expect(summary(result)).toEqual({
    candidates: [
      [2, "2026-03-01", 'Dinner with\nfriends, "La Piñata"', "EXPENSE", "USD", 4500],
      [4, "2026-03-02", "Taxi", "EXPENSE", "USD", 1200],
      [6, "2026-03-03", "Line one\r\nline two\r\nline three", "EXPENSE", "USD", 100],
      [9, "2026-03-04", "Last", "INCOME", "USD", 500],
    ],
    errors: [],
  });
});

test("a broken file: short rows, bad cells and an unbalanced quote are errors at their lines; the good row is kept", () => {
  const file = fixture("broken.csv");
  expect(file.problem).toEqual({ key: "import.file.quoteNotClosed", values: { line: 7 }, line: 7 });
  expect(summary(applyMapping(file, PLAIN, CONTEXT))).toEqual({
    candidates: [[2, "2026-03-01", "Fine", "EXPENSE", "USD", 100]],
    errors: [
      [3, "import.row.tooFewCells"],
      [4, "import.row.amountInvalid"],
      [5, "import.row.dateOutOfRange"],
      [6, "import.row.descriptionRequired"],
      [7, "import.file.quoteNotClosed"],
    ],
  });
});
