import type { DecimalSign } from "./amounts";
import type { DateFormat } from "./dates";
import type { ImportMapping } from "./mapping";
import type { ImportMessage } from "./read";

// Issue 26, step 3 on the web: the mapping step's form (a plain POST, no JavaScript needed) ↔ an
// ImportMapping. Pure. The fields are flat (one per choice), a column is its index in the header
// ("" for none), and the values that mean income or expense are typed separated by commas. The
// shape is then the API's: importMappingSchema checks it, and the reader (applyMapping, run by
// updateImport) checks the columns against the file.

/** The form's fields, by name. */
export const MAPPING_FIELDS = [
  "dateColumn",
  "dateFormat",
  "description",
  "amountKind",
  "amountColumn",
  "debitColumn",
  "creditColumn",
  "decimalSign",
  "typeKind",
  "typeColumn",
  "incomeValues",
  "expenseValues",
  "currencyKind",
  "currencyCode",
  "currencyColumn",
  "categoryColumn",
  "tagsColumn",
  "rateColumn",
] as const;
export type MappingField = (typeof MAPPING_FIELDS)[number];
export type MappingFormValues = Partial<Record<MappingField, string>>;

/** The largest text a field of this form may hold (a column index, a currency code, a list of type values). */
const MAX_FIELD_LENGTH = 500;

/** The form's values out of a submitted form (anything else in it is ignored; a file or an overlong value reads as empty). */
export function mappingFormValues(form: FormData): MappingFormValues {
  const values: MappingFormValues = {};
  for (const field of MAPPING_FIELDS) {
    const value = form.get(field);
    if (typeof value === "string" && value.length <= MAX_FIELD_LENGTH) values[field] = value.trim();
  }
  return values;
}

function column(value: string | undefined): number | null | undefined {
  if (value === undefined || value === "") return null;
  return /^\d{1,3}$/.test(value) ? Number(value) : -1;
}

function typeValues(value: string | undefined): string[] {
  return (value ?? "")
    .split(",")
    .map((part) => part.trim())
    .filter(Boolean);
}

/** Each form field a mapping error names (the schema's path, or the reader's field) belongs to. */
const FIELD_OF: Record<string, MappingField> = {
  date: "dateColumn",
  "date.column": "dateColumn",
  "date.format": "dateFormat",
  description: "description",
  amount: "amountColumn",
  "amount.column": "amountColumn",
  "amount.debit": "debitColumn",
  debit: "debitColumn",
  "amount.credit": "creditColumn",
  credit: "creditColumn",
  "amount.decimalSign": "decimalSign",
  type: "typeColumn",
  "type.column": "typeColumn",
  "type.income": "incomeValues",
  "type.expense": "expenseValues",
  currency: "currencyCode",
  "currency.code": "currencyCode",
  "currency.column": "currencyColumn",
  category: "categoryColumn",
  tags: "tagsColumn",
  rate: "rateColumn",
};

/** The form field a mapping error is shown beside ("mapping" for one that belongs to none). */
export function mappingErrorField(path: string): MappingField | "saveMappingAs" | "mapping" {
  if (path === "saveMappingAs") return path;
  return FIELD_OF[path] ?? "mapping";
}

/**
 * The form's values → the mapping's shape, unchecked (importMappingSchema checks it: the page's
 * action does), or the required columns left at "none".
 */
export function mappingCandidate(values: MappingFormValues): { ok: true; candidate: unknown } | { ok: false; errors: (ImportMessage & { field: string })[] } {
  const required: MappingField[] = [
    "dateColumn",
    "description",
    ...(values.amountKind === "debitCredit" ? (["debitColumn", "creditColumn"] as const) : (["amountColumn"] as const)),
    ...(values.typeKind === "column" ? (["typeColumn"] as const) : []),
    ...(values.currencyKind === "column" ? (["currencyColumn"] as const) : []),
  ];
  const missing = required.filter((field) => !values[field]);
  if (missing.length > 0) return { ok: false, errors: missing.map((field) => ({ field, key: "import.page.mapping.chooseColumn" })) };
  const candidate = {
    date: { column: column(values.dateColumn), format: values.dateFormat || undefined },
    description: column(values.description),
    amount:
      values.amountKind === "debitCredit"
        ? { kind: "debitCredit", debit: column(values.debitColumn), credit: column(values.creditColumn), decimalSign: values.decimalSign || undefined }
        : { kind: "signed", column: column(values.amountColumn), decimalSign: values.decimalSign || undefined },
    type:
      values.typeKind === "column"
        ? { kind: "column", column: column(values.typeColumn), income: typeValues(values.incomeValues), expense: typeValues(values.expenseValues) }
        : { kind: "amount" },
    currency: values.currencyKind === "column" ? { kind: "column", column: column(values.currencyColumn) } : { kind: "fixed", code: values.currencyCode ?? "" },
    category: column(values.categoryColumn),
    tags: column(values.tagsColumn),
    rate: column(values.rateColumn),
  };
  return { ok: true, candidate };
}

