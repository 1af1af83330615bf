import { expect, test } from "vitest";
import { importMappingSchema, readOptionsSchema } from "./schemas";

const MAPPING = {
  date: { column: 0, format: "dd/MM/yyyy" },
  description: 1,
  amount: { kind: "debitCredit", debit: 2, credit: 3, decimalSign: "," },
  type: { kind: "column", column: 4, income: ["Abono"], expense: ["Cargo"] },
  currency: { kind: "fixed", code: " eur " },
};

test("a mapping sent as JSON (a saved one read back, the API's multipart mapping) is read, optional columns as null", () => {
  expect(importMappingSchema.parse(JSON.parse(JSON.stringify(MAPPING)))).toEqual({
    ...MAPPING,
    currency: { kind: "fixed", code: "EUR" },
    category: null,
    tags: null,
    rate: null,
  });
});

test("a mapping that cannot be one is refused with the reader's message keys", () => {
  const issues = (value: unknown) => importMappingSchema.safeParse(value).error?.issues.map((i) => [i.path.join("."), i.message]);
  expect(issues({ ...MAPPING, date: { column: 0, format: "d/M/y" } })).toEqual([["date.format", "import.mapping.dateFormat"]]);
  expect(issues({ ...MAPPING, description: -1 })).toEqual([["description", "import.mapping.invalid"]]);
  expect(issues({ ...MAPPING, amount: { kind: "signed", column: 2, decimalSign: ";" } })).toEqual([["amount.decimalSign", "import.mapping.decimalSign"]]);
  expect(issues({ ...MAPPING, currency: { kind: "fixed", code: "euro" } })).toEqual([["currency.code", "import.mapping.invalid"]]);
  expect(issues({ ...MAPPING, type: { kind: "guess" } })).toEqual([["type.kind", "import.mapping.invalid"]]);
});

test("the reader's overrides are the offered encodings and delimiters, or absent", () => {
  expect(readOptionsSchema.parse({})).toEqual({});
  expect(readOptionsSchema.parse({ encoding: "windows-1252", delimiter: "\t" })).toEqual({ encoding: "windows-1252", delimiter: "\t" });
  expect(readOptionsSchema.safeParse({ encoding: "latin1" }).success).toBe(false);
  expect(readOptionsSchema.safeParse({ delimiter: ":" }).success).toBe(false);
});
