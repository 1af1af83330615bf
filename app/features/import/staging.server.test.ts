import type { Client, InStatement } from "@libsql/client";
import { readFileSync } from "node:fs";
import { beforeAll, expect, test } from "vitest";
import { createLibsqlTestDb } from "../../../tests/setup/libsql-db";
import type { Db } from "~/platform/db/client.server";
import { importMappings, imports, payments, transactions, users } from "~/platform/db/schema";
import { eq } from "drizzle-orm";
import { existingTransactionIds, storedDuplicateKeyRows } from "~/features/transactions/queries.server";
import { deleteImport, expireStagedImports, insertRowsQueries, ROWS_JSON_CHUNK_BYTES, stageImport, updateImport } from "./commands.server";
import type { ImportMapping } from "./model/mapping";
import { findImport, listImportRows, listImports, mappingSample } from "./queries.server";

// The import's staging on real libSQL in Node (the production driver family, decision 027): the
// file's bytes come back as the driver gives blobs, the preview's aggregates read the staged
// rows' JSON, and the UTF-16 file is read again from what was stored.

let db: Db;
const actor = { userId: "import-user", ip: null };
beforeAll(async () => {
  db = await createLibsqlTestDb();
  await db.insert(users).values({ id: actor.userId, email: "import-user@example.com", firstName: "Import", lastName: "Test", passwordHash: "x" });
});

const utf16 = new Uint8Array(readFileSync("tests/fixtures/import/utf16le.csv"));

test("a UTF-16 file staged, mapped later from its stored bytes, its rows and totals read back; deleted; an expired one removed", async () => {
  const now = new Date("2026-11-27T12:00:00Z");
  const staged = await stageImport(db, actor, { fileName: "utf16.csv", bytes: utf16, today: "2026-11-27", history: null, now });
  if (staged.kind !== "staged") throw new Error(JSON.stringify(staged));
  const sample = await mappingSample(db, actor.userId, staged.id, { rows: 5 }, now);
  expect(sample).toMatchObject({
    header: ["Date", "Description", "Amount", "Currency"],
    rows: [
      { line: 2, cells: ["2026-03-01", "Panadería Ñandú", "-12.50", "EUR"] },
      { line: 3, cells: ["2026-03-02", "東京 ramen 🍜", "-1200", "JPY"] },
      { line: 4, cells: ["2026-03-03", "Refund", "30.00", "usd"] },
    ],
    dateFormats: { 0: ["yyyy-MM-dd"] },
    decimalSign: ".",
  });
  expect(await findImport(db, actor.userId, staged.id, now)).toMatchObject({ encoding: "utf-16le", delimiter: "\t", needsMapping: true });

  const mapping: ImportMapping = {
    date: { column: 0, format: "yyyy-MM-dd" },
    description: 1,
    amount: { kind: "signed", column: 2, decimalSign: "." },
    type: { kind: "amount" },
    currency: { kind: "column", column: 3 },
  };
  expect(await updateImport(db, actor, { id: staged.id, changes: { mapping }, today: "2026-11-27", history: null, now })).toEqual({ kind: "updated" });
  // EUR and JPY have no rate on or before March 2026 (the snapshot is of November): errors offering it; the refund in USD is new.
  expect(await findImport(db, actor.userId, staged.id, now)).toMatchObject({
    needsMapping: false,
    counts: { new: 1, duplicate: 0, error: 2, included: 1, total: 3 },
    suggestible: 2,
    totals: { byCurrency: [{ currencyCode: "USD", incomeMinor: 3000, expenseMinor: 0 }], usd: { incomeCents: 3000, expenseCents: 0 } },
  });
  const rows = await listImportRows(db, actor.userId, staged.id, { page: 1, limit: 10 }, now);
  // No category column: the type's first category, as the form picks when the type changes.
  expect(rows!.rows.map((r) => [r.line, r.status, r.description, r.categoryId, r.reason?.key])).toEqual([
    [2, "error", "Panadería Ñandú", "default-education", "import.row.rateSuggested"],
    [3, "error", "東京 ramen 🍜", "default-education", "import.row.rateSuggested"],
    [4, "new", "Refund", "default-freelance", undefined],
  ]);

  expect(await deleteImport(db, actor, { id: staged.id, now })).toEqual({ kind: "deleted" });
  expect(await findImport(db, actor.userId, staged.id, now)).toBeUndefined();

  const old = await stageImport(db, actor, { fileName: "old.csv", bytes: utf16, today: "2026-11-27", history: null, now });
  if (old.kind !== "staged") throw new Error("staged");
  expect(await expireStagedImports(db, new Date(now.getTime() + 23 * 60 * 60 * 1000))).toBe(0);
  expect(await expireStagedImports(db, new Date(now.getTime() + 25 * 60 * 60 * 1000))).toBe(1);
  expect(await findImport(db, actor.userId, old.id, now)).toBeUndefined();
});

