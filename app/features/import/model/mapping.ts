import type { TransactionType } from "~/features/transactions/model/transaction";
import { MAX_USER_TOTAL_MINOR } from "~/money/amounts";
import { isBaseCurrency } from "~/money/currencies";
import { isBelowMinimumRate, parseRate } from "~/money/rates";
import { nameFold } from "~/text/name-key";
import { readAmountCell, readSignedDecimal, type DecimalSign } from "./amounts";
import type { ApplyResult, CandidateRate, ImportCandidate, ImportContext, RowError } from "./candidates";
import { readCategoryName, readDescription, readTagNames } from "./cells";
import { isDateFormat, readDateCell, type DateFormat } from "./dates";
import { readOwnExport } from "./own-export";
import type { FileRow, ImportMessage, ReadFile } from "./read";

// Issue 26, step 3: a mapping says which column holds what; applied to a read file it gives,
// per record, a candidate transaction or an error with the record's line. Pure. Decision 036.

/** A column by its index in the header (0 = the first). */
export type ColumnIndex = number;

export type ImportMapping = {
  date: { column: ColumnIndex; format: DateFormat };
  description: ColumnIndex;
  amount:
    | { kind: "signed"; column: ColumnIndex; decimalSign: DecimalSign }
    /** Two columns: a value in debit is an expense, in credit an income (their signs are ignored). */
    | { kind: "debitCredit"; debit: ColumnIndex; credit: ColumnIndex; decimalSign: DecimalSign };
  /**
   * "amount": negative is an expense, positive an income (or which of debit and credit is
   * filled); "column": a column's values, compared folded (nameFold), name the type, and the
   * amount's sign is ignored.
   */
  type: { kind: "amount" } | { kind: "column"; column: ColumnIndex; income: string[]; expense: string[] };
  currency: { kind: "fixed"; code: string } | { kind: "column"; column: ColumnIndex };
  category?: ColumnIndex | null;
  /** Names separated by ";" or ",". */
  tags?: ColumnIndex | null;
  /** Units of the currency per 1 USD, written with the amount's decimal sign; an empty cell is no rate. */
  rate?: ColumnIndex | null;
};

/**
 * Apply a mapping (ignored for our own export, which needs none: pass null) to a read file. The
 * file's parse problem, if any, is the last error. Never throws on a file's content.
 */
export function applyMapping(file: ReadFile, mapping: ImportMapping | null, context: ImportContext): ApplyResult {
  const problem: RowError[] = file.problem ? [file.problem] : [];
  if (file.ownExport) {
    const { candidates, errors } = readOwnExport(file, context);
    return withinUserLimit({ mappingErrors: [], candidates, errors: [...errors, ...problem] }, context);
  }
  if (!mapping) return { mappingErrors: [{ field: "mapping", key: "import.mapping.required" }], candidates: [], errors: [] };
  const mappingErrors = checkMapping(file.header.length, mapping, context);
  if (mappingErrors.length > 0) return { mappingErrors, candidates: [], errors: [] };
  const decimals = new Map(context.currencies.map((c) => [c.code, c.decimals]));
  const candidates: ImportCandidate[] = [];
  const errors: RowError[] = [];
  for (const row of file.rows) {
    const reading = readMappedRow(row, mapping, decimals, context.today);
    if (reading.ok) candidates.push(reading.candidate);
    else errors.push({ line: row.line, ...reading.error });
  }
  return withinUserLimit({ mappingErrors: [], candidates, errors: [...errors, ...problem] }, context);
}

