import { and, eq, lt, sql } from "drizzle-orm";
import { listCategories } from "~/features/categories/queries.server";
import { fillPastRates, type RateHistoryOptions } from "~/features/rates/commands.server";
import { findNearestRates, findRatesOnOrBefore, listCurrencies } from "~/features/rates/queries.server";
import { listTagChoices } from "~/features/tags/queries.server";
import { existingTransactionIds, storedDuplicateKeyRows, toUserTotals, userTotalsQueries } from "~/features/transactions/queries.server";
import { resources } from "~/locales";
import type { Actor } from "~/platform/db/activity.server";
import { inList } from "~/platform/db/bound-lists.server";
import type { Db } from "~/platform/db/client.server";
import { importFileChunks, importMappings, importRows, imports } from "~/platform/db/schema";
import { duplicateKey } from "./model/duplicates";
import { applyMapping, headerFingerprint, type ImportMapping } from "./model/mapping";
import { classifyRows, dateRange, rateKey, rateNeeds, type StagedRow } from "./model/preview";
import { readImportFile, type ImportMessage, type ReadFile, type ReadOptions } from "./model/read";
import {
  STAGED_IMPORT_TTL_MS,
  type DeleteImportOutcome,
  type ImportChanges,
  type StageOutcome,
  type UpdateImportOutcome,
} from "./model/staged";
import { savedMappingFor, storedFileBytes } from "./queries.server";

// The import feature's one write path (issue 26, decision 039), used by the /import pages and
// /api/imports alike. Staging: an upload is staged (the imports row, the file's bytes, the
// classified preview rows), changed (encoding, delimiter, mapping, the suggested rates, row
// choices), deleted, or expired. The commit (commitImport) writes exactly the staged rows.

type BatchItem = Parameters<Db["batch"]>[0][number];

/** The file's bytes are stored in pieces of at most this size: D1 refuses a value over 2 MB. */
export const FILE_CHUNK_BYTES = 1_000_000;
/** Staged rows are inserted from JSON parameters of about this many characters each (one statement per piece, all in one batch). */
const ROWS_JSON_CHUNK_CHARS = 900_000;
export const MAPPING_NAME_MAX = 50;

// A default category's name in each language (the locale files), which the categories feature also counts as the default's.
const defaultNamesByLanguage = Object.values(resources).map((language) => language.translation.categoryNames as Record<string, string>);

/** What classifying a read file gives: rows to stage, or why the mapping cannot be applied. */
type Classified = { kind: "rows"; rows: StagedRow[] } | { kind: "needsMapping" } | { kind: "mappingInvalid"; errors: (ImportMessage & { field: string })[] };

/**
 * Classify a read file for the user (the preview of decision 039): apply the mapping (none for
 * our own export), read the facts once for all candidates (currencies, running totals,
 * categories, tags, stored duplicate keys or ids, past rates filled from the history provider,
 * the rates on or before each day, the nearest rates where none is), then classifyRows.
 */
export async function classifyFile(
  db: Db,
  userId: string,
  file: ReadFile,
  mapping: ImportMapping | null,
  options: { today: string; history: RateHistoryOptions | null; applySuggestedRates: boolean },
): Promise<Classified> {
  if (!file.ownExport && !mapping) return { kind: "needsMapping" };
  const [currencyRows, [usd, byCurrency]] = await Promise.all([listCurrencies(db), db.batch(userTotalsQueries(db, userId))]);
  const totals = toUserTotals(usd, byCurrency);
  const currencies = currencyRows.map((c) => ({ code: c.code, decimals: c.decimalPlaces }));
  const applied = applyMapping(file, file.ownExport ? null : mapping, {
    today: options.today,
    currencies,
    storedMinorByCurrency: Object.fromEntries(totals.byCurrency),
  });
  if (applied.mappingErrors.length > 0) return { kind: "mappingInvalid", errors: applied.mappingErrors };

  const needs = rateNeeds(applied.candidates);
  // The history provider first (decision 037), once for all needs, then the rates on file.
  await fillPastRates(db, options.history, needs);
  const range = dateRange(applied.candidates);
  const [categories, tags, ratesOnFile, stored, existingIds] = await Promise.all([
    listCategories(db, userId),
    listTagChoices(db, userId),
    findRatesOnOrBefore(db, needs),
    !file.ownExport && range ? storedDuplicateKeyRows(db, userId, range) : Promise.resolve([]),
    file.ownExport ? existingTransactionIds(db, userId, applied.candidates.flatMap((c) => (c.transactionId ? [c.transactionId] : []))) : Promise.resolve(new Set<string>()),
  ]);
  const missing = needs.filter((n) => !ratesOnFile.has(rateKey(n.currencyCode, n.date)));
  const suggestions = missing.length > 0 ? await findNearestRates(db, missing) : new Map();
  const rows = classifyRows(applied, {
    ownExport: file.ownExport,
    categories,
    defaultNamesByLanguage,
    tags,
    storedKeys: stored.map((row) => duplicateKey({ ...row, currency: row.currencyCode })),
    existingIds,
    ratesOnFile,
    suggestions,
    applySuggestedRates: options.applySuggestedRates,
    decimals: new Map(currencies.map((c) => [c.code, c.decimals])),
  });
  return { kind: "rows", rows };
}

