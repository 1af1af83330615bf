import { and, asc, count, desc, eq, gt, or, sql } from "drizzle-orm";
import type { TransactionType } from "~/features/transactions/model/transaction";
import { inList } from "~/platform/db/bound-lists.server";
import type { Db } from "~/platform/db/client.server";
import { importFileChunks, importMappings, importRows, imports } from "~/platform/db/schema";
import { nameKey } from "~/text/name-key";
import { guessDateFormat } from "./model/dates";
import { guessDecimalSign } from "./model/amounts";
import type { ImportEncoding } from "./model/encoding";
import type { ImportMapping } from "./model/mapping";
import { readImportFile, type ImportDelimiter, type ReadOptions } from "./model/read";
import {
  IMPORT_UNDO_WINDOW_MS,
  type ImportCounts,
  type ImportResult,
  type ImportRowStatus,
  type ImportRowView,
  type ImportSummary,
  type ImportTotals,
  type MappingSample,
  type StagedRowData,
} from "./model/staged";
import { importMappingSchema } from "./schemas";

// The import's reads (issue 26, decision 039): an import with its counts and totals, its
// preview rows, the user's recent imports, and what the mapping step shows. Every read names
// the owner; another user's import, an unknown id and an expired staged import are all
// undefined (the routes answer 404).

type ImportRecord = typeof imports.$inferSelect;

const live = (now: Date) => or(sql`${imports.status} <> 'staged'`, gt(imports.expiresAt, now));

async function ownedImport(db: Db, userId: string, id: string, now: Date): Promise<ImportRecord | undefined> {
  const [row] = await db
    .select()
    .from(imports)
    .where(and(eq(imports.id, id), eq(imports.userId, userId), live(now)))
    .limit(1);
  return row;
}

/**
 * The aggregates of imports' staged rows, in SQL (json_extract over import_rows.data), one batch
 * of five reads however many imports (each grouped by import; D1 counts every statement of a
 * batch against its queries per request): counts by status and inclusion, totals of the included
 * rows per currency and type, the error rows that only lack a rate and have a suggestion, and the
 * categories and tags the included rows would create.
 */
function aggregateQueries(db: Db, importIds: readonly string[]) {
  // One import (findImport): a plain key; several (listImports): one JSON parameter.
  const single = importIds.length === 1 ? importIds[0]! : null;
  const ofImports = single !== null ? sql`= ${single}` : sql`in (select value from json_each(${JSON.stringify(importIds)}))`;
  const inImports = (column: typeof importRows.importId) => (single !== null ? eq(column, single) : inList(column, importIds));
  return [
    db
      .select({ importId: importRows.importId, status: importRows.status, included: importRows.included, n: count().as("n") })
      .from(importRows)
      .where(inImports(importRows.importId))
      .groupBy(importRows.importId, importRows.status, importRows.included),
    db
      .select({
        importId: sql<string>`r.import_id`.as("import_id"),
        currency: sql<string>`json_extract(p.value, '$.currency')`.as("currency"),
        type: sql<TransactionType>`json_extract(r.data, '$.candidate.type')`.as("type"),
        minor: sql<number>`sum(json_extract(p.value, '$.amountMinor'))`.as("minor"),
        cents: sql<number>`sum(json_extract(p.value, '$.usdCents'))`.as("cents"),
      })
      .from(sql`${importRows} as r, json_each(r.data, '$.candidate.payments') as p`)
      .where(sql`r.import_id ${ofImports} and r.included = 1`)
      .groupBy(sql`1, 2, 3`)
      .orderBy(sql`1, 2, 3`),
    db
      .select({ importId: importRows.importId, n: count().as("n") })
      .from(importRows)
      .where(and(inImports(importRows.importId), eq(importRows.status, "error"), sql`json_extract(${importRows.data}, '$.error.key') = 'import.row.rateSuggested'`))
      .groupBy(importRows.importId),
    db
      .selectDistinct({
        importId: importRows.importId,
        name: sql<string>`json_extract(${importRows.data}, '$.candidate.categoryName')`.as("name"),
        type: sql<TransactionType>`json_extract(${importRows.data}, '$.candidate.type')`.as("type"),
      })
      .from(importRows)
      .where(
        and(
          inImports(importRows.importId),
          eq(importRows.included, true),
          // A text test first (the stored JSON is minified): most rows go into a known category and are never parsed.
          sql`instr(${importRows.data}, '"categoryId":null') > 0`,
          sql`json_extract(${importRows.data}, '$.kind') = 'candidate' and json_extract(${importRows.data}, '$.categoryId') is null and json_extract(${importRows.data}, '$.candidate.categoryName') is not null`,
        ),
      ),
    db
      .selectDistinct({ importId: sql<string>`r.import_id`.as("import_id"), name: sql<string>`t.value`.as("name") })
      .from(sql`${importRows} as r, json_each(r.data, '$.tagsToCreate') as t`)
      // As above: a row with no tag to create is not parsed.
      .where(sql`r.import_id ${ofImports} and r.included = 1 and instr(r.data, '"tagsToCreate":[]') = 0 and instr(r.data, '"tagsToCreate":') > 0`),
  ] as const;
}