function checkMapping(width: number, mapping: ImportMapping, context: ImportContext): (ImportMessage & { field: string })[] {
  const errors: (ImportMessage & { field: string })[] = [];
  const column = (field: string, index: ColumnIndex | null | undefined, optional = false) => {
    if (optional && (index === null || index === undefined)) return;
    if (!Number.isInteger(index) || index! < 0 || index! >= width) errors.push({ field, key: "import.mapping.columnMissing", values: { columns: width } });
  };
  column("date", mapping.date.column);
  if (!isDateFormat(mapping.date.format)) errors.push({ field: "date", key: "import.mapping.dateFormat" });
  column("description", mapping.description);
  if (mapping.amount.kind === "signed") column("amount", mapping.amount.column);
  else column("debit", mapping.amount.debit), column("credit", mapping.amount.credit);
  if (mapping.amount.decimalSign !== "." && mapping.amount.decimalSign !== ",") errors.push({ field: "amount", key: "import.mapping.decimalSign" });
  if (mapping.type.kind === "column") column("type", mapping.type.column);
  const currency = mapping.currency;
  if (currency.kind === "column") column("currency", currency.column);
  else if (!context.currencies.some((c) => c.code === currency.code))
    errors.push({ field: "currency", key: "import.mapping.currencyUnknown", values: { currency: currency.code } });
  column("category", mapping.category, true);
  column("tags", mapping.tags, true);
  column("rate", mapping.rate, true);
  return errors;
}

type RowReading = { ok: true; candidate: ImportCandidate } | { ok: false; error: ImportMessage };

function readMappedRow(row: FileRow, mapping: ImportMapping, decimals: ReadonlyMap<string, number>, today: string): RowReading {
  const cell = (index: ColumnIndex) => row.cells[index];
  const needed = [mapping.date.column, mapping.description, ...(mapping.amount.kind === "signed" ? [mapping.amount.column] : [mapping.amount.debit, mapping.amount.credit])];
  if (mapping.type.kind === "column") needed.push(mapping.type.column);
  if (mapping.currency.kind === "column") needed.push(mapping.currency.column);
  const widest = Math.max(...needed);
  if (row.cells.length <= widest) return { ok: false, error: { key: "import.row.tooFewCells", values: { expected: widest + 1, found: row.cells.length } } };

  const date = readDateCell(cell(mapping.date.column)!, mapping.date.format, today);
  if (!date.ok) return date;
  const description = readDescription(cell(mapping.description)!);
  if (!description.ok) return description;

  const code = mapping.currency.kind === "fixed" ? mapping.currency.code : cell(mapping.currency.column)!.trim().toUpperCase();
  const places = decimals.get(code);
  if (places === undefined) return { ok: false, error: code ? { key: "import.row.currencyUnknown", values: { currency: code } } : { key: "import.row.currencyRequired" } };
  const currency = { code, decimals: places };

  let amount: { minor: number; type: TransactionType };
  if (mapping.amount.kind === "signed") {
    const read = readAmountCell(cell(mapping.amount.column)!, mapping.amount.decimalSign, currency);
    if (!read.ok) return read;
    amount = { minor: read.minor, type: read.negative ? "EXPENSE" : "INCOME" };
  } else {
    const read = readDebitCredit(cell(mapping.amount.debit)!, cell(mapping.amount.credit)!, mapping.amount.decimalSign, currency);
    if (!read.ok) return read;
    amount = read.amount;
  }
  let type = amount.type;
  if (mapping.type.kind === "column") {
    const value = cell(mapping.type.column)!.trim();
    const folded = nameFold(value);
    if (mapping.type.income.some((v) => nameFold(v) === folded)) type = "INCOME";
    else if (mapping.type.expense.some((v) => nameFold(v) === folded)) type = "EXPENSE";
    else return { ok: false, error: { key: "import.row.typeUnknown", values: { value } } };
  }

  const category = readCategoryName(mapping.category == null ? "" : (cell(mapping.category) ?? ""));
  if (!category.ok) return category;
  const tags = readTagNames(mapping.tags == null ? [] : (cell(mapping.tags) ?? "").split(/[;,]/));
  if (!tags.ok) return tags;
  const rate = readRateCell(mapping.rate == null ? "" : (cell(mapping.rate) ?? ""), mapping.amount.decimalSign, code);
  if (!rate.ok) return rate;

  return {
    ok: true,
    candidate: {
      line: row.line,
      lines: [row.line],
      date: date.date,
      description: description.text,
      type,
      categoryName: category.name,
      tagNames: tags.names,
      payments: [{ currency: code, amountMinor: amount.minor, rate: rate.rate }],
      transactionId: null,
    },
  };
}