/** The staged rows as INSERT … SELECT FROM json_each(?) statements, one per ~1 MB of JSON (D1: 100 bound parameters, 2 MB values). */
export function insertRowsQueries(db: Db, importId: string, rows: readonly StagedRow[]): BatchItem[] {
  const queries: BatchItem[] = [];
  let piece: string[] = [];
  let size = 0;
  const flush = () => {
    if (piece.length === 0) return;
    const json = `[${piece.join(",")}]`;
    queries.push(
      db.run(sql`insert into ${importRows} (import_id, line, status, included, data)
        select ${importId}, json_extract(value, '$[0]'), json_extract(value, '$[1]'), json_extract(value, '$[2]'), json_extract(value, '$[3]')
        from json_each(${json})`),
    );
    piece = [];
    size = 0;
  };
  for (const row of rows) {
    const item = JSON.stringify([row.line, row.status, row.included ? 1 : 0, JSON.stringify(row.data)]);
    if (size + item.length > ROWS_JSON_CHUNK_CHARS) flush();
    piece.push(item);
    size += item.length + 1;
  }
  flush();
  return queries;
}

function fileChunkQueries(db: Db, importId: string, bytes: Uint8Array): BatchItem[] {
  const queries: BatchItem[] = [];
  for (let seq = 0, at = 0; at < bytes.length; seq++, at += FILE_CHUNK_BYTES) {
    queries.push(db.insert(importFileChunks).values({ importId, seq, data: Buffer.from(bytes.subarray(at, at + FILE_CHUNK_BYTES)) }));
  }
  return queries;
}

export type StageImportInput = {
  fileName: string;
  bytes: Uint8Array;
  options?: ReadOptions;
  mapping?: ImportMapping | null;
  today: string;
  history: RateHistoryOptions | null;
  now?: Date;
};

/**
 * Reads the file; a refused file stores nothing. Otherwise stores the import (staged, expiring
 * in 24 h) and its bytes, and classifies its rows when it can: our own export, a mapping sent
 * with it, or the user's saved mapping for this header (applied automatically). A mapping sent
 * that does not fit the file is not kept: the import is staged without rows, and the outcome
 * carries `mappingErrors`.
 */
export async function stageImport(db: Db, actor: Actor, input: StageImportInput): Promise<StageOutcome> {
  const read = readImportFile(input.bytes, input.options ?? {});
  if (!read.ok) return { kind: "fileRefused", error: read.error };
  const file = read.file;
  const now = input.now ?? new Date();
  const fingerprint = headerFingerprint(file.header);
  let mapping: ImportMapping | null = null;
  if (!file.ownExport) mapping = input.mapping ?? (await savedMappingFor(db, actor.userId, fingerprint))?.mapping ?? null;
  let classified = await classifyFile(db, actor.userId, file, mapping, { today: input.today, history: input.history, applySuggestedRates: false });
  let mappingErrors: (ImportMessage & { field: string })[] | undefined;
  if (classified.kind === "mappingInvalid") {
    // A mapping that does not fit the file is not kept: the import waits for one that does.
    mappingErrors = classified.errors;
    mapping = null;
    classified = { kind: "needsMapping" };
  }
  const id = crypto.randomUUID();
  const rows = classified.kind === "rows" ? classified.rows : [];
  await db.batch([
    db.insert(imports).values({
      id,
      userId: actor.userId,
      status: "staged",
      fileName: input.fileName.trim().slice(0, 255) || "import.csv",
      byteSize: input.bytes.length,
      encoding: file.encoding,
      delimiter: file.delimiter,
      header: JSON.stringify(file.header),
      headerFingerprint: fingerprint,
      ownExport: file.ownExport,
      mapping: mapping && !file.ownExport ? JSON.stringify(mapping) : null,
      applySuggestedRates: false,
      rowCount: file.rows.length,
      createdAt: now,
      updatedAt: now,
      expiresAt: new Date(now.getTime() + STAGED_IMPORT_TTL_MS),
    }),
    ...fileChunkQueries(db, id, input.bytes),
    ...insertRowsQueries(db, id, rows),
  ]);
  return mappingErrors ? { kind: "staged", id, mappingErrors } : { kind: "staged", id };
}

