import { createExecutionContext, createScheduledController, env, waitOnExecutionContext } from "cloudflare:test";
import { beforeAll, expect, inject, test } from "vitest";
import { deleteImport, stageImport, updateImport } from "~/features/import/commands.server";
import type { ImportMapping } from "~/features/import/model/mapping";
import { findImport, listImportRows, listImports, mappingSample } from "~/features/import/queries.server";
import { createTransactions } from "~/features/transactions/commands.server";
import { transactionInputSchema } from "~/features/transactions/schemas/transaction";
import { createDb } from "~/platform/db/client.server";
import worker from "../../workers/app";
import { registerViaApi } from "./api-client";
import { historyRequests, setChannel } from "./rate-provider-client";
import spanishBank from "../fixtures/import/spanish-bank.csv?raw";
import ownExport from "../fixtures/import/own-export.csv?raw";

// The import's staging on D1 through the Worker's binding (issue 26, decision 039): a bank's
// file is stored and classified, its preview read back (counts, totals, rows), changed, saved as
// a mapping, refused to another user, kept within D1's limits at 20,000 rows, and expired by the
// hourly job.

const db = () => createDb({ DB: env.DB });
const TODAY = "2026-11-27";
const bytes = (text: string) => new TextEncoder().encode(text);

/** The Spanish bank's columns: Fecha dd/MM/yyyy, Concepto, Importe with a decimal comma, all in EUR. */
const SPANISH: ImportMapping = {
  date: { column: 0, format: "dd/MM/yyyy" },
  description: 1,
  amount: { kind: "signed", column: 2, decimalSign: "," },
  type: { kind: "amount" },
  currency: { kind: "fixed", code: "EUR" },
};

const actors: { userId: string; ip: null }[] = [];
beforeAll(async () => {
  for (let i = 0; i < 2; i++) actors.push({ userId: (await registerViaApi()).user.id, ip: null });
}, 120_000);

/** A history channel of this file's own: EUR is 0.5 per USD on each day of the Spanish file. */
async function history(name: string, days: Record<string, Record<string, number>>) {
  await setChannel(name, "good", { history: days });
  return { url: `${inject("ratesProviderUrl")}/${name}/v1` };
}