/** A mapping → the form's values (the saved or current mapping preselected). */
export function mappingToForm(mapping: ImportMapping): MappingFormValues {
  const text = (index: number | null | undefined) => (index === null || index === undefined ? "" : String(index));
  return {
    dateColumn: text(mapping.date.column),
    dateFormat: mapping.date.format,
    description: text(mapping.description),
    amountKind: mapping.amount.kind,
    amountColumn: mapping.amount.kind === "signed" ? text(mapping.amount.column) : "",
    debitColumn: mapping.amount.kind === "debitCredit" ? text(mapping.amount.debit) : "",
    creditColumn: mapping.amount.kind === "debitCredit" ? text(mapping.amount.credit) : "",
    decimalSign: mapping.amount.decimalSign,
    typeKind: mapping.type.kind,
    typeColumn: mapping.type.kind === "column" ? text(mapping.type.column) : "",
    incomeValues: mapping.type.kind === "column" ? mapping.type.income.join(", ") : "",
    expenseValues: mapping.type.kind === "column" ? mapping.type.expense.join(", ") : "",
    currencyKind: mapping.currency.kind,
    currencyCode: mapping.currency.kind === "fixed" ? mapping.currency.code : "",
    currencyColumn: mapping.currency.kind === "column" ? text(mapping.currency.column) : "",
    categoryColumn: text(mapping.category),
    tagsColumn: text(mapping.tags),
    rateColumn: text(mapping.rate),
  };
}

/**
 * A first guess for a file with no saved mapping: the columns whose header names say what they
 * hold (in English or Spanish), the only date format that reads the date column (none when
 * several do: the user picks), the decimal sign the amounts suggest, and the user's currency.
 */
export function guessMappingForm(
  header: readonly string[],
  sample: { dateFormats: Record<number, string[]>; decimalSign: DecimalSign | null },
  defaultCurrency: string,
): MappingFormValues {
  const find = (...words: string[]) => {
    const index = header.findIndex((name) => words.some((word) => foldHeader(name).includes(word)));
    return index === -1 ? "" : String(index);
  };
  const dateColumn = find("date", "fecha");
  const formats = dateColumn === "" ? [] : (sample.dateFormats[Number(dateColumn)] ?? []);
  const debitColumn = find("debit", "debito", "cargo");
  const creditColumn = find("credit", "credito", "abono");
  const debitCredit = debitColumn !== "" && creditColumn !== "" && debitColumn !== creditColumn;
  const currencyColumn = find("currency", "moneda", "divisa");
  return {
    dateColumn,
    dateFormat: formats.length === 1 ? (formats[0] as DateFormat) : "",
    description: find("description", "descripcion", "concepto", "memo", "payee", "detalle"),
    amountKind: debitCredit ? "debitCredit" : "signed",
    amountColumn: debitCredit ? "" : find("amount", "importe", "monto", "cantidad", "valor"),
    debitColumn: debitCredit ? debitColumn : "",
    creditColumn: debitCredit ? creditColumn : "",
    decimalSign: sample.decimalSign ?? ".",
    typeKind: "amount",
    typeColumn: "",
    incomeValues: "",
    expenseValues: "",
    currencyKind: currencyColumn === "" ? "fixed" : "column",
    currencyCode: defaultCurrency,
    currencyColumn,
    categoryColumn: find("category", "categoria"),
    tagsColumn: find("tags", "etiquetas"),
    rateColumn: find("exchange_rate", "rate", "tipo de cambio", "tasa"),
  };
}

function foldHeader(name: string): string {
  return name
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .trim();
}