/** The import as the commands see it: the user's, staged or not, and not an expired staged one (those are gone, as for the reads). */
async function ownedImport(db: Db, userId: string, id: string, now: Date) {
  const [row] = await db
    .select()
    .from(imports)
    .where(and(eq(imports.id, id), eq(imports.userId, userId)))
    .limit(1);
  if (!row || (row.status === "staged" && row.expiresAt.getTime() <= now.getTime())) return undefined;
  return row;
}

export type UpdateImportInput = { id: string; changes: ImportChanges; today: string; history: RateHistoryOptions | null; now?: Date };

/**
 * A new encoding, delimiter, mapping or applySuggestedRates reads the stored file again and
 * stages its rows again (keeping the include/exclude choices of lines whose status is
 * unchanged); `rows` only flips `included` (an error row cannot be included); `saveMappingAs`
 * saves the (new or current) mapping for the header. A refused change changes nothing.
 */
export async function updateImport(db: Db, actor: Actor, input: UpdateImportInput): Promise<UpdateImportOutcome> {
  const now = input.now ?? new Date();
  const record = await ownedImport(db, actor.userId, input.id, now);
  if (!record) return { kind: "notFound" };
  if (record.status !== "staged") return { kind: "notStaged" };
  const { changes } = input;

  const name = changes.saveMappingAs?.trim();
  if (changes.saveMappingAs !== undefined) {
    if (!name) return { kind: "mappingInvalid", errors: [{ field: "saveMappingAs", key: "import.mapping.nameRequired" }] };
    if (name.length > MAPPING_NAME_MAX) return { kind: "mappingInvalid", errors: [{ field: "saveMappingAs", key: "import.mapping.nameTooLong", values: { max: MAPPING_NAME_MAX } }] };
  }

  const restage = changes.encoding !== undefined || changes.delimiter !== undefined || changes.mapping !== undefined || changes.applySuggestedRates !== undefined;
  const statements: BatchItem[] = [];
  let storedMapping: ImportMapping | null = record.mapping ? (JSON.parse(record.mapping) as ImportMapping) : null;
  let fingerprint = record.headerFingerprint;
  let ownExport = record.ownExport;
  let readOptions = { encoding: record.encoding, delimiter: record.delimiter } as Required<ReadOptions>;
  // The rows as they will be after this change (line → status), to check the row choices against.
  let rowsAfter: Map<number, { status: string; included: boolean }> | null = null;

  if (restage) {
    readOptions = { encoding: changes.encoding ?? readOptions.encoding, delimiter: changes.delimiter ?? readOptions.delimiter };
    const read = readImportFile(await storedFileBytes(db, record.id), readOptions);
    if (!read.ok) return { kind: "mappingInvalid", errors: [{ field: changes.delimiter !== undefined ? "delimiter" : "encoding", ...read.error }] };
    const file = read.file;
    ownExport = file.ownExport;
    fingerprint = headerFingerprint(file.header);
    const applySuggestedRates = changes.applySuggestedRates ?? record.applySuggestedRates;
    let mapping = ownExport ? null : (changes.mapping ?? storedMapping);
    let classified = await classifyFile(db, actor.userId, file, mapping, { today: input.today, history: input.history, applySuggestedRates });
    if (classified.kind === "mappingInvalid") {
      // A mapping the user sent that does not fit: nothing changes. The stored one no longer
      // fitting a new encoding or delimiter: it is dropped and the import asks for one again.
      if (changes.mapping !== undefined) return { kind: "mappingInvalid", errors: classified.errors };
      mapping = null;
      classified = { kind: "needsMapping" };
    }
    const rows = classified.kind === "rows" ? classified.rows : [];
    // The user's include/exclude choices stay where a line keeps its status.
    const before = await db
      .select({ line: importRows.line, status: importRows.status, included: importRows.included })
      .from(importRows)
      .where(eq(importRows.importId, record.id));
    const previous = new Map(before.map((r) => [r.line, r]));
    for (const row of rows) {
      const was = previous.get(row.line);
      if (was && was.status === row.status) row.included = was.included;
    }
    rowsAfter = new Map(rows.map((r) => [r.line, { status: r.status, included: r.included }]));
    storedMapping = mapping;
    statements.push(
      db
        .update(imports)
        .set({
          encoding: file.encoding,
          delimiter: file.delimiter,
          header: JSON.stringify(file.header),
          headerFingerprint: fingerprint,
          ownExport,
          mapping: mapping ? JSON.stringify(mapping) : null,
          applySuggestedRates,
          rowCount: file.rows.length,
          updatedAt: now,
        })
        .where(eq(imports.id, record.id)),
      db.delete(importRows).where(eq(importRows.importId, record.id)),
      ...insertRowsQueries(db, record.id, rows),
    );
  }

  if (changes.rows && changes.rows.length > 0) {
    const lines = [...new Set(changes.rows.map((r) => r.line))];
    if (!rowsAfter) {
      const found = await db
        .select({ line: importRows.line, status: importRows.status, included: importRows.included })
        .from(importRows)
        .where(and(eq(importRows.importId, record.id), sql`${importRows.line} in (select value from json_each(${JSON.stringify(lines)}))`));
      rowsAfter = new Map(found.map((r) => [r.line, r]));
    }
    const refused = changes.rows.filter((r) => !Number.isInteger(r.line) || !rowsAfter!.has(r.line) || (r.included && rowsAfter!.get(r.line)!.status === "error")).map((r) => r.line);
    if (refused.length > 0) return { kind: "rowsInvalid", lines: [...new Set(refused)].sort((a, b) => a - b) };
    const choices = JSON.stringify(changes.rows.map((r) => [r.line, r.included ? 1 : 0]));
    statements.push(
      db.run(sql`update ${importRows} set included = (select json_extract(c.value, '$[1]') from json_each(${choices}) c where json_extract(c.value, '$[0]') = ${importRows.line} order by c.key desc limit 1)
        where ${importRows.importId} = ${record.id} and ${importRows.line} in (select json_extract(value, '$[0]') from json_each(${choices}))`),
    );
    if (!restage) statements.push(db.update(imports).set({ updatedAt: now }).where(eq(imports.id, record.id)));
  }

  if (name) {
    if (ownExport || !storedMapping) return { kind: "mappingInvalid", errors: [{ field: "saveMappingAs", key: "import.mapping.nothingToSave" }] };
    const value = JSON.stringify({ mapping: storedMapping, encoding: readOptions.encoding, delimiter: readOptions.delimiter });
    statements.push(
      db
        .insert(importMappings)
        .values({ userId: actor.userId, name, headerFingerprint: fingerprint, mapping: value, createdAt: now, updatedAt: now })
        .onConflictDoUpdate({ target: [importMappings.userId, importMappings.headerFingerprint], set: { name, mapping: value, updatedAt: now } }),
    );
  }

  const [first, ...rest] = statements;
  if (first) await db.batch([first, ...rest]);
  return { kind: "updated" };
}