test("a Spanish bank's CSV: stored, its past EUR rates asked of the history provider, five rows new with both coffees, totals per currency and in USD", async () => {
  const [alice] = actors;
  const days = { "2026-03-02": { EUR: 0.5 }, "2026-03-05": { EUR: 0.5 }, "2026-03-06": { EUR: 0.5 }, "2026-03-17": { EUR: 0.5 } };
  const rates = await history("import-stage-es", days);
  const staged = await stageImport(db(), alice!, { fileName: "banco.csv", bytes: bytes(spanishBank), mapping: SPANISH, today: TODAY, history: rates });
  expect(staged.kind).toBe("staged");
  if (staged.kind !== "staged") return;
  expect((await historyRequests("import-stage-es")).sort()).toEqual(Object.keys(days).map((day) => `/import-stage-es/v1/${day}?base=USD&symbols=EUR`));

  const summary = await findImport(db(), alice!.userId, staged.id);
  expect(summary).toMatchObject({
    status: "staged",
    fileName: "banco.csv",
    encoding: "utf-8",
    delimiter: ";",
    header: ["Fecha", "Concepto", "Importe", "Saldo"],
    ownExport: false,
    needsMapping: false,
    mapping: SPANISH,
    rowCount: 5,
    counts: { new: 5, duplicate: 0, error: 0, included: 5, total: 5 },
    // 3.50 + 3.50 + 700.00 + 1,020.30 spent, 1,234.56 earned; at 0.5 EUR per USD, twice that in USD.
    totals: { byCurrency: [{ currencyCode: "EUR", incomeMinor: 123456, expenseMinor: 172730 }], usd: { incomeCents: 246912, expenseCents: 345460 } },
    suggestible: 0,
    categoriesToCreate: [],
    tagsToCreate: [],
    result: null,
    undoUntil: null,
  });
  expect(summary!.expiresAt.getTime() - summary!.createdAt.getTime()).toBe(24 * 60 * 60 * 1000);

  const page = await listImportRows(db(), alice!.userId, staged.id, { page: 1, limit: 50 });
  expect(page!.total).toBe(5);
  expect(page!.rows.map((r) => [r.line, r.status, r.included, r.date, r.description, r.type, r.usdCents])).toEqual([
    [2, "new", true, "2026-03-02", "Café Central", "EXPENSE", 700],
    [3, "new", true, "2026-03-02", "Café Central", "EXPENSE", 700],
    [4, "new", true, "2026-03-05", "Nómina marzo", "INCOME", 246912],
    [5, "new", true, "2026-03-06", "Alquiler; piso", "EXPENSE", 140000],
    [6, "new", true, "2026-03-17", "Supermercado Día", "EXPENSE", 204060],
  ]);
  expect(page!.rows[0]!.payments).toEqual([
    { currency: "EUR", amountMinor: 350, rate: null, stored: { rate: "0.5", date: "2026-03-02", source: "provider" }, usdCents: 700, suggestion: null },
  ]);

  // One coffee of that day is already in the account: the first coffee is its duplicate, the second is new.
  const [created] = await createTransactions(
    db(),
    alice!,
    [
      transactionInputSchema.parse({
        type: "EXPENSE",
        description: "CAFE  central",
        date: "2026-03-02",
        categoryId: "default-food",
        payments: [{ currencyCode: "EUR", amount: "3.50", method: "cash" }],
      }),
    ],
    { source: "web" },
  );
  expect(created!.kind).toBe("created");
  const again = await stageImport(db(), alice!, { fileName: "banco.csv", bytes: bytes(spanishBank), mapping: SPANISH, today: TODAY, history: rates });
  if (again.kind !== "staged") throw new Error("staged");
  const rows = await listImportRows(db(), alice!.userId, again.id, { page: 1, limit: 50 });
  expect(rows!.rows.map((r) => [r.line, r.status, r.included, r.reason?.key])).toEqual([
    [2, "duplicate", false, "import.row.duplicate"],
    [3, "new", true, undefined],
    [4, "new", true, undefined],
    [5, "new", true, undefined],
    [6, "new", true, undefined],
  ]);
  expect((await findImport(db(), alice!.userId, again.id))!.counts).toEqual({ new: 4, duplicate: 1, error: 0, included: 4, total: 5 });

  // A duplicate may be included; an error row may not, nor a line the preview lacks: nothing changes then.
  expect(await updateImport(db(), alice!, { id: again.id, changes: { rows: [{ line: 2, included: true }, { line: 6, included: false }] }, today: TODAY, history: null })).toEqual({ kind: "updated" });
  expect((await findImport(db(), alice!.userId, again.id))!.counts).toEqual({ new: 4, duplicate: 1, error: 0, included: 4, total: 5 });
  expect(await updateImport(db(), alice!, { id: again.id, changes: { rows: [{ line: 3, included: false }, { line: 99, included: true }] }, today: TODAY, history: null })).toEqual({
    kind: "rowsInvalid",
    lines: [99],
  });
  const after = await listImportRows(db(), alice!.userId, again.id, { page: 1, limit: 50 });
  expect(after!.rows.map((r) => r.included)).toEqual([true, true, true, true, false]);
});