/** The plans of the statements a call sends (query-plans.server.test.ts's way, on this file's own database). */
async function plansOf(call: () => Promise<unknown>): Promise<string[]> {
  const client = (db as unknown as { $client: Client }).$client;
  const seen: { sql: string; args: unknown[] }[] = [];
  const record = (s: InStatement) => seen.push(typeof s === "string" ? { sql: s, args: [] } : { sql: s.sql, args: (s.args ?? []) as unknown[] });
  const { batch, execute } = client;
  client.batch = ((stmts: InStatement[], mode?: never) => (stmts.forEach(record), batch.call(client, stmts, mode))) as Client["batch"];
  client.execute = ((s: InStatement) => (record(s), execute.call(client, s as never))) as Client["execute"];
  try {
    await call();
  } finally {
    client.batch = batch;
    client.execute = execute;
  }
  const plans: string[] = [];
  for (const s of seen) plans.push((await client.execute({ sql: `explain query plan ${s.sql}`, args: s.args as never })).rows.map((r) => String(r.detail)).join(" | "));
  return plans;
}

test("the reads an import makes find their rows by index: the file's dates in the (user, date) index, our export's ids by key, the import's own staged rows", async () => {
  for (let i = 0; i < 3; i++) {
    const id = `plan-tx-${i}`;
    await db.insert(transactions).values({ id, userId: actor.userId, type: "EXPENSE", description: `Row ${i}`, date: "2026-03-0" + (i + 1), categoryId: null, usdCents: 100 });
    await db.insert(payments).values({ id: `${id}-p`, transactionId: id, userId: actor.userId, position: 0, currencyCode: "USD", amountMinor: 100, method: "cash", rate: "1", rateDate: "2026-03-01", rateSource: "fixed", usdCents: 100 });
  }
  const keys = await plansOf(() => storedDuplicateKeyRows(db, actor.userId, { from: "2026-03-01", to: "2026-03-31" }));
  expect(keys).toHaveLength(1);
  expect(keys[0]).toMatch(/SEARCH transactions USING (COVERING )?INDEX transactions_user_(type_)?date_totals_idx \(user_id=\? AND date>\? AND date<\?\)/);
  expect(keys[0]).toMatch(/SEARCH payments USING (COVERING )?INDEX payments_transaction_idx \(transaction_id=\?/);
  const ids = await plansOf(() => existingTransactionIds(db, actor.userId, ["plan-tx-1", "elsewhere"]));
  expect(ids).toHaveLength(1);
  expect(ids[0]).toMatch(/SEARCH transactions USING INDEX sqlite_autoindex_transactions_1 \(id=\?\)/);

  const file = new TextEncoder().encode("date,description,amount\n2026-03-01,Coffee,-3.50\n2026-03-02,Salary,100.00\n");
  const mapping: ImportMapping = { date: { column: 0, format: "yyyy-MM-dd" }, description: 1, amount: { kind: "signed", column: 2, decimalSign: "." }, type: { kind: "amount" }, currency: { kind: "fixed", code: "USD" } };
  const staged = await stageImport(db, actor, { fileName: "plans.csv", bytes: file, mapping, today: "2026-11-27", history: null });
  if (staged.kind !== "staged") throw new Error("staged");
  const reads = [...(await plansOf(() => findImport(db, actor.userId, staged.id))), ...(await plansOf(() => listImportRows(db, actor.userId, staged.id, { page: 2, limit: 50 })))];
  expect(reads).toHaveLength(1 + 5 + 1 + 2);
  for (const plan of reads) {
    expect(plan).toMatch(/SEARCH (imports|import_rows|r) USING (COVERING )?INDEX (sqlite_autoindex_imports_1 \(id=\?\)|sqlite_autoindex_import_rows_1 \(import_id=\?|import_rows_status_idx \(import_id=\?)/);
    expect(plan).not.toMatch(/SCAN (imports|import_rows|r)\b/);
  }
});

test("staged rows go into statements of at most 900 KB of UTF-8 each, counted in bytes: a file of CJK descriptions is cut three times as often as ASCII", () => {
  const row = (line: number, description: string) => ({
    line,
    status: "new" as const,
    included: true,
    data: { kind: "error" as const, error: { key: "import.row.amountInvalid", values: { value: description } } },
  });
  const jsonSizes = (rows: ReturnType<typeof row>[]) =>
    insertRowsQueries(db, "import-x", rows).map((query) => {
      const json = (query as unknown as { toSQL(): { params: unknown[] } }).toSQL().params.find((p): p is string => typeof p === "string" && p.startsWith("["))!;
      return new TextEncoder().encode(json).length;
    });
  const ascii = jsonSizes(Array.from({ length: 200 }, (_, i) => row(i + 2, "a".repeat(20_000))));
  const cjk = jsonSizes(Array.from({ length: 200 }, (_, i) => row(i + 2, "東".repeat(20_000))));
  for (const size of [...ascii, ...cjk]) expect(size).toBeLessThanOrEqual(ROWS_JSON_CHUNK_BYTES);
  expect(ascii).toHaveLength(5);
  expect(cjk.length).toBeGreaterThanOrEqual(14);
});

test("a mapping sent with the file that does not fit it is not kept: the file is staged waiting for one, and the outcome says why", async () => {
  const file = new TextEncoder().encode("date,description,amount\n2026-03-01,Coffee,-3.50\n");
  const mapping: ImportMapping = { date: { column: 0, format: "yyyy-MM-dd" }, description: 1, amount: { kind: "signed", column: 7, decimalSign: "." }, type: { kind: "amount" }, currency: { kind: "fixed", code: "XXX" } };
  const staged = await stageImport(db, actor, { fileName: "bad.csv", bytes: file, mapping, today: "2026-11-27", history: null });
  expect(staged).toEqual({
    kind: "staged",
    id: expect.any(String),
    mappingErrors: [
      { field: "amount", key: "import.mapping.columnMissing", values: { columns: 3 } },
      { field: "currency", key: "import.mapping.currencyUnknown", values: { currency: "XXX" } },
    ],
  });
  if (staged.kind !== "staged") return;
  expect(await findImport(db, actor.userId, staged.id)).toMatchObject({ needsMapping: true, mapping: null, counts: { total: 0 } });
});

test("staging again keeps the user's choice on each line whose status is unchanged; a line whose status changed takes its status's default", async () => {
  const file = new TextEncoder().encode("date,description,amount,currency\n2026-10-01,Coffee,-3.50,USD\n2026-10-02,Taxi,-12.00,USD\n2026-10-03,Mercado,-231.05,VES\n");
  const mapping: ImportMapping = { date: { column: 0, format: "yyyy-MM-dd" }, description: 1, amount: { kind: "signed", column: 2, decimalSign: "." }, type: { kind: "amount" }, currency: { kind: "column", column: 3 } };
  const staged = await stageImport(db, actor, { fileName: "choices.csv", bytes: file, mapping, today: "2026-11-27", history: null });
  if (staged.kind !== "staged") throw new Error("staged");
  const lines = async () => (await listImportRows(db, actor.userId, staged.id, { page: 1, limit: 10 }))!.rows.map((r) => [r.line, r.status, r.included]);
  expect(await lines()).toEqual([
    [2, "new", true],
    [3, "new", true],
    [4, "error", false],
  ]);
  expect(await updateImport(db, actor, { id: staged.id, changes: { rows: [{ line: 2, included: false }] }, today: "2026-11-27", history: null })).toEqual({ kind: "updated" });
  expect(await updateImport(db, actor, { id: staged.id, changes: { rows: [{ line: 4, included: true }] }, today: "2026-11-27", history: null })).toEqual({ kind: "rowsInvalid", lines: [4] });
  expect(await updateImport(db, actor, { id: staged.id, changes: { applySuggestedRates: true }, today: "2026-11-27", history: null })).toEqual({ kind: "updated" });
  expect(await lines()).toEqual([
    [2, "new", false],
    [3, "new", true],
    [4, "new", true],
  ]);
  expect((await findImport(db, actor.userId, staged.id))!.counts).toEqual({ new: 3, duplicate: 0, error: 0, included: 2, total: 3 });
});

test("a refused file stores nothing; a committed import is neither changed, deleted nor expired; saving a mapping again under the same header renames it", async () => {
  const before = await db.select({ id: imports.id }).from(imports);
  expect(await stageImport(db, actor, { fileName: "empty.csv", bytes: new TextEncoder().encode("  \n"), today: "2026-11-27", history: null })).toEqual({
    kind: "fileRefused",
    error: { key: "import.file.empty" },
  });
  expect(await db.select({ id: imports.id }).from(imports)).toEqual(before);

  const now = new Date("2026-11-27T12:00:00Z");
  const file = new TextEncoder().encode("when,what,how much\n2026-03-01,Coffee,-3.50\n");
  const mapping: ImportMapping = { date: { column: 0, format: "yyyy-MM-dd" }, description: 1, amount: { kind: "signed", column: 2, decimalSign: "." }, type: { kind: "amount" }, currency: { kind: "fixed", code: "USD" } };
  const staged = await stageImport(db, actor, { fileName: "kept.csv", bytes: file, mapping, today: "2026-11-27", history: null, now });
  if (staged.kind !== "staged") throw new Error("staged");
  const save = (name: string) => updateImport(db, actor, { id: staged.id, changes: { saveMappingAs: name }, today: "2026-11-27", history: null, now });
  expect(await save("   ")).toEqual({ kind: "mappingInvalid", errors: [{ field: "saveMappingAs", key: "import.mapping.nameRequired" }] });
  expect(await save("x".repeat(51))).toEqual({ kind: "mappingInvalid", errors: [{ field: "saveMappingAs", key: "import.mapping.nameTooLong", values: { max: 50 } }] });
  expect(await save("Card")).toEqual({ kind: "updated" });
  expect(await save("My card")).toEqual({ kind: "updated" });
  const saved = await db.select({ name: importMappings.name }).from(importMappings).where(eq(importMappings.userId, actor.userId));
  expect(saved.map((m) => m.name)).toContain("My card");
  expect(saved.map((m) => m.name)).not.toContain("Card");

  // As the commit leaves it.
  await db.update(imports).set({ status: "committed", committedAt: now }).where(eq(imports.id, staged.id));
  expect(await updateImport(db, actor, { id: staged.id, changes: { rows: [{ line: 2, included: false }] }, today: "2026-11-27", history: null, now })).toEqual({ kind: "notStaged" });
  expect(await deleteImport(db, actor, { id: staged.id, now })).toEqual({ kind: "notStaged" });
  // The job takes the other tests' staged imports, never a committed one.
  await expireStagedImports(db, new Date(now.getTime() + 48 * 60 * 60 * 1000));
  expect(await db.select({ status: imports.status }).from(imports).where(eq(imports.id, staged.id))).toEqual([{ status: "committed" }]);
  expect(await findImport(db, actor.userId, staged.id, new Date(now.getTime() + 48 * 60 * 60 * 1000))).toMatchObject({
    status: "committed",
    undoUntil: new Date(now.getTime() + 7 * 24 * 60 * 60 * 1000),
  });
  expect((await findImport(db, actor.userId, staged.id, new Date(now.getTime() + 8 * 24 * 60 * 60 * 1000)))!.undoUntil).toBeNull();
});

test("the user's recent imports, newest first, each with the same summary as findImport gives it (one batch for all)", async () => {
  const lister = { userId: "import-lister", ip: null };
  await db.insert(users).values({ id: lister.userId, email: "import-lister@example.com", firstName: "L", lastName: "T", passwordHash: "x" });
  const mapping: ImportMapping = { date: { column: 0, format: "yyyy-MM-dd" }, description: 1, amount: { kind: "signed", column: 2, decimalSign: "." }, type: { kind: "amount" }, currency: { kind: "fixed", code: "USD" } };
  const ids: string[] = [];
  for (const [i, body] of ["2026-03-01,Coffee,-3.50\n2026-03-02,Pay,100.00", "2026-04-01,Tea,-2.00", "2026-05-01,Book,-15.00\n2026-05-01,Book,-15.00\n2026-05-02,Gift,20.00"].entries()) {
    const staged = await stageImport(db, lister, { fileName: `f${i}.csv`, bytes: new TextEncoder().encode(`date,description,amount\n${body}\n`), mapping, today: "2026-11-27", history: null, now: new Date(Date.now() + i * 1000) });
    if (staged.kind !== "staged") throw new Error("staged");
    ids.push(staged.id);
  }
  const listed = await listImports(db, lister.userId, { limit: 10 });
  expect(listed.map((i) => i.id)).toEqual([...ids].reverse());
  for (const summary of listed) expect(summary).toEqual(await findImport(db, lister.userId, summary.id));
  expect(listed.map((i) => [i.counts.total, i.totals.usd])).toEqual([
    [3, { incomeCents: 2000, expenseCents: 3000 }],
    [1, { incomeCents: 0, expenseCents: 200 }],
    [2, { incomeCents: 10000, expenseCents: 350 }],
  ]);
});