type Aggregates = [
  { importId: string; status: ImportRowStatus; included: boolean; n: number }[],
  { importId: string; currency: string; type: TransactionType; minor: number; cents: number }[],
  { importId: string; n: number }[],
  { importId: string; name: string; type: TransactionType }[],
  { importId: string; name: string }[],
];

async function readAggregates(db: Db, importIds: readonly string[]): Promise<Aggregates> {
  return (await db.batch(aggregateQueries(db, importIds))) as unknown as Aggregates;
}

/** One import's share of the aggregates. */
function aggregatesOf(all: Aggregates, importId: string): Aggregates {
  return all.map((rows) => (rows as { importId: string }[]).filter((row) => row.importId === importId)) as unknown as Aggregates;
}

function toSummary(record: ImportRecord, [countRows, totalRows, suggestibleRows, categoryRows, tagRows]: Aggregates, now: Date): ImportSummary {
  const counts: ImportCounts = { new: 0, duplicate: 0, error: 0, included: 0, total: 0 };
  for (const row of countRows) {
    counts[row.status] += row.n;
    counts.total += row.n;
    if (row.included) counts.included += row.n;
  }
  const byCurrency = new Map<string, { currencyCode: string; incomeMinor: number; expenseMinor: number }>();
  const usd = { incomeCents: 0, expenseCents: 0 };
  for (const row of totalRows) {
    const entry = byCurrency.get(row.currency) ?? { currencyCode: row.currency, incomeMinor: 0, expenseMinor: 0 };
    if (row.type === "INCOME") {
      entry.incomeMinor += row.minor;
      usd.incomeCents += row.cents;
    } else {
      entry.expenseMinor += row.minor;
      usd.expenseCents += row.cents;
    }
    byCurrency.set(row.currency, entry);
  }
  const totals: ImportTotals = { byCurrency: [...byCurrency.values()], usd };
  const categories = new Map<string, { name: string; type: TransactionType }>();
  for (const row of categoryRows) {
    const key = `${row.type}:${nameKey(row.name)}`;
    if (!categories.has(key)) categories.set(key, { name: row.name.trim(), type: row.type });
  }
  const tags = new Map<string, string>();
  for (const row of tagRows) if (!tags.has(nameKey(row.name))) tags.set(nameKey(row.name), row.name.trim());
  const mapping = record.mapping ? (JSON.parse(record.mapping) as ImportMapping) : null;
  const undoEnd = record.committedAt ? new Date(record.committedAt.getTime() + IMPORT_UNDO_WINDOW_MS) : null;
  return {
    id: record.id,
    status: record.status,
    fileName: record.fileName,
    byteSize: record.byteSize,
    encoding: record.encoding as ImportEncoding,
    delimiter: record.delimiter as ImportDelimiter,
    header: JSON.parse(record.header) as string[],
    ownExport: record.ownExport,
    mapping,
    needsMapping: !record.ownExport && mapping === null,
    applySuggestedRates: record.applySuggestedRates,
    rowCount: record.rowCount,
    counts,
    totals,
    suggestible: suggestibleRows[0]?.n ?? 0,
    categoriesToCreate: [...categories.values()].sort((a, b) => a.type.localeCompare(b.type) || a.name.localeCompare(b.name)),
    tagsToCreate: [...tags.values()].sort((a, b) => a.localeCompare(b)),
    result: record.result ? (JSON.parse(record.result) as ImportResult) : null,
    createdAt: record.createdAt,
    expiresAt: record.expiresAt,
    committedAt: record.committedAt,
    undoneAt: record.undoneAt,
    undoUntil: record.status === "committed" && undoEnd && undoEnd.getTime() > now.getTime() ? undoEnd : null,
  };
}

