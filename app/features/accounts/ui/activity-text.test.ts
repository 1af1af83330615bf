import { expect, test } from "vitest";
import { resources } from "~/locales";
import { createTranslator } from "~/locales/translator";
import { activityText } from "./activity-text";

const en = createTranslator("en", resources.en.translation);
const es = createTranslator("es", resources.es.translation);
const read = (entry: Parameters<typeof activityText>[0], translator = en) => activityText(entry, translator.t, translator.language);

test("an entry of several transactions added in one call reads with its count, in English and Spanish", () => {
  const entry = { action: "transactions_create", description: "3", details: { count: 3 } };
  expect(read(entry)).toEqual({ title: "3 transactions added", line: null });
  expect(read(entry, es)).toEqual({ title: "3 transacciones agregadas", line: null });
  expect(read({ ...entry, details: { count: 1 } }, es).title).toBe("1 transacción agregada");
  expect(read({ ...entry, details: { count: 1 } }).title).toBe("1 transaction added");
});

test("an entry's values are worded in the reader's language, and its own text (a name) is kept", () => {
  expect(read({ action: "role_change", description: "Role changed to user", details: { role: "user" } }, es).line).toBe("Rol cambiado a usuario");
  expect(read({ action: "login_failed", description: "x", details: { reason: "deactivated" } }, es).line).toBe(
    "Intento de inicio de sesión en una cuenta desactivada",
  );
  expect(read({ action: "budget_delete", description: "Food, 2026-01", details: { category: "Food", month: "2026-01" } }, es).line).toBe(
    "Food, enero de 2026",
  );
  expect(read({ action: "goal_update", description: "Holiday", details: { name: "Holiday" } }, es)).toEqual({
    title: "Meta de ahorro actualizada",
    line: "Holiday",
  });
  // The label says it all: no line repeating it.
  expect(read({ action: "login", description: "Signed in", details: {} }, es)).toEqual({ title: "Inicio de sesión", line: null });
});

test("an old entry without values shows its description as stored", () => {
  expect(read({ action: "budget_copy", description: "something else", details: null }, es).line).toBe("something else");
});

test("an entry written by an import or a schedule says so; one from the form or the API does not", () => {
  expect(read({ action: "transactions_create", description: "12", details: { count: 12, source: "import" } }, es)).toEqual({
    title: "12 transacciones agregadas",
    line: "De una importación",
  });
  expect(read({ action: "transaction_create", description: "Rent", details: { description: "Rent", source: "recurring" } })).toEqual({
    title: "Transaction added",
    line: "Rent · Posted by a recurring schedule",
  });
  expect(read({ action: "transaction_create", description: "Coffee", details: { description: "Coffee", source: "web" } }).line).toBe("Coffee");
  expect(read({ action: "transactions_create", description: "3", details: { count: 3, source: "api" } }).line).toBeNull();
});

test("a stored month that is no month (2026-13, or yyyy-MM-dd) is shown as stored instead of breaking the page", () => {
  expect(read({ action: "budget_delete", description: "Food, 2026-13", details: { category: "Food", month: "2026-13" } }).line).toBe("Food, 2026-13");
  expect(read({ action: "budget_delete", description: "Food, 2026-01-01", details: { category: "Food", month: "2026-01-01" } }).line).toBe("Food, 2026-01-01");
  expect(read({ action: "budget_update", description: "Food, 0050-02", details: { category: "Food", month: "0050-02" } }).line).toBe("Food, February 50");
});

test("entries read as plain sentences in the reader's language: rates and dates formatted, currencies and default categories named (issue 23)", () => {
  const rate = { action: "exchange_rate_manual", description: "COP 3871.25 (2026-11-01)", details: { currency: "COP", rate: "3871.25", date: "2026-11-01" } };
  expect(read(rate).line).toBe("1 USD = 3,871.25 COP on Nov 1, 2026");
  expect(read(rate, es).line).toBe("1 USD = 3.871,25 COP el 1 nov 2026");
  expect(read({ action: "currency_deactivate", description: "GBP", details: { currency: "GBP" } }, es).line).toBe("Libra esterlina (GBP)");
  // A default category in the reader's language, by its id or (older entries) its English name; the user's own as typed.
  expect(read({ action: "budget_create", description: "Food & Dining, 2026-11", details: { category: "Food & Dining", categoryId: "default-food", month: "2026-11" } }, es).line).toBe(
    "Comida y restaurantes, noviembre de 2026",
  );
  expect(read({ action: "budget_delete", description: "Travel, 2026-11", details: { category: "Travel", month: "2026-11" } }, es).line).toBe("Viajes, noviembre de 2026");
  expect(read({ action: "budget_update", description: "Travel, 2026-11", details: { category: "Travel", categoryId: "c0ffee", month: "2026-11" } }, es).line).toBe("Travel, noviembre de 2026");
  expect(read({ action: "budget_copy", description: "3, 2026-10 → 2026-11", details: { count: 3, from: "2026-10", to: "2026-11" } }).line).toBe(
    "3 budgets copied from October 2026 to November 2026",
  );
});

test("an old entry whose stored description is an id shows no line: no UUIDs on the page", () => {
  expect(read({ action: "transaction_delete", description: "0b0e7d1c-5c1a-4f7e-9a55-3f2f0e9c1d2a", details: null }).line).toBeNull();
  expect(read({ action: "transaction_delete", description: "a3f9c2e17b4d4e0c9f1a2b3c4d5e6f70", details: null }).line).toBeNull();
  expect(read({ action: "transaction_delete", description: "Coffee", details: null }).line).toBe("Coffee");
});

test("an import's commit and its undo read with the file's name and how many, in the reader's digits, in English and Spanish", () => {
  const commit = { action: "import_commit", description: "Imported 1,243 transactions from bank.csv", details: { count: 1243, file: "bank.csv" } };
  expect(read(commit)).toEqual({ title: "Transactions imported", line: "Imported 1,243 transactions from bank.csv" });
  expect(read(commit, es)).toEqual({ title: "Transacciones importadas", line: "1243 transacciones importadas de bank.csv" });
  expect(read({ ...commit, details: { count: 1, file: "one.csv" } }).line).toBe("Imported 1 transaction from one.csv");
  const undo = { action: "import_undo", description: "Import undone: bank.csv", details: { count: 12_430, file: "bank.csv" } };
  expect(read(undo)).toEqual({ title: "Import undone", line: "Import undone: bank.csv (12,430 transactions removed)" });
  expect(read(undo, es)).toEqual({ title: "Importación deshecha", line: "Importación deshecha: bank.csv (12.430 transacciones eliminadas)" });
});
