// Test support only, imported by no app code: what the transaction form's unit tests
// (model/form.test.ts, schemas/form.test.ts) share: the currencies they know, a form body from
// entries, and a draft payment row.
import { emptyPayment, type DraftPayment } from "./form";

export const fixtureCurrencies = [
  { code: "USD", decimalPlaces: 2 },
  { code: "EUR", decimalPlaces: 2 },
  { code: "JPY", decimalPlaces: 0 },
];

export function formDataOf(entries: [string, string][]): FormData {
  const data = new FormData();
  for (const [name, value] of entries) data.append(name, value);
  return data;
}

export const draftRow = (overrides: Partial<DraftPayment> = {}): DraftPayment => ({ ...emptyPayment("k"), ...overrides });