/** An import with its counts and totals; undefined for another user's, an unknown id, or an expired staged one. */
export async function findImport(db: Db, userId: string, id: string, now = new Date()): Promise<ImportSummary | undefined> {
  const record = await ownedImport(db, userId, id, now);
  if (!record) return undefined;
  return toSummary(record, await readAggregates(db, [record.id]), now);
}

/** The import's preview rows in line order (one status, or all), paged; undefined as findImport. */
export async function listImportRows(
  db: Db,
  userId: string,
  id: string,
  { status, page, limit }: { status?: ImportRowStatus; page: number; limit: number },
  now = new Date(),
): Promise<{ rows: ImportRowView[]; total: number } | undefined> {
  const record = await ownedImport(db, userId, id, now);
  if (!record) return undefined;
  const where = and(eq(importRows.importId, record.id), status ? eq(importRows.status, status) : undefined);
  const size = Math.max(1, Math.min(limit, 500));
  const [rows, [total]] = await db.batch([
    db
      .select()
      .from(importRows)
      .where(where)
      .orderBy(asc(importRows.line))
      .limit(size)
      .offset((Math.max(1, page) - 1) * size),
    db.select({ n: count() }).from(importRows).where(where),
  ]);
  return { rows: rows.map((row) => toRowView(row, JSON.parse(row.data) as StagedRowData)), total: total?.n ?? 0 };
}

function toRowView(row: { line: number; status: ImportRowStatus; included: boolean }, data: StagedRowData): ImportRowView {
  const base = { line: row.line, status: row.status, included: row.included };
  if (data.kind === "error") return { ...base, lines: [row.line], reason: data.error };
  const { candidate } = data;
  const usdCents = candidate.payments.every((p) => p.usdCents !== null) ? candidate.payments.reduce((sum, p) => sum + p.usdCents!, 0) : null;
  const duplicateReason =
    row.status === "duplicate"
      ? data.duplicateBy === "transactionId" && candidate.transactionId
        ? { key: "import.row.duplicateId", values: { id: candidate.transactionId } }
        : { key: "import.row.duplicate" }
      : undefined;
  return {
    ...base,
    lines: candidate.lines,
    date: candidate.date,
    description: candidate.description,
    type: candidate.type,
    categoryName: candidate.categoryName,
    categoryId: data.categoryId,
    tagNames: candidate.tagNames,
    payments: candidate.payments,
    usdCents,
    ...(data.error ? { reason: data.error } : duplicateReason ? { reason: duplicateReason } : {}),
  };
}

/** The user's recent imports, newest first (the /import page's "Your imports", with Undo); expired staged ones are gone. */
export async function listImports(db: Db, userId: string, { limit }: { limit: number }, now = new Date()): Promise<ImportSummary[]> {
  const records = await db
    .select()
    .from(imports)
    .where(and(eq(imports.userId, userId), live(now)))
    .orderBy(desc(imports.createdAt), desc(imports.id))
    .limit(Math.max(1, Math.min(limit, 100)));
  if (records.length === 0) return [];
  const all = await readAggregates(db, records.map((record) => record.id));
  return records.map((record) => toSummary(record, aggregatesOf(all, record.id), now));
}

