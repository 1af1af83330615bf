import { and, asc, eq, lt, sql } from "drizzle-orm";
import { findUserById } from "~/features/accounts/queries.server";
import { deleteUnusedCategoriesQuery, insertCategoriesQueries } from "~/features/categories/commands.server";
import { categoriesNamed, listCategories } from "~/features/categories/queries.server";
import { fillPastRates, type RateHistoryOptions } from "~/features/rates/commands.server";
import { fixedBaseRate } from "~/features/rates/model";
import { findNearestRates, findRatesOnOrBefore, listCurrencies } from "~/features/rates/queries.server";
import { deleteUnusedTagsQuery, insertTagsQueries } from "~/features/tags/commands.server";
import { listTagChoices, tagsNamed } from "~/features/tags/queries.server";
import {
  createTransactions,
  deleteImportedQueries,
  type CreateItemOutcome,
  type NewCategory,
  type StoredRate,
  type WithheldOutcome,
} from "~/features/transactions/commands.server";
import { categoryTypeFor, DEFAULT_PAYMENT_METHOD } from "~/features/transactions/model/transaction";
import { countImported, currencyDecimals, existingTransactionIds, storedDuplicateKeyRows, toUserTotals, userTotalsQueries } from "~/features/transactions/queries.server";
import { resources } from "~/locales";
import { isLanguage } from "~/locales/languages";
import { minorToDecimalString } from "~/money/amounts";
import { BASE_CURRENCY } from "~/money/currencies";
import { activityGuardRefused, type Actor, recordActivityGuardQuery } from "~/platform/db/activity.server";
import { inList } from "~/platform/db/bound-lists.server";
import type { Db } from "~/platform/db/client.server";
import { isUniqueViolation } from "~/platform/db/errors.server";
import { importFileChunks, importMappings, importRows, imports } from "~/platform/db/schema";
import { nameKey } from "~/text/name-key";
import { duplicateKey } from "./model/duplicates";
import { applyMapping, headerFingerprint, type ImportMapping } from "./model/mapping";
import { classifyRows, dateRange, rateKey, rateNeeds, type StagedRow } from "./model/preview";
import { readImportFile, type ImportMessage, type ReadFile, type ReadOptions } from "./model/read";
import {
  IMPORT_UNDO_WINDOW_MS,
  STAGED_IMPORT_TTL_MS,
  type CommitImportOutcome,
  type DeleteImportOutcome,
  type ImportChanges,
  type ImportResult,
  type StagedRowData,
  type StageOutcome,
  type UndoImportOutcome,
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
/**
 * Staged rows are inserted from JSON parameters of at most this many bytes of UTF-8 each (one
 * statement per piece, all in one batch): under D1's 2 MB per value with room to spare.
 */
export const ROWS_JSON_CHUNK_BYTES = 900_000;
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
  // One read after another: a batch beside other statements on one libSQL connection can find the database busy.
  const currencyRows = await listCurrencies(db);
  const [usd, byCurrency] = await db.batch(userTotalsQueries(db, userId));
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
  await fillPastRates(db, options.history, rateNeeds(applied.candidates, { fileRates: false }));
  const range = dateRange(applied.candidates);
  const categories = await listCategories(db, userId);
  const tags = await listTagChoices(db, userId);
  const user = await findUserById(db, userId);
  const language = user && isLanguage(user.language) ? user.language : "en";
  const ratesOnFile = await findRatesOnOrBefore(db, needs);
  const stored = range ? await storedDuplicateKeyRows(db, userId, range) : [];
  const existingIds = file.ownExport ? await existingTransactionIds(db, userId, applied.candidates.flatMap((c) => (c.transactionId ? [c.transactionId] : []))) : new Set<string>();
  const missing = needs.filter((n) => !ratesOnFile.has(rateKey(n.currencyCode, n.date)));
  const suggestions = missing.length > 0 ? await findNearestRates(db, missing) : new Map();
  const rows = classifyRows(applied, {
    ownExport: file.ownExport,
    categories,
    defaultNamesByLanguage,
    uncategorizedName: resources[language].translation.import.uncategorizedCategory,
    tags,
    storedKeys: stored.map((row) => duplicateKey({ ...row, currency: row.currencyCode })),
    existingIds,
    ratesOnFile,
    suggestions,
    applySuggestedRates: options.applySuggestedRates,
    decimals: new Map(currencies.map((c) => [c.code, c.decimals])),
    storedUsdCents: totals.usdCents,
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
      // Every column of import_rows, in its order: import_id, line, status, included, data.
      db.insert(importRows).select(
        sql`select ${importId}, json_extract(value, '$[0]'), json_extract(value, '$[1]'), json_extract(value, '$[2]'), json_extract(value, '$[3]') from json_each(${json})`,
      ),
    );
    piece = [];
    size = 0;
  };
  for (const row of rows) {
    const item = JSON.stringify([row.line, row.status, row.included ? 1 : 0, JSON.stringify(row.data)]);
    const bytes = utf8Bound(item);
    if (size + bytes > ROWS_JSON_CHUNK_BYTES) flush();
    piece.push(item);
    size += bytes + 1;
  }
  flush();
  return queries;
}

