import { expect, test } from "vitest";
import { MAX_USER_TOTAL_MINOR } from "~/money/amounts";
import type { ImportContext } from "./candidates";
import { applyMapping, headerFingerprint, type ImportMapping } from "./mapping";
import { readImportFile, type ReadFile } from "./read";

const CONTEXT: ImportContext = {
  today: "2026-11-27",
  currencies: [
    { code: "USD", decimals: 2 },
    { code: "EUR", decimals: 2 },
    { code: "JPY", decimals: 0 },
    { code: "VES", decimals: 2 },
  ],
};

function file(text: string): ReadFile {
  const outcome = readImportFile(new TextEncoder().encode(text));
  if (!outcome.ok) throw new Error(outcome.error.key);
  return outcome.file;
}

const SIGNED: ImportMapping = {
  date: { column: 0, format: "yyyy-MM-dd" },
  description: 1,
  amount: { kind: "signed", column: 2, decimalSign: "." },
  type: { kind: "amount" },
  currency: { kind: "column", column: 3 },
  category: 4,
  tags: 5,
  rate: 6,
};

test("a mapped row becomes a candidate: date, description, type from the sign, currency, minor units, category, tags, the file's rate", () => {
  const read = file(
    "date,text,amount,ccy,cat,tags,rate\n2026-03-01, Coffee ,-3.50,eur,Food,\"trip; work, trip\",0.9\n2026-03-02,Salary,1200,USD,,,\n",
  );
  const result = applyMapping(read, SIGNED, CONTEXT);
  expect(result.errors).toEqual([]);
  expect(result.candidates).toEqual([
    {
      line: 2,
      lines: [2],
      date: "2026-03-01",
      description: "Coffee",
      type: "EXPENSE",
      categoryName: "Food",
      tagNames: ["trip", "work"],
      payments: [{ currency: "EUR", amountMinor: 350, rate: { rate: "0.9", date: null, source: null } }],
      transactionId: null,
    },
    {
      line: 3,
      lines: [3],
      date: "2026-03-02",
      description: "Salary",
      type: "INCOME",
      categoryName: null,
      tagNames: [],
      payments: [{ currency: "USD", amountMinor: 120000, rate: null }],
      transactionId: null,
    },
  ]);
});

test("bad cells are row errors with the record's line, never exceptions; good rows around them are kept", () => {
  const read = file(
    [
      "date,text,amount,ccy,cat,tags,rate",
      "2026-03-01,ok,-1,EUR,,,",
      "2026-03-01,short",
      "1899-12-31,old,-1,EUR,,,",
      "2026-03-01,,-1,EUR,,,",
      "2026-03-01,unknown,-1,XXX,,,",
      "2026-03-01,no currency,-1,,,,",
      "2026-03-01,bad amount,12abc,EUR,,,",
      "2026-03-01,bad rate,-1,VES,,,-3",
      "2026-03-01,zero rate,-1,VES,,,0",
      "2026-03-01,bell\u0007,-1,EUR,,,",
      `2026-03-01,${"x".repeat(201)},-1,EUR,,,`,
      "2026-03-01,yen,-1.5,JPY,,,",
    ].join("\n"),
  );
  const result = applyMapping(read, SIGNED, CONTEXT);
  expect(result.candidates.map((c) => c.line)).toEqual([2]);
  expect(result.errors.map((e) => [e.line, e.key])).toEqual([
    [3, "import.row.tooFewCells"],
    [4, "import.row.dateOutOfRange"],
    [5, "import.row.descriptionRequired"],
    [6, "import.row.currencyUnknown"],
    [7, "import.row.currencyRequired"],
    [8, "import.row.amountInvalid"],
    [9, "import.row.rateInvalid"],
    [10, "import.row.rateInvalid"],
    [11, "import.row.controlCharacters"],
    [12, "import.row.descriptionTooLong"],
    [13, "import.row.amountTooManyDecimals"],
  ]);
  expect(result.errors[0]).toEqual({ line: 3, key: "import.row.tooFewCells", values: { expected: 4, found: 2 } });
});

test("a USD row's rate in the file is ignored: USD is the base, its rate is 1", () => {
  const read = file("date,text,amount,ccy,cat,tags,rate\n2026-03-01,x,-1,USD,,,0.5\n");
  expect(applyMapping(read, SIGNED, CONTEXT).candidates[0]!.payments[0]!.rate).toBeNull();
});

const DEBIT_CREDIT: ImportMapping = {
  date: { column: 0, format: "MM/dd/yyyy" },
  description: 1,
  amount: { kind: "debitCredit", debit: 2, credit: 3, decimalSign: "." },
  type: { kind: "amount" },
  currency: { kind: "fixed", code: "USD" },
};