/** A zero in one column counts as empty: banks write "0.00" in the column a row does not use. */
function readDebitCredit(
  debitCell: string,
  creditCell: string,
  decimalSign: DecimalSign,
  currency: { code: string; decimals: number },
): { ok: true; amount: { minor: number; type: TransactionType } } | { ok: false; error: ImportMessage } {
  const isZero = (text: string) => {
    const signed = readSignedDecimal(text, decimalSign);
    return text.trim() === "" || (signed !== null && /^0*(\.0*)?$/.test(signed.decimal));
  };
  const debitEmpty = isZero(debitCell);
  const creditEmpty = isZero(creditCell);
  if (debitEmpty && creditEmpty) return { ok: false, error: { key: "import.row.amountRequired" } };
  if (!debitEmpty && !creditEmpty) return { ok: false, error: { key: "import.row.debitAndCredit" } };
  const read = readAmountCell(debitEmpty ? creditCell : debitCell, decimalSign, currency);
  if (!read.ok) return read;
  return { ok: true, amount: { minor: read.minor, type: debitEmpty ? "INCOME" : "EXPENSE" } };
}

/** A rate cell: empty is none; USD's rate is 1 whatever the file says (the base currency has no other). */
function readRateCell(text: string, decimalSign: DecimalSign, currency: string): { ok: true; rate: CandidateRate | null } | { ok: false; error: ImportMessage } {
  const value = text.trim();
  if (value === "" || isBaseCurrency(currency)) return { ok: true, rate: null };
  const signed = readSignedDecimal(value, decimalSign);
  const parsed = signed && !signed.negative ? parseRate(signed.decimal) : null;
  if (!parsed?.ok || isBelowMinimumRate(parsed.rate)) return { ok: false, error: { key: "import.row.rateInvalid", values: { value } } };
  return { ok: true, rate: { rate: parsed.rate, date: null, source: null } };
}

/**
 * Decision 011 for the file: per currency, the stored total plus the file's rows in line order;
 * a row that would take it past MAX_USER_TOTAL_MINOR is an error and is not counted.
 */
function withinUserLimit(result: ApplyResult, context: ImportContext): ApplyResult {
  const totals = new Map<string, bigint>(Object.entries(context.storedMinorByCurrency ?? {}));
  const candidates: ImportCandidate[] = [];
  const errors = [...result.errors];
  for (const candidate of result.candidates) {
    const next = new Map(totals);
    for (const p of candidate.payments) next.set(p.currency, (next.get(p.currency) ?? 0n) + BigInt(p.amountMinor));
    const over = candidate.payments.find((p) => next.get(p.currency)! > BigInt(MAX_USER_TOTAL_MINOR));
    if (over) {
      for (const line of candidate.lines) errors.push({ line, key: "import.row.overUserLimit", values: { currency: over.currency } });
      continue;
    }
    for (const [code, total] of next) totals.set(code, total);
    candidates.push(candidate);
  }
  errors.sort((a, b) => a.line - b.line);
  return { ...result, candidates, errors };
}

/**
 * The key a saved mapping is filed under (issue 26: "My bank" is offered next time for a file
 * with the same header): the header's names folded (nameFold: case, accents and spaces do not
 * count), in order, hashed (FNV-1a, 64 bits) to 16 hex digits. Same names in the same order,
 * same key; another column, a renamed or moved one, another key.
 */
export function headerFingerprint(header: readonly string[]): string {
  const text = header.map((name) => nameFold(name)).join("\u001f");
  let hash = 0xcbf29ce484222325n;
  for (const byte of new TextEncoder().encode(text)) {
    hash ^= BigInt(byte);
    hash = (hash * 0x100000001b3n) & 0xffffffffffffffffn;
  }
  return hash.toString(16).padStart(16, "0");
}