/** An upper bound of a text's UTF-8 length without encoding it: a non-ASCII UTF-16 unit takes at most 3 bytes (a pair, 4 for 2). */
function utf8Bound(text: string): number {
  let extra = 0;
  for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) > 0x7f) extra += 2;
  return text.length + extra;
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
    // A mapping that does not fit the file is not kept: the import waits for one that does. Only
    // the caller's own mapping is reported (a saved one that no longer fits is simply not offered).
    if (input.mapping) mappingErrors = classified.errors;
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
      db
        .update(importRows)
        .set({
          included: sql`(select json_extract(c.value, '$[1]') from json_each(${choices}) as c where json_extract(c.value, '$[0]') = ${importRows.line} order by c.key desc limit 1)`,
        })
        .where(and(eq(importRows.importId, record.id), sql`${importRows.line} in (select json_extract(value, '$[0]') from json_each(${choices}))`)),
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

// --- Commit and undo (issue 26, step 5; decision 039, "The commit and its undo"). ---

type StagedCandidate = Extract<StagedRowData, { kind: "candidate" }>;
type TransactionInput = Parameters<typeof createTransactions>[2][number];

/** The import as its commit and undo read it: the user's, or undefined (another user's and an unknown id alike). */
async function importOf(db: Db, userId: string, id: string) {
  if (id === "") return undefined;
  const [row] = await db
    .select({
      status: imports.status,
      fileName: imports.fileName,
      ownExport: imports.ownExport,
      mapping: imports.mapping,
      expiresAt: imports.expiresAt,
      committedAt: imports.committedAt,
      createdRecords: imports.createdRecords,
    })
    .from(imports)
    .where(and(eq(imports.id, id), eq(imports.userId, userId)))
    .limit(1);
  return row;
}

/** SQL: the import is the user's and still staged (the commit's guard, evaluated inside its batch). */
const stillStaged = (userId: string, id: string) =>
  sql`exists (select 1 from ${imports} where ${imports.id} = ${id} and ${imports.userId} = ${userId} and ${imports.status} = 'staged')`;

/** SQL: the import is the user's, committed, and its commit is within the undo window at `now`. */
const stillUndoable = (userId: string, id: string, now: Date) =>
  sql`exists (select 1 from ${imports} where ${imports.id} = ${id} and ${imports.userId} = ${userId} and ${imports.status} = 'committed'
    and ${imports.committedAt} >= ${now.getTime() - IMPORT_UNDO_WINDOW_MS})`;

/** "Imported 1,243 transactions from bank.csv": the English text the API's activity answers (decision 025). */
const importedText = (count: number, file: string) => `Imported ${count.toLocaleString("en-US")} transaction${count === 1 ? "" : "s"} from ${file}`;