test("debit and credit columns: debit is an expense, credit an income, a zero counts as empty, both filled is an error", () => {
  const read = file(
    'Date,Desc,Debit,Credit\n03/01/2026,Coffee,4.75,\n03/02/2026,Pay,,"2,500.00"\n03/03/2026,Refund,0.00,12.00\n03/04/2026,Both,1.00,2.00\n03/05/2026,Neither,,\n03/06/2026,Signed debit,-4.00,\n',
  );
  const result = applyMapping(read, DEBIT_CREDIT, CONTEXT);
  expect(result.candidates.map((c) => [c.line, c.type, c.payments[0]!.amountMinor])).toEqual([
    [2, "EXPENSE", 475],
    [3, "INCOME", 250000],
    [4, "INCOME", 1200],
    [7, "EXPENSE", 400],
  ]);
  expect(result.errors.map((e) => [e.line, e.key])).toEqual([
    [5, "import.row.debitAndCredit"],
    [6, "import.row.amountRequired"],
  ]);
});

test("type from a column: its values name INCOME or EXPENSE (compared folded), the amount's sign is ignored", () => {
  const mapping: ImportMapping = {
    date: { column: 0, format: "dd/MM/yyyy" },
    description: 1,
    amount: { kind: "signed", column: 2, decimalSign: "," },
    type: { kind: "column", column: 3, income: ["Abono"], expense: ["Cargo", "Débito"] },
    currency: { kind: "fixed", code: "EUR" },
  };
  const read = file("F;D;I;T\n01/03/2026;Nómina;1.000,00;ABONO\n02/03/2026;Luz;-50,00;cargo\n03/03/2026;Agua;20,00; debito \n04/03/2026;?;1,00;Otro\n");
  const result = applyMapping(read, mapping, CONTEXT);
  expect(result.candidates.map((c) => [c.type, c.payments[0]!.amountMinor])).toEqual([
    ["INCOME", 100000],
    ["EXPENSE", 5000],
    ["EXPENSE", 2000],
  ]);
  expect(result.errors).toEqual([{ line: 5, key: "import.row.typeUnknown", values: { value: "Otro" } }]);
});

test("a mapping naming a column the file lacks, or an unknown fixed currency, reads nothing and says which field", () => {
  const read = file("a,b\n2026-03-01,x\n");
  const result = applyMapping(read, { ...DEBIT_CREDIT, currency: { kind: "fixed", code: "XYZ" } }, CONTEXT);
  expect(result.candidates).toEqual([]);
  expect(result.mappingErrors).toEqual([
    { field: "debit", key: "import.mapping.columnMissing", values: { columns: 2 } },
    { field: "credit", key: "import.mapping.columnMissing", values: { columns: 2 } },
    { field: "currency", key: "import.mapping.currencyUnknown", values: { currency: "XYZ" } },
  ]);
  expect(applyMapping(read, null, CONTEXT).mappingErrors).toEqual([{ field: "mapping", key: "import.mapping.required" }]);
});

test("the per-user limit: a row that would take a currency's total past 10^15 minor units is an error, counting what is stored", () => {
  const read = file("date,text,amount,ccy,cat,tags,rate\n2026-03-01,a,999999999999.99,EUR,,,\n2026-03-02,b,1.00,EUR,,,\n2026-03-03,c,1.00,JPY,,,\n");
  const stored = { EUR: BigInt(MAX_USER_TOTAL_MINOR) - 99999999999999n };
  const result = applyMapping(read, SIGNED, { ...CONTEXT, storedMinorByCurrency: stored });
  expect(result.candidates.map((c) => c.line)).toEqual([2, 4]);
  expect(result.errors).toEqual([{ line: 3, key: "import.row.overUserLimit", values: { currency: "EUR" } }]);
});

test("the header's fingerprint ignores case, accents and spaces, and changes with a column's name or order", () => {
  const key = headerFingerprint(["Fecha", "Concepto", "Importe"]);
  expect(key).toMatch(/^[0-9a-f]{16}$/);
  expect(headerFingerprint([" fecha ", "CONCEPTO", "importe"])).toBe(key);
  expect(headerFingerprint(["Fécha", "Concepto", "Importe"])).toBe(key);
  expect(headerFingerprint(["Concepto", "Fecha", "Importe"])).not.toBe(key);
  expect(headerFingerprint(["Fecha", "Concepto", "Importe", "Saldo"])).not.toBe(key);
  expect(headerFingerprint(["Fecha", "Concepto Importe"])).not.toBe(key);
});
