import { describe, expect, test } from "vitest";
import { mappingFromForm } from "./page.server";
import { guessMappingForm, mappingFormValues, mappingToForm } from "./model/mapping-form";
import type { ImportMapping } from "./model/mapping";

function form(values: Record<string, string>) {
  const data = new FormData();
  for (const [name, value] of Object.entries(values)) data.set(name, value);
  return mappingFormValues(data);
}

describe("the mapping step's form", () => {
  test("a signed amount in a fixed currency, with optional columns left at none", () => {
    const result = mappingFromForm(
      form({ dateColumn: "0", dateFormat: "dd/MM/yyyy", description: "1", amountKind: "signed", amountColumn: "2", decimalSign: ",", typeKind: "amount", currencyKind: "fixed", currencyCode: "eur", categoryColumn: "", tagsColumn: "", rateColumn: "" }),
    );
    expect(result).toEqual({
      ok: true,
      mapping: {
        date: { column: 0, format: "dd/MM/yyyy" },
        description: 1,
        amount: { kind: "signed", column: 2, decimalSign: "," },
        type: { kind: "amount" },
        currency: { kind: "fixed", code: "EUR" },
        category: null,
        tags: null,
        rate: null,
      },
    });
  });

  test("debit and credit columns, the type from a column with its values, the currency from a column", () => {
    const result = mappingFromForm(
      form({
        dateColumn: "0", dateFormat: "MM/dd/yyyy", description: "1", amountKind: "debitCredit", debitColumn: "2", creditColumn: "3", decimalSign: ".",
        typeKind: "column", typeColumn: "4", incomeValues: "Ingreso, abono ", expenseValues: "Gasto", currencyKind: "column", currencyColumn: "5", rateColumn: "6",
      }),
    );
    expect(result.ok && result.mapping).toMatchObject({
      amount: { kind: "debitCredit", debit: 2, credit: 3, decimalSign: "." },
      type: { kind: "column", column: 4, income: ["Ingreso", "abono"], expense: ["Gasto"] },
      currency: { kind: "column", column: 5 },
      rate: 6,
    });
  });

  test("a required column left at none, a missing date format and an unreadable column are errors beside their fields", () => {
    expect(mappingFromForm(form({ dateColumn: "", description: "1", amountKind: "signed", amountColumn: "", typeKind: "amount", currencyKind: "fixed", currencyCode: "USD" }))).toEqual({
      ok: false,
      errors: [
        { field: "dateColumn", key: "import.page.mapping.chooseColumn" },
        { field: "amountColumn", key: "import.page.mapping.chooseColumn" },
      ],
    });
    const noFormat = mappingFromForm(form({ dateColumn: "0", dateFormat: "", description: "1", amountKind: "signed", amountColumn: "2", decimalSign: ".", typeKind: "amount", currencyKind: "fixed", currencyCode: "USD" }));
    expect(noFormat).toEqual({ ok: false, errors: [{ field: "dateFormat", key: "import.mapping.dateFormat" }] });
    const bad = mappingFromForm(form({ dateColumn: "x", dateFormat: "yyyy-MM-dd", description: "1", amountKind: "signed", amountColumn: "2", decimalSign: ";", typeKind: "amount", currencyKind: "fixed", currencyCode: "US" }));
    expect(bad.ok).toBe(false);
    expect(!bad.ok && bad.errors.map((e) => e.field).sort()).toEqual(["currencyCode", "dateColumn", "decimalSign"]);
  });

  test("an overlong value or a file in a field reads as empty", () => {
    const data = new FormData();
    data.set("description", "1".repeat(501));
    data.set("dateColumn", new File(["0"], "x.csv"));
    expect(mappingFormValues(data)).toEqual({});
  });

  test("a mapping shown in the form reads back the same", () => {
    const mapping: ImportMapping = {
      date: { column: 3, format: "dd.MM.yyyy" },
      description: 0,
      amount: { kind: "debitCredit", debit: 1, credit: 2, decimalSign: "," },
      type: { kind: "column", column: 4, income: ["H"], expense: ["S"] },
      currency: { kind: "column", column: 5 },
      category: 6,
      tags: null,
      rate: null,
    };
    expect(mappingFromForm(mappingToForm(mapping))).toEqual({ ok: true, mapping });
  });

  test("the first guess reads English and Spanish headers, and preselects no date format when the dates are ambiguous", () => {
    const spanish = guessMappingForm(["Fecha", "Concepto", "Importe", "Saldo"], { dateFormats: { 0: ["dd/MM/yyyy", "MM/dd/yyyy"] }, decimalSign: "," }, "EUR");
    expect(spanish).toMatchObject({ dateColumn: "0", dateFormat: "", description: "1", amountKind: "signed", amountColumn: "2", decimalSign: ",", currencyKind: "fixed", currencyCode: "EUR" });
    const us = guessMappingForm(["Posted Date", "Payee", "Debit", "Credit"], { dateFormats: { 0: ["MM/dd/yyyy"] }, decimalSign: null }, "USD");
    expect(us).toMatchObject({ dateColumn: "0", dateFormat: "MM/dd/yyyy", description: "1", amountKind: "debitCredit", debitColumn: "2", creditColumn: "3", decimalSign: "." });
  });
});
