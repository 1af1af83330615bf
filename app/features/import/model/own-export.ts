import { readTagsCell, readTextCell } from "~/features/reports/model/csv";
import { MAX_PAYMENTS, TRANSACTION_TYPES, type TransactionType } from "~/features/transactions/model/transaction";
import { isIsoDate } from "~/calendar/days";
import { parseRate, toUsdCents } from "~/money/rates";
import { readAmountCell } from "./amounts";
import type { ApplyResult, CandidatePayment, ImportCandidate, ImportContext, RowError } from "./candidates";
import { readDateCell } from "./dates";
import { readCategoryName, readDescription, readTagNames } from "./cells";
import type { FileRow, ImportMessage, ReadFile } from "./read";

// Issue 26, "Our own export round-trips": a file written by /reports/export or
// /api/reports/export is known by its header and read without a mapping. Rows sharing a
// transaction_id are one transaction with several payments; each payment keeps the file's
// exchange_rate, rate_date and rate_source, so its USD cents come out as the export showed them.
// Decision 036.

/**
 * The export's columns in its order (app/features/reports/queries/export.server.ts; a test holds
 * the two together): "category" only with the categories option, the three rate columns only
 * with the conversion option.
 */
const COLUMNS = [
  { name: "date" },
  { name: "description" },
  { name: "type" },
  { name: "category", option: "categories" },
  { name: "tags" },
  { name: "currency" },
  { name: "original_amount" },
  { name: "exchange_rate", option: "conversion" },
  { name: "rate_date", option: "conversion" },
  { name: "rate_source", option: "conversion" },
  { name: "usd_amount" },
  { name: "transaction_id" },
] as const;

/** The four headers the export writes (with and without categories, with and without conversion). */
export function ownExportHeaders(): string[][] {
  const headers: string[][] = [];
  for (const categories of [true, false])
    for (const conversion of [true, false])
      headers.push(COLUMNS.filter((c) => !("option" in c) || (c.option === "categories" ? categories : conversion)).map((c) => c.name));
  return headers;
}

export function isOwnExportHeader(header: readonly string[]): boolean {
  const names = header.map((name) => name.trim());
  return ownExportHeaders().some((h) => h.length === names.length && h.every((name, i) => name === names[i]));
}

type Column = (typeof COLUMNS)[number]["name"];

/** The transaction a group of rows shares: every row of one transaction_id must agree on it. */
type Shared = Pick<ImportCandidate, "date" | "description" | "type" | "categoryName" | "tagNames">;

type RowReading = { ok: true; shared: Shared; payment: CandidatePayment; transactionId: string } | { ok: false; error: ImportMessage };

export function readOwnExport(file: ReadFile, context: ImportContext): Omit<ApplyResult, "mappingErrors"> {
  const index = new Map(file.header.map((name, i) => [name.trim() as Column, i]));
  const decimals = new Map(context.currencies.map((c) => [c.code, c.decimals]));
  const cell = (row: FileRow, name: Column) => {
    const i = index.get(name);
    return i === undefined ? null : (row.cells[i] ?? "");
  };
  const errors: RowError[] = [];
  const groups = new Map<string, { candidate: ImportCandidate; failedLine: number | null }>();
  const failedIds = new Map<string, number>();

  for (const row of file.rows) {
    const reading = readRow(row, cell, decimals, context.today, file.header.length);
    if (!reading.ok) {
      errors.push({ line: row.line, ...reading.error });
      const id = cell(row, "transaction_id")?.trim();
      if (id && !failedIds.has(id)) failedIds.set(id, row.line);
      continue;
    }
    const group = groups.get(reading.transactionId);
    if (!group) {
      groups.set(reading.transactionId, {
        candidate: { line: row.line, lines: [row.line], ...reading.shared, payments: [reading.payment], transactionId: reading.transactionId },
        failedLine: null,
      });
      continue;
    }
    const first = group.candidate;
    if (!sameTransaction(first, reading.shared)) {
      errors.push({ line: row.line, key: "import.row.paymentDisagrees", values: { line: first.line } });
      if (!failedIds.has(reading.transactionId)) failedIds.set(reading.transactionId, row.line);
      continue;
    }
    if (first.payments.length >= MAX_PAYMENTS) {
      errors.push({ line: row.line, key: "import.row.tooManyPayments", values: { max: MAX_PAYMENTS } });
      if (!failedIds.has(reading.transactionId)) failedIds.set(reading.transactionId, row.line);
      continue;
    }
    first.lines.push(row.line);
    first.payments.push(reading.payment);
  }

  // A transaction is imported whole or not at all: one refused payment refuses the others.
  const candidates: ImportCandidate[] = [];
  for (const [id, { candidate }] of groups) {
    const failedLine = failedIds.get(id);
    if (failedLine === undefined) candidates.push(candidate);
    else for (const line of candidate.lines) errors.push({ line, key: "import.row.otherPaymentRefused", values: { line: failedLine } });
  }
  candidates.sort((a, b) => a.line - b.line);
  errors.sort((a, b) => a.line - b.line);
  return { candidates, errors };
}