/** A staged candidate as the transactions door takes it, with the conversions its preview showed. */
function inputOf(
  row: StagedCandidate,
  categoryId: string,
  tagIds: string[],
  decimals: ReadonlyMap<string, number>,
): { input: TransactionInput; stored: StoredRate[] } | ImportMessage {
  const { candidate } = row;
  const stored: StoredRate[] = [];
  const payments = [];
  for (const p of candidate.payments) {
    const places = decimals.get(p.currency);
    if (places === undefined) return { key: "validation.currencyInvalid" };
    // A foreign payment with no stored rate cannot be imported: a rate is never invented (never 1).
    const rate = p.currency === BASE_CURRENCY ? (p.stored ?? { ...fixedBaseRate(candidate.date) }) : p.stored;
    if (!rate || (p.currency !== BASE_CURRENCY && p.usdCents === null)) return { key: "validation.rateUnknown" };
    stored.push({ currencyCode: p.currency, amountMinor: p.amountMinor, rate: rate.rate, rateDate: rate.date, rateSource: rate.source, usdCents: p.usdCents ?? p.amountMinor });
    payments.push({ currencyCode: p.currency, amount: minorToDecimalString(p.amountMinor, places), method: DEFAULT_PAYMENT_METHOD });
  }
  // The reader held the row to the form's rules (decision 036: text cells, tags, payments), as the
  // recurring job builds its inputs; the door checks it against what the database holds.
  const input: TransactionInput = {
    type: candidate.type,
    description: candidate.description,
    date: candidate.date,
    categoryId,
    tagIds,
    payments,
    multi: payments.length > 1,
  };
  return { input, stored };
}

/**
 * Commits a staged import (issue 26, step 5): exactly its included staged rows, in line order,
 * through the transactions door (decision 024) all or nothing, each payment with the rate, rate
 * date, source and USD cents its preview showed, every transaction carrying the import's id. The
 * categories and tags the rows name that the user lacks (matched by name now, so one made since
 * the preview is used, not repeated) are created in the same batch, with the activity entry
 * "Imported 1,243 transactions from bank.csv" and the import marked committed with its result.
 * The entry is also the batch's guard: when the import is no longer staged (a second click, a
 * second tab, a concurrent commit), the batch fails whole and the answer is notStaged.
 * When the door refuses any row (a category deleted since, a currency turned off, a per-user
 * limit), nothing is written: those rows become error rows with the door's reason, and the answer
 * is `changed` with their lines.
 */
export async function commitImport(db: Db, actor: Actor, input: { id: string; now?: Date }): Promise<CommitImportOutcome> {
  try {
    return await commitOnce(db, actor, input);
  } catch (error) {
    // Refused by the database: when the import is no longer staged, another commit won the race
    // (its guard, or the categories it created first, stopped this batch); nothing of this one was written.
    if (!activityGuardRefused(error) && !isUniqueViolation(error)) throw error;
    const now = await importOf(db, actor.userId, input.id);
    if (!now) return { kind: "notFound" };
    if (now.status !== "staged") return { kind: "notStaged" };
    // Still staged: a category or tag of the same name was made meanwhile; read the names again, once.
    if (isUniqueViolation(error)) return commitOnce(db, actor, input);
    throw error;
  }
}