test("the mapping step's sample, a mapping saved as “My bank” and applied to the next file with that header, and a bad mapping that changes nothing", async () => {
  const [alice] = actors;
  const staged = await stageImport(db(), alice!, { fileName: "marzo.csv", bytes: bytes(spanishBank), today: TODAY, history: null });
  if (staged.kind !== "staged") throw new Error("staged");
  const before = await findImport(db(), alice!.userId, staged.id);
  expect(before).toMatchObject({ needsMapping: true, mapping: null, counts: { total: 0 } });

  const sample = await mappingSample(db(), alice!.userId, staged.id, { rows: 2 });
  expect(sample).toEqual({
    header: ["Fecha", "Concepto", "Importe", "Saldo"],
    rows: [
      { line: 2, cells: ["02/03/2026", "Café Central", "-3,50", "1.230,50"] },
      { line: 3, cells: ["02/03/2026", "Café Central", "-3,50", "1.227,00"] },
    ],
    dateFormats: { 0: ["dd/MM/yyyy"] },
    decimalSign: ",",
    saved: null,
  });

  // A column the file lacks: refused, and the import is as it was.
  const bad = await updateImport(db(), alice!, { id: staged.id, changes: { mapping: { ...SPANISH, description: 9 } }, today: TODAY, history: null });
  expect(bad).toEqual({ kind: "mappingInvalid", errors: [{ field: "description", key: "import.mapping.columnMissing", values: { columns: 4 } }] });
  expect(await findImport(db(), alice!.userId, staged.id)).toEqual(before);

  expect(await updateImport(db(), alice!, { id: staged.id, changes: { mapping: SPANISH, saveMappingAs: "  My bank " }, today: TODAY, history: null })).toEqual({ kind: "updated" });
  expect(await findImport(db(), alice!.userId, staged.id)).toMatchObject({ needsMapping: false, mapping: SPANISH, counts: { total: 5 } });

  const next = await stageImport(db(), alice!, { fileName: "abril.csv", bytes: bytes(spanishBank), today: TODAY, history: null });
  if (next.kind !== "staged") throw new Error("staged");
  expect(await findImport(db(), alice!.userId, next.id)).toMatchObject({ needsMapping: false, mapping: SPANISH, counts: { total: 5 } });
  expect((await mappingSample(db(), alice!.userId, next.id, { rows: 0 }))!.saved).toMatchObject({ name: "My bank", mapping: SPANISH, encoding: "utf-8", delimiter: ";" });
});

test("no rate for a day and none from the provider: error rows offering the nearest rate; applying it stages them new as manual rates of their days", async () => {
  const [, bob] = actors;
  const file = "Fecha;Concepto;Importe\n20/10/2026;Mercado;-231,05\n21/10/2026;Taxi;-462,10\n";
  const staged = await stageImport(db(), bob!, { fileName: "ves.csv", bytes: bytes(file), mapping: { ...SPANISH, currency: { kind: "fixed", code: "VES" } }, today: TODAY, history: null });
  if (staged.kind !== "staged") throw new Error("staged");
  const summary = await findImport(db(), bob!.userId, staged.id);
  expect(summary).toMatchObject({ counts: { new: 0, duplicate: 0, error: 2, included: 0, total: 2 }, suggestible: 2, totals: { byCurrency: [], usd: { incomeCents: 0, expenseCents: 0 } } });
  const rows = await listImportRows(db(), bob!.userId, staged.id, { status: "error", page: 1, limit: 10 });
  expect(rows!.rows[0]).toMatchObject({
    line: 2,
    status: "error",
    included: false,
    usdCents: null,
    reason: { key: "import.row.rateSuggested", values: { currency: "VES", date: "2026-10-20", rate: "231.0475", rateDate: "2026-11-01" } },
  });
  expect(rows!.rows[0]!.payments![0]).toMatchObject({ stored: null, suggestion: { rate: "231.0475", date: "2026-11-01", source: "snapshot" } });

  expect(await updateImport(db(), bob!, { id: staged.id, changes: { applySuggestedRates: true }, today: TODAY, history: null })).toEqual({ kind: "updated" });
  const applied = await findImport(db(), bob!.userId, staged.id);
  // 231.05 VES ÷ 231.0475 = 1.00 USD; 462.10 VES = 2.00 USD.
  expect(applied).toMatchObject({ applySuggestedRates: true, suggestible: 0, counts: { new: 2, error: 0, included: 2 }, totals: { usd: { expenseCents: 300 } } });
  const [first] = (await listImportRows(db(), bob!.userId, staged.id, { page: 1, limit: 1 }))!.rows;
  expect(first!.payments![0]!.stored).toEqual({ rate: "231.0475", date: "2026-10-20", source: "manual" });
});