function sameTransaction(a: Shared, b: Shared): boolean {
  return (
    a.date === b.date &&
    a.description === b.description &&
    a.type === b.type &&
    a.categoryName === b.categoryName &&
    a.tagNames.length === b.tagNames.length &&
    a.tagNames.every((name, i) => name === b.tagNames[i])
  );
}

function readRow(
  row: FileRow,
  cell: (row: FileRow, name: Column) => string | null,
  decimals: ReadonlyMap<string, number>,
  today: string,
  width: number,
): RowReading {
  if (row.cells.length < width) return { ok: false, error: { key: "import.row.tooFewCells", values: { expected: width, found: row.cells.length } } };
  const date = readDateCell(cell(row, "date")!, "yyyy-MM-dd", today);
  if (!date.ok) return date;
  const description = readDescription(readTextCell(cell(row, "description")!));
  if (!description.ok) return description;
  const typeText = cell(row, "type")!.trim();
  if (!(TRANSACTION_TYPES as readonly string[]).includes(typeText)) return { ok: false, error: { key: "import.row.typeInvalid", values: { value: typeText } } };
  const type = typeText as TransactionType;
  const categoryCell = cell(row, "category");
  const category = readCategoryName(categoryCell === null ? "" : readTextCell(categoryCell));
  if (!category.ok) return category;
  const tags = readTagNames(readTagsCell(cell(row, "tags")!));
  if (!tags.ok) return tags;
  const currency = cell(row, "currency")!.trim();
  const places = decimals.get(currency);
  if (places === undefined) return { ok: false, error: currency ? { key: "import.row.currencyUnknown", values: { currency } } : { key: "import.row.currencyRequired" } };
  const amountText = cell(row, "original_amount")!.trim();
  // The export writes a plain decimal with a dot, negative for an expense.
  if (!/^-?\d+(\.\d+)?$/.test(amountText)) return { ok: false, error: { key: "import.row.amountInvalid", values: { value: amountText } } };
  const amount = readAmountCell(amountText, ".", { code: currency, decimals: places });
  if (!amount.ok) return amount;
  if (amount.negative !== (type === "EXPENSE")) return { ok: false, error: { key: "import.row.signDisagrees", values: { type } } };
  const rate = readExportRate(row, cell, places, amount.minor, type);
  if (!rate.ok) return rate;
  const transactionId = readTextCell(cell(row, "transaction_id")!.trim());
  if (transactionId === "") return { ok: false, error: { key: "import.row.transactionIdRequired" } };
  return {
    ok: true,
    shared: { date: date.date, description: description.text, type, categoryName: category.name, tagNames: tags.names },
    payment: { currency, amountMinor: amount.minor, rate: rate.rate },
    transactionId,
  };
}

/**
 * The payment's rate, date and source as the export wrote them, and a check that they give the
 * usd_amount the export wrote: what the import stores then exports the same cents. Without the
 * conversion columns there is no rate (null: the flow uses the app's rate for the date).
 */
function readExportRate(
  row: FileRow,
  cell: (row: FileRow, name: Column) => string | null,
  decimals: number,
  amountMinor: number,
  type: TransactionType,
): { ok: true; rate: CandidatePayment["rate"] } | { ok: false; error: ImportMessage } {
  const rateText = cell(row, "exchange_rate");
  if (rateText === null) return { ok: true, rate: null };
  const rate = parseRate(rateText);
  if (!rate.ok) return { ok: false, error: { key: "import.row.rateInvalid", values: { value: rateText.trim() } } };
  const rateDate = readTextCell(cell(row, "rate_date")!.trim());
  if (!isIsoDate(rateDate)) return { ok: false, error: { key: "import.row.rateDateInvalid", values: { value: rateDate } } };
  const source = readTextCell(cell(row, "rate_source")!.trim());
  if (source === "") return { ok: false, error: { key: "import.row.rateSourceRequired" } };
  const usdText = cell(row, "usd_amount")!.trim();
  const usdCents = toUsdCents(amountMinor, decimals, rate.rate);
  const written = /^-?\d+\.\d{2}$/.test(usdText) ? Number(usdText.replace("-", "").replace(".", "")) : null;
  if (written !== usdCents || (usdCents > 0 && usdText.startsWith("-") !== (type === "EXPENSE")))
    return { ok: false, error: { key: "import.row.usdDisagrees", values: { value: usdText } } };
  return { ok: true, rate: { rate: rate.rate, date: rateDate, source } };
}