async function commitOnce(db: Db, actor: Actor, { id, now = new Date() }: { id: string; now?: Date }): Promise<CommitImportOutcome> {
  const { userId } = actor;
  const found = await importOf(db, userId, id);
  if (!found || (found.status === "staged" && found.expiresAt.getTime() <= now.getTime())) return { kind: "notFound" };
  if (found.status !== "staged") return { kind: "notStaged" };
  if (!found.ownExport && found.mapping === null) return { kind: "needsMapping" };

  const [tally, included] = await db.batch([
    db
      .select({ status: importRows.status, included: importRows.included, n: sql<number>`count(*)` })
      .from(importRows)
      .where(eq(importRows.importId, id))
      .groupBy(importRows.status, importRows.included),
    db
      .select({ line: importRows.line, data: importRows.data })
      .from(importRows)
      .where(and(eq(importRows.importId, id), eq(importRows.included, true), sql`${importRows.status} <> 'error'`))
      .orderBy(asc(importRows.line)),
  ]);
  const count = (status: string, isIncluded: boolean) => tally.filter((t) => t.status === status && t.included === isIncluded).reduce((sum, t) => sum + Number(t.n), 0);
  const rows = included.map((r) => ({ line: r.line, data: JSON.parse(r.data) as StagedRowData }));
  if (rows.length === 0) return { kind: "nothingToImport" };
  const result: ImportResult = {
    imported: rows.length,
    duplicates: count("duplicate", false),
    refused: count("error", false) + count("error", true) + count("new", false),
  };

  // Categories and tags by name, as they are now.
  const candidates = rows.map((r) => (r.data.kind === "candidate" && !r.data.error ? r.data : undefined));
  const wanted = new Map<string, { name: string; type: NewCategory["type"] }>();
  const tagNames = new Map<string, string>();
  for (const c of candidates) {
    if (!c) continue;
    if (c.categoryId === null && c.candidate.categoryName !== null) {
      const type = categoryTypeFor(c.candidate.type);
      wanted.set(`${type}:${nameKey(c.candidate.categoryName)}`, { name: c.candidate.categoryName.trim(), type });
    }
    for (const name of c.candidate.tagNames) if (!tagNames.has(nameKey(name))) tagNames.set(nameKey(name), name.trim());
  }
  // One after another: a libSQL connection finds a batch beside other statements busy.
  const matched = await categoriesNamed(db, userId, [...wanted.values()]);
  const ownedTags = await tagsNamed(db, userId, [...tagNames.values()]);
  const decimals = await currencyDecimals(db);
  const categoryIdByKey = new Map<string, string>();
  const newCategories: NewCategory[] = [];
  for (const [index, [key, want]] of [...wanted.entries()].entries()) {
    const existing = matched[index];
    if (existing) categoryIdByKey.set(key, existing.id);
    else {
      const created = { id: crypto.randomUUID(), name: want.name, type: want.type };
      newCategories.push(created);
      categoryIdByKey.set(key, created.id);
    }
  }
  const tagIdByKey = new Map(ownedTags);
  const newTags: { id: string; name: string }[] = [];
  for (const [key, name] of tagNames) {
    if (tagIdByKey.has(key)) continue;
    const created = { id: crypto.randomUUID(), name };
    newTags.push(created);
    tagIdByKey.set(key, created.id);
  }

  const refusedBeforeDoor: { line: number; error: ImportMessage }[] = [];
  const inputs: TransactionInput[] = [];
  const storedRates: StoredRate[][] = [];
  const lines: number[] = [];
  for (const [index, row] of rows.entries()) {
    const c = candidates[index];
    if (!c) {
      refusedBeforeDoor.push({ line: row.line, error: row.data.kind === "candidate" && row.data.error ? row.data.error : { key: "import.row.notImportable" } });
      continue;
    }
    const categoryId =
      c.categoryId ?? (c.candidate.categoryName !== null ? categoryIdByKey.get(`${categoryTypeFor(c.candidate.type)}:${nameKey(c.candidate.categoryName)}`) : undefined);
    if (categoryId === undefined) {
      refusedBeforeDoor.push({ line: row.line, error: { key: "validation.categoryRequired" } });
      continue;
    }
    const built = inputOf(c, categoryId, [...new Set(c.candidate.tagNames.map((name) => tagIdByKey.get(nameKey(name))!))], decimals);
    if ("key" in built) {
      refusedBeforeDoor.push({ line: row.line, error: built });
      continue;
    }
    inputs.push(built.input);
    storedRates.push(built.stored);
    lines.push(row.line);
  }
  if (refusedBeforeDoor.length > 0) return refuseRows(db, id, refusedBeforeDoor);

  // Only what the included rows use is created (a category or tag of an excluded row is not).
  const usedCategoryIds = new Set(inputs.map((i) => i.categoryId));
  const usedTagIds = new Set(inputs.flatMap((i) => i.tagIds));
  const categoriesToCreate = newCategories.filter((c) => usedCategoryIds.has(c.id));
  const tagsToCreate = newTags.filter((t) => usedTagIds.has(t.id));
  const createdRecords = [...categoriesToCreate.map((c) => c.id), ...tagsToCreate.map((t) => t.id)];

  const outcomes: (CreateItemOutcome | WithheldOutcome)[] = await createTransactions(db, actor, inputs, {
    source: "import",
    allOrNothing: true,
    importId: id,
    storedRates,
    ownActivityEntry: true,
    createdAt: now,
    newRecords: {
      categories: categoriesToCreate,
      tagIds: tagsToCreate.map((t) => t.id),
      statements: [...insertCategoriesQueries(db, userId, categoriesToCreate), ...insertTagsQueries(db, userId, tagsToCreate)],
    },
    extraStatements: (planned) => [
      // First, so that a commit of an import that is no longer staged fails before marking it.
      recordActivityGuardQuery(
        db,
        {
          userId,
          action: "import_commit",
          description: importedText(planned.length, found.fileName),
          details: { count: planned.length, file: found.fileName },
          ipAddress: actor.ip,
        },
        stillStaged(userId, id),
      ),
      db
        .update(imports)
        .set({ status: "committed", result: JSON.stringify(result), createdRecords: JSON.stringify(createdRecords), committedAt: now, updatedAt: now })
        .where(and(eq(imports.id, id), eq(imports.userId, userId), eq(imports.status, "staged"))),
    ],
  });
  const unreadable = outcomes.find((outcome) => outcome.kind === "unreadable");
  if (unreadable) throw unreadable.cause;
  const refused = outcomes.flatMap((outcome, index) => {
    if (outcome.kind === "created" || outcome.kind === "withheld") return [];
    const issue = outcome.kind === "invalid" ? outcome.issues[0] : outcome.kind === "overLimit" ? outcome.issue : undefined;
    return [{ line: lines[index]!, error: { key: issue?.message ?? "import.row.notImportable" } }];
  });
  if (refused.length > 0) return refuseRows(db, id, refused);
  return { kind: "committed", result };
}