test("our own export needs no mapping: payments keep their rates, the categories and tags it would create are listed", async () => {
  const [, bob] = actors;
  const staged = await stageImport(db(), bob!, { fileName: "tallyworth.csv", bytes: bytes(ownExport), today: TODAY, history: null });
  if (staged.kind !== "staged") throw new Error("staged");
  const summary = await findImport(db(), bob!.userId, staged.id);
  expect(summary).toMatchObject({
    ownExport: true,
    needsMapping: false,
    mapping: null,
    rowCount: 5,
    counts: { new: 3, duplicate: 0, error: 0, included: 3, total: 3 },
    categoriesToCreate: [
      { name: "Dining", type: "EXPENSE" },
      { name: "Food", type: "EXPENSE" },
    ],
    tagsToCreate: ["=work", "family", "trip; 2026"],
  });
  // The USD cents the export wrote, to the cent: 45.23 + 54.35 + 9.98 + 6.53 spent, 33,823.78 earned.
  expect(summary!.totals.usd).toEqual({ expenseCents: 11609, incomeCents: 3382378 });
  const rows = (await listImportRows(db(), bob!.userId, staged.id, { page: 1, limit: 10 }))!.rows;
  expect(rows.map((r) => [r.line, r.lines, r.categoryName])).toEqual([
    [2, [2], "Food"],
    [3, [3, 4, 5], "Dining"],
    [6, [6], "Salary"],
  ]);
  expect(rows[1]!.payments!.map((p) => p.stored)).toEqual([
    { rate: "0.92", date: "2026-03-01", source: "exchangerate-api" },
    { rate: "150.25", date: "2026-02-28", source: "snapshot" },
    { rate: "18.4567", date: "2026-03-02", source: "manual" },
  ]);
});

test("another user's import is not found: no summary, rows or sample, and it cannot be changed or deleted", async () => {
  const [alice, bob] = actors;
  const staged = await stageImport(db(), alice!, { fileName: "banco.csv", bytes: bytes(spanishBank), mapping: SPANISH, today: TODAY, history: null });
  if (staged.kind !== "staged") throw new Error("staged");
  const before = await findImport(db(), alice!.userId, staged.id);
  expect(await findImport(db(), bob!.userId, staged.id)).toBeUndefined();
  expect(await listImportRows(db(), bob!.userId, staged.id, { page: 1, limit: 10 })).toBeUndefined();
  expect(await mappingSample(db(), bob!.userId, staged.id, { rows: 5 })).toBeUndefined();
  expect((await listImports(db(), bob!.userId, { limit: 50 })).map((i) => i.id)).not.toContain(staged.id);
  expect(await updateImport(db(), bob!, { id: staged.id, changes: { rows: [{ line: 2, included: false }] }, today: TODAY, history: null })).toEqual({ kind: "notFound" });
  expect(await updateImport(db(), bob!, { id: staged.id, changes: { mapping: SPANISH, saveMappingAs: "Theirs" }, today: TODAY, history: null })).toEqual({ kind: "notFound" });
  expect(await deleteImport(db(), bob!, { id: staged.id })).toEqual({ kind: "notFound" });
  expect(await findImport(db(), alice!.userId, staged.id)).toEqual(before);

  expect((await listImports(db(), alice!.userId, { limit: 50 }))[0]!.id).toBe(staged.id);
  expect(await deleteImport(db(), alice!, { id: staged.id })).toEqual({ kind: "deleted" });
  expect(await findImport(db(), alice!.userId, staged.id)).toBeUndefined();
  const { results } = await env.DB.prepare("select (select count(*) from import_rows where import_id = ?1) as rows, (select count(*) from import_file_chunks where import_id = ?1) as chunks")
    .bind(staged.id)
    .all<{ rows: number; chunks: number }>();
  expect(results[0]).toEqual({ rows: 0, chunks: 0 });
});

