import { and, asc, eq, sql } from "drizzle-orm";
import { insertCategoriesQueries, deleteUnusedCategoriesQuery } from "~/features/categories/commands.server";
import { categoriesNamed } from "~/features/categories/queries.server";
import { insertTagsQueries, deleteUnusedTagsQuery } from "~/features/tags/commands.server";
import { tagsNamed } from "~/features/tags/queries.server";
import {
  createTransactions,
  deleteImportedQueries,
  type NewCategory,
  type StoredRate,
  type WithheldOutcome,
  type CreateItemOutcome,
} from "~/features/transactions/commands.server";
import { countImported, currencyDecimals } from "~/features/transactions/queries.server";
import { categoryTypeFor, DEFAULT_PAYMENT_METHOD } from "~/features/transactions/model/transaction";
import { fixedBaseRate } from "~/features/rates/model";
import { BASE_CURRENCY } from "~/money/currencies";
import { minorToDecimalString } from "~/money/amounts";
import { nameKey } from "~/text/name-key";
import { activityGuardRefused, type Actor, recordActivityGuardQuery } from "~/platform/db/activity.server";
import type { Db } from "~/platform/db/client.server";
import { importRows, imports } from "~/platform/db/schema";
import type { ImportMessage } from "./model/read";
import {
  type CommitImportOutcome,
  IMPORT_UNDO_WINDOW_MS,
  type ImportResult,
  type StagedRowData,
  type UndoImportOutcome,
} from "./model/staged";

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
export async function commitImport(db: Db, actor: Actor, { id, now = new Date() }: { id: string; now?: Date }): Promise<CommitImportOutcome> {
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
  const [matched, ownedTags, decimals] = await Promise.all([categoriesNamed(db, userId, [...wanted.values()]), tagsNamed(db, userId, [...tagNames.values()]), currencyDecimals(db)]);
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

  let outcomes: (CreateItemOutcome | WithheldOutcome)[];
  try {
    outcomes = await createTransactions(db, actor, inputs, {
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
  } catch (error) {
    if (!activityGuardRefused(error)) throw error;
    const now2 = await importOf(db, userId, id);
    return now2 ? { kind: "notStaged" } : { kind: "notFound" };
  }
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
