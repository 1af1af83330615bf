import type { TransactionType } from "~/features/transactions/model/transaction";
import type { ImportMessage } from "./read";

// Issue 26: what reading a file gives the import flow (staging, preview, commit: a later
// session). Decision 036 describes how the flow consumes it.

/** A rate the file gives for a payment; our own export also gives its date and source. */
export type CandidateRate = { rate: string; date: string | null; source: string | null };

/** A payment as the transactions feature's batch door takes it, less the method (the flow's default). */
export type CandidatePayment = {
  currency: string;
  /** Positive integer minor units in the currency's decimals (the type gives the sign). */
  amountMinor: number;
  /** The file's rate; null when the file has none (the flow looks up the app's rate for the date). */
  rate: CandidateRate | null;
};

/** One transaction the file would create. */
export type ImportCandidate = {
  /** The line its (first) record starts on: what the preview shows. */
  line: number;
  /** Every record's line: several for a transaction of several payments in our own export. */
  lines: number[];
  date: string;
  description: string;
  type: TransactionType;
  /** Matched by name (nameKey) to the user's categories, created when missing; null: the flow's default. */
  categoryName: string | null;
  tagNames: string[];
  payments: CandidatePayment[];
  /** Our own export's transaction_id (duplicates are judged on it), else null. */
  transactionId: string | null;
};

/** A record that gives no transaction, with the line it starts on and why. */
export type RowError = ImportMessage & { line: number };

export type ImportContext = {
  /** The user's day (yyyy-MM-dd): dates after today + 1 year are refused. */
  today: string;
  /** Every currency a payment may be in, with its decimals. */
  currencies: readonly { code: string; decimals: number }[];
  /**
   * What the user has already recorded, per currency, in minor units (decision 011): the file's
   * rows are added to it in order, and a row that would take it past MAX_USER_TOTAL_MINOR is an
   * error. Absent: the file is held to the limit on its own.
   */
  storedMinorByCurrency?: Readonly<Record<string, bigint>>;
};

export type ApplyResult = {
  /** The mapping itself is wrong (a column that is not in the file, an unknown fixed currency): nothing was read. */
  mappingErrors: (ImportMessage & { field: string })[];
  candidates: ImportCandidate[];
  /** In line order. */
  errors: RowError[];
};
