import { expect, test } from "vitest";
import type { ImportCandidate } from "./candidates";
import { candidateKey, duplicateKey, markDuplicates, markOwnExportDuplicates } from "./duplicates";

const coffee = { date: "2026-03-01", currency: "EUR", amountMinor: 350, type: "EXPENSE", description: "Café Central" };

test("the key is date, currency, minor units, type and the folded description", () => {
  expect(duplicateKey(coffee)).toBe(duplicateKey({ ...coffee, description: "  CAFE   central " }));
  expect(duplicateKey(coffee)).not.toBe(duplicateKey({ ...coffee, amountMinor: 351 }));
  expect(duplicateKey(coffee)).not.toBe(duplicateKey({ ...coffee, date: "2026-03-02" }));
  expect(duplicateKey(coffee)).not.toBe(duplicateKey({ ...coffee, currency: "USD" }));
  expect(duplicateKey(coffee)).not.toBe(duplicateKey({ ...coffee, type: "INCOME" }));
  expect(duplicateKey(coffee)).not.toBe(duplicateKey({ ...coffee, description: "Café Centra" }));
});

test("three identical coffees in a file with none stored are three new", () => {
  const key = duplicateKey(coffee);
  expect(markDuplicates([key, key, key], [])).toEqual([false, false, false]);
});

test("occurrences are counted: the nth identical row matches the nth identical stored transaction, the rest are new", () => {
  const key = duplicateKey(coffee);
  const other = duplicateKey({ ...coffee, description: "Bread" });
  expect(markDuplicates([key, other, key, key], [key])).toEqual([true, false, false, false]);
  expect(markDuplicates([key, key, key], [key, key])).toEqual([true, true, false]);
});

test("the same file imported twice imports nothing the second time", () => {
  const keys = [duplicateKey(coffee), duplicateKey(coffee), duplicateKey({ ...coffee, description: "Bread" })];
  // After the first import the stored transactions are the file's rows.
  expect(markDuplicates(keys, keys)).toEqual([true, true, true]);
});

const candidate = (id: string | null): ImportCandidate => ({
  line: 2,
  lines: [2],
  date: coffee.date,
  description: coffee.description,
  type: "EXPENSE",
  categoryName: null,
  tagNames: [],
  payments: [{ currency: "EUR", amountMinor: 350, rate: null }],
  transactionId: id,
});

test("a candidate's key is its one payment's", () => {
  expect(candidateKey(candidate(null))).toBe(duplicateKey(coffee));
});

test("our own export: a transaction_id already in the account is a duplicate", () => {
  expect(markOwnExportDuplicates([candidate("a"), candidate("b"), candidate(null)], new Set(["b"]))).toEqual([false, true, false]);
});
