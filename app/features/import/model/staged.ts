import type { TransactionType } from "~/features/transactions/model/transaction";
import type { CandidatePayment, ImportCandidate } from "./candidates";
import type { ImportEncoding } from "./encoding";
import type { ImportMapping } from "./mapping";
import type { ImportDelimiter, ImportMessage } from "./read";

// Issue 26, steps 4 and 5: what an import holds between its upload and its commit, and what the
// pages and the API read of it. The preview is staged (import_rows) and the commit writes exactly
// the staged rows that are included, so what the user saw is what is written. Decision 039.

export type ImportStatus = "staged" | "committed" | "undone";
export type ImportRowStatus = "new" | "duplicate" | "error";

/** Staged imports expire this long after their upload; a committed one can be undone this long after its commit. */
export const STAGED_IMPORT_TTL_MS = 24 * 60 * 60 * 1000;
export const IMPORT_UNDO_WINDOW_MS = 7 * 24 * 60 * 60 * 1000;

/** A rate as the commit stores it on a payment: the rate, the day it is for, and its source (manual, provider, snapshot, fixed). */
export type StoredRateChoice = { rate: string; date: string; source: string };

/**
 * A payment as staged: the candidate's, plus the rate the commit will store (from the file, or
 * the app's rate on or before the date at staging, or, when the user ticked "apply suggested
 * rates", the suggestion as a manual rate on the transaction's day) and its USD cents, computed
 * once (toUsdCents) so the preview's totals are the commit's.
 */
export type StagedPayment = CandidatePayment & {
  stored: StoredRateChoice | null;
  usdCents: number | null;
  /** Where no source has the day's rate: the nearest known one (findNearestRates), offered, never applied unless ticked. */
  suggestion: StoredRateChoice | null;
};

/** import_rows.data: a candidate with its staged payments, or a record that gives no transaction. */
export type StagedRowData =
  | {
      kind: "candidate";
      candidate: Omit<ImportCandidate, "payments"> & { payments: StagedPayment[] };
      /** The user's category this row goes into (matched by name and type), or null when the commit creates `categoryName`. */
      categoryId: string | null;
      /** Its tags that the commit creates (the others are the user's, matched by name). */
      tagsToCreate: string[];
      /** Why a candidate is an error row after all (no rate, a category of the other type…); absent when it can be imported. */
      error?: ImportMessage;
      /** A duplicate row's match: our export's transaction_id already in the account, or the five-part key (decision 039). */
      duplicateBy?: "transactionId" | "key";
    }
  | { kind: "error"; error: ImportMessage };

/** One row of the preview, as the pages and GET /api/imports/{id} show it. */
export type ImportRowView = {
  line: number;
  /** Every line of the file it came from (several for a transaction of several payments in our own export). */
  lines: number[];
  status: ImportRowStatus;
  included: boolean;
  /** Absent on a record that gave no transaction. */
  date?: string;
  description?: string;
  type?: TransactionType;
  categoryName?: string | null;
  /**
   * The category it goes into: the user's or a default one matched by name, or, without a
   * category cell, the type's first (decision 039); null when the commit creates `categoryName`.
   */
  categoryId?: string | null;
  tagNames?: string[];
  payments?: StagedPayment[];
  /** The transaction's USD cents when every payment has a stored rate. */
  usdCents?: number | null;
  /** Why it is an error (status "error"), or why it is a duplicate (import.row.duplicate…). */
  reason?: ImportMessage;
};

export type ImportCounts = { new: number; duplicate: number; error: number; included: number; total: number };

/** Totals of the included rows: per currency in its minor units, and in USD cents. */
export type ImportTotals = {
  byCurrency: { currencyCode: string; incomeMinor: number; expenseMinor: number }[];
  usd: { incomeCents: number; expenseCents: number };
};

export type ImportResult = { imported: number; duplicates: number; refused: number };