test("a staged import past its 24 hours is not found, and the hourly job deletes it with its rows and file", async () => {
  const [alice] = actors;
  const uploaded = new Date(Date.now() - 25 * 60 * 60 * 1000);
  const staged = await stageImport(db(), alice!, { fileName: "old.csv", bytes: bytes(spanishBank), mapping: SPANISH, today: TODAY, history: null, now: uploaded });
  if (staged.kind !== "staged") throw new Error("staged");
  expect(await findImport(db(), alice!.userId, staged.id, new Date(uploaded.getTime() + 60_000))).toBeDefined();
  expect(await findImport(db(), alice!.userId, staged.id)).toBeUndefined();
  expect(await updateImport(db(), alice!, { id: staged.id, changes: { applySuggestedRates: true }, today: TODAY, history: null })).toEqual({ kind: "notFound" });

  const ctx = createExecutionContext();
  await worker.scheduled(createScheduledController({ scheduledTime: Date.now(), cron: "30 * * * *" }), env, ctx);
  await waitOnExecutionContext(ctx);
  const { results } = await env.DB.prepare(
    "select (select count(*) from imports where id = ?1) as imports, (select count(*) from import_rows where import_id = ?1) as rows, (select count(*) from import_file_chunks where import_id = ?1) as chunks",
  )
    .bind(staged.id)
    .all<{ imports: number; rows: number; chunks: number }>();
  expect(results[0]).toEqual({ imports: 0, rows: 0, chunks: 0 });
});

test("a 20,000-row file (over 1 MB) stages within D1's limits: every row stored, its file in chunks, its summary read back", async () => {
  const [, bob] = actors;
  const lines = ["Date,Description,Amount"];
  for (let i = 0; i < 20_000; i++) lines.push(`2026-0${(i % 9) + 1}-${String((i % 28) + 1).padStart(2, "0")},Imported row number ${i} with a longer description to weigh,-${(i % 500) + 1}.25`);
  const file = bytes(lines.join("\n"));
  expect(file.length).toBeGreaterThan(1_000_000);
  const mapping: ImportMapping = {
    date: { column: 0, format: "yyyy-MM-dd" },
    description: 1,
    amount: { kind: "signed", column: 2, decimalSign: "." },
    type: { kind: "amount" },
    currency: { kind: "fixed", code: "USD" },
  };
  const started = Date.now();
  const staged = await stageImport(db(), bob!, { fileName: "big.csv", bytes: file, mapping, today: TODAY, history: null });
  const stagedMs = Date.now() - started;
  if (staged.kind !== "staged") throw new Error(JSON.stringify(staged));
  const read = Date.now();
  const summary = await findImport(db(), bob!.userId, staged.id);
  const readMs = Date.now() - read;
  console.info(`import-stage: 20,000 rows staged in ${stagedMs} ms, findImport in ${readMs} ms`);
  let expense = 0;
  for (let i = 0; i < 20_000; i++) expense += ((i % 500) + 1) * 100 + 25;
  expect(summary).toMatchObject({ rowCount: 20_000, counts: { new: 20_000, duplicate: 0, error: 0, included: 20_000, total: 20_000 }, totals: { usd: { expenseCents: expense, incomeCents: 0 } } });
  const { results } = await env.DB.prepare("select count(*) as chunks, sum(length(data)) as bytes from import_file_chunks where import_id = ?").bind(staged.id).all<{ chunks: number; bytes: number }>();
  expect(results[0]).toEqual({ chunks: Math.ceil(file.length / 1_000_000), bytes: file.length });
  const last = await listImportRows(db(), bob!.userId, staged.id, { page: 400, limit: 50 });
  expect(last!.rows.at(-1)).toMatchObject({ line: 20_001, status: "new", description: "Imported row number 19999 with a longer description to weigh" });

  // Re-staging (a change of the rate choice) rewrites the 20,000 rows in one batch.
  expect(await updateImport(db(), bob!, { id: staged.id, changes: { applySuggestedRates: true }, today: TODAY, history: null })).toEqual({ kind: "updated" });
  expect((await findImport(db(), bob!.userId, staged.id))!.counts.total).toBe(20_000);
}, 180_000);