/**
 * The rows the commit could not write become error rows (excluded) with the reason, in one
 * statement: the preview then shows why, and nothing else changed. Answers `changed` with their lines.
 */
async function refuseRows(db: Db, id: string, refused: { line: number; error: ImportMessage }[]): Promise<CommitImportOutcome> {
  const byLine = JSON.stringify(Object.fromEntries(refused.map((r) => [String(r.line), r.error])));
  await db
    .update(importRows)
    .set({
      status: "error",
      included: false,
      data: sql`json_set(${importRows.data}, '$.error', json(json_extract(${byLine}, '$."' || ${importRows.line} || '"')))`,
    })
    .where(and(eq(importRows.importId, id), sql`${importRows.line} in (select cast(key as integer) from json_each(${byLine}))`));
  return { kind: "changed", lines: refused.map((r) => r.line) };
}

/**
 * "Undo this import" (issue 26): within IMPORT_UNDO_WINDOW_MS (7 days) of its commit, deletes
 * exactly the transactions carrying the import's id, with their payments and tag links (the
 * running totals follow through the payments' delete trigger), then the categories and tags the
 * commit created that nothing uses any more, and marks the import undone, with the activity entry
 * "Import undone: bank.csv", in one batch of a fixed number of statements however many rows it
 * removes. Another user's import or an unknown id: notFound; staged or already undone:
 * notCommitted; past the window: tooLate. Two undos at once: the second writes nothing.
 */
export async function undoImport(db: Db, actor: Actor, { id, now = new Date() }: { id: string; now?: Date }): Promise<UndoImportOutcome> {
  const { userId } = actor;
  const found = await importOf(db, userId, id);
  if (!found || (found.status === "staged" && found.expiresAt.getTime() <= now.getTime())) return { kind: "notFound" };
  if (found.status !== "committed" || found.committedAt === null) return { kind: "notCommitted" };
  if (now.getTime() - found.committedAt.getTime() > IMPORT_UNDO_WINDOW_MS) return { kind: "tooLate" };
  const createdRecords = found.createdRecords ? (JSON.parse(found.createdRecords) as string[]) : [];
  const count = await countImported(db, userId, id);
  const [links, paymentRows, transactionRows] = deleteImportedQueries(db, userId, id);
  try {
    const results = await db.batch([
      recordActivityGuardQuery(
        db,
        { userId, action: "import_undo", description: `Import undone: ${found.fileName}`, details: { count, file: found.fileName }, ipAddress: actor.ip },
        stillUndoable(userId, id, now),
      ),
      links,
      paymentRows,
      transactionRows,
      ...(createdRecords.length > 0 ? [deleteUnusedCategoriesQuery(db, userId, createdRecords), deleteUnusedTagsQuery(db, userId, createdRecords)] : []),
      db
        .update(imports)
        .set({ status: "undone", undoneAt: now, updatedAt: now })
        .where(and(eq(imports.id, id), eq(imports.userId, userId), eq(imports.status, "committed"))),
    ]);
    return { kind: "undone", removed: (results[3] as { id: string }[]).length };
  } catch (error) {
    if (!activityGuardRefused(error)) throw error;
    const again = await importOf(db, userId, id);
    if (!again) return { kind: "notFound" };
    return again.status === "committed" ? { kind: "tooLate" } : { kind: "notCommitted" };
  }
}