/** A staged import only; its rows and file go with it. */
export async function deleteImport(db: Db, actor: Actor, { id, now = new Date() }: { id: string; now?: Date }): Promise<DeleteImportOutcome> {
  const record = await ownedImport(db, actor.userId, id, now);
  if (!record) return { kind: "notFound" };
  if (record.status !== "staged") return { kind: "notStaged" };
  await db.batch([
    db.delete(importRows).where(eq(importRows.importId, id)),
    db.delete(importFileChunks).where(eq(importFileChunks.importId, id)),
    db.delete(imports).where(and(eq(imports.id, id), eq(imports.userId, actor.userId), eq(imports.status, "staged"))),
  ]);
  return { kind: "deleted" };
}

/** Deletes the staged imports past their expiry (the hourly job), with their rows and file; returns how many. */
export async function expireStagedImports(db: Db, now: Date): Promise<number> {
  const expired = await db
    .select({ id: imports.id })
    .from(imports)
    .where(and(eq(imports.status, "staged"), lt(imports.expiresAt, now)));
  if (expired.length === 0) return 0;
  const ids = expired.map((r) => r.id);
  const gone = await db.batch([
    db.delete(importRows).where(inList(importRows.importId, ids)),
    db.delete(importFileChunks).where(inList(importFileChunks.importId, ids)),
    db
      .delete(imports)
      .where(and(inList(imports.id, ids), eq(imports.status, "staged"), lt(imports.expiresAt, now)))
      .returning({ id: imports.id }),
  ]);
  return (gone[2] as { id: string }[]).length;
}