/** Rows read to guess the date formats and the decimal sign. */
const GUESS_ROWS = 200;

/** What the mapping step shows: the header, the first rows' cells, the reader's guesses, and the user's saved mapping for this header. */
export async function mappingSample(db: Db, userId: string, id: string, { rows }: { rows: number }, now = new Date()): Promise<MappingSample | undefined> {
  const record = await ownedImport(db, userId, id, now);
  if (!record) return undefined;
  const read = readImportFile(await storedFileBytes(db, record.id), { encoding: record.encoding as ImportEncoding, delimiter: record.delimiter as ImportDelimiter });
  const header = read.ok ? read.file.header : (JSON.parse(record.header) as string[]);
  const fileRows = read.ok ? read.file.rows : [];
  const today = now.toISOString().slice(0, 10);
  const guessRows = fileRows.slice(0, GUESS_ROWS);
  const dateFormats: Record<number, string[]> = {};
  const amountValues: string[] = [];
  header.forEach((_, column) => {
    const values = guessRows.map((row) => row.cells[column] ?? "");
    const guess = guessDateFormat(values, today);
    if (guess.kind === "format") dateFormats[column] = [guess.format];
    else if (guess.kind === "ambiguous") dateFormats[column] = guess.formats;
    else if (values.some((v) => v.trim() !== "") && values.every((v) => v.trim() === "" || AMOUNT_LIKE.test(v.trim()))) amountValues.push(...values);
  });
  const saved = await savedMappingFor(db, userId, record.headerFingerprint);
  return {
    header,
    rows: fileRows.slice(0, Math.max(0, rows)).map((row) => ({ line: row.line, cells: row.cells })),
    dateFormats,
    decimalSign: guessDecimalSign(amountValues),
    saved: saved ?? null,
  };
}

/** A cell that looks like an amount: digits with grouping and decimal signs, a sign or parentheses, perhaps a currency sign or code. */
const AMOUNT_LIKE = /^[-−+(]?\s*(?:[A-Z]{3}|\p{Sc}|R\$)?\s*[-−]?\d[\d.,'\s\u00a0\u202f]*\)?\s*(?:[A-Z]{3}|\p{Sc})?\s*-?$/u;

/** The stored file's bytes, in order. */
export async function storedFileBytes(db: Db, importId: string): Promise<Uint8Array> {
  const chunks = await db.select({ data: importFileChunks.data }).from(importFileChunks).where(eq(importFileChunks.importId, importId)).orderBy(importFileChunks.seq);
  const parts = chunks.map((c) => toBytes(c.data));
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

function toBytes(value: unknown): Uint8Array {
  if (value instanceof Uint8Array) return value;
  if (value instanceof ArrayBuffer) return new Uint8Array(value);
  if (Array.isArray(value)) return Uint8Array.from(value as number[]);
  throw new TypeError("an import's file chunk is not bytes");
}

/** The user's saved mapping for a header fingerprint, if any, read back through the schema (a stale one that no longer parses is none). */
export async function savedMappingFor(db: Db, userId: string, fingerprint: string) {
  const [row] = await db
    .select()
    .from(importMappings)
    .where(and(eq(importMappings.userId, userId), eq(importMappings.headerFingerprint, fingerprint)))
    .limit(1);
  if (!row) return undefined;
  try {
    const stored = JSON.parse(row.mapping) as { mapping?: unknown; encoding?: ReadOptions["encoding"]; delimiter?: ReadOptions["delimiter"] };
    const mapping = importMappingSchema.safeParse(stored.mapping);
    if (!mapping.success) return undefined;
    return { id: row.id, name: row.name, headerFingerprint: row.headerFingerprint, mapping: mapping.data, encoding: stored.encoding, delimiter: stored.delimiter };
  } catch {
    return undefined;
  }
}