/** An import as the pages and the API show it (without its rows). */
export type ImportSummary = {
  id: string;
  status: ImportStatus;
  fileName: string;
  byteSize: number;
  encoding: ImportEncoding;
  delimiter: ImportDelimiter;
  header: string[];
  ownExport: boolean;
  /** Null until mapped (always null for our own export). */
  mapping: ImportMapping | null;
  /** A mapping is needed and none is set: the flow shows the mapping step. */
  needsMapping: boolean;
  applySuggestedRates: boolean;
  /** Data rows in the file. */
  rowCount: number;
  counts: ImportCounts;
  totals: ImportTotals;
  /** Error rows that only lack a rate and have a suggestion ("apply the suggested rate to all such rows"). */
  suggestible: number;
  categoriesToCreate: { name: string; type: TransactionType }[];
  tagsToCreate: string[];
  result: ImportResult | null;
  createdAt: Date;
  expiresAt: Date;
  committedAt: Date | null;
  undoneAt: Date | null;
  /** Until when "Undo this import" is offered; null when it is not (staged, undone, or past the window). */
  undoUntil: Date | null;
};

/** A saved mapping ("My bank"), offered for the next file with the same header fingerprint. */
export type SavedMapping = {
  id: string;
  name: string;
  headerFingerprint: string;
  mapping: ImportMapping;
  encoding?: ImportEncoding;
  delimiter?: ImportDelimiter;
};

/** What the mapping step shows: the header, the first rows' cells, and what the reader guesses. */
export type MappingSample = {
  header: string[];
  rows: { line: number; cells: string[] }[];
  /** Per column index: the date formats that read every value (one: that format; several: ambiguous). */
  dateFormats: Record<number, string[]>;
  /** The decimal sign the amount-looking columns suggest, if they agree. */
  decimalSign: "." | "," | null;
  /** The saved mapping for this header, if the user has one. */
  saved: SavedMapping | null;
};

// --- What the commands answer (the login flow's discriminated outcomes). ---

export type StageOutcome =
  /**
   * `mappingErrors`: a mapping was sent with the file and does not fit it (a column the file
   * lacks, an unknown fixed currency): the file is staged without it and waits for one.
   */
  | { kind: "staged"; id: string; mappingErrors?: (ImportMessage & { field: string })[] }
  /** The whole file is refused (over 5 MB, over 20,000 rows, empty, no rows): nothing is stored. */
  | { kind: "fileRefused"; error: ImportMessage };

/** What PUT /api/imports/{id} and the web steps may change; absent fields stay as they are. */
export type ImportChanges = {
  encoding?: ImportEncoding;
  delimiter?: ImportDelimiter;
  mapping?: ImportMapping;
  /** Save the (new or current) mapping under this name for files with the same header. */
  saveMappingAs?: string;
  applySuggestedRates?: boolean;
  /** Include or exclude rows by line (a duplicate may be included; an error row may not). */
  rows?: { line: number; included: boolean }[];
};

export type UpdateImportOutcome =
  | { kind: "updated" }
  | { kind: "notFound" }
  /** Committed or undone: a staged import only. */
  | { kind: "notStaged" }
  /** The mapping names a column the file lacks, an unknown fixed currency…: nothing changed. */
  | { kind: "mappingInvalid"; errors: (ImportMessage & { field: string })[] }
  /** Rows that cannot be included (error rows) or lines that are not in the preview: nothing changed. */
  | { kind: "rowsInvalid"; lines: number[] };

export type CommitImportOutcome =
  | { kind: "committed"; result: ImportResult }
  | { kind: "notFound" }
  | { kind: "notStaged" }
  | { kind: "needsMapping" }
  | { kind: "nothingToImport" }
  /**
   * The batch door refused staged rows (a category deleted since, a per-user limit reached):
   * nothing was written; the preview was staged again and shows why.
   */
  | { kind: "changed"; lines: number[] };

export type UndoImportOutcome = { kind: "undone"; removed: number } | { kind: "notFound" } | { kind: "notCommitted" } | { kind: "tooLate" };

export type DeleteImportOutcome = { kind: "deleted" } | { kind: "notFound" } | { kind: "notStaged" };
