import { z } from "zod";
import { minorToNumber } from "~/money/amounts";
import { decimalsOf } from "~/money/currencies";
import { hasControlCharacters } from "~/text/plain-text";
import { messageWithValues } from "~/text/message";
import { TRANSACTION_TYPES } from "~/features/transactions/model/transaction";
import { ApiError, apiErrors, type Translate } from "~/platform/http/envelope";
import { defineOperation } from "~/platform/http/operation";
import { wholeNumberParam } from "~/platform/http/query-params";
import { IMPORT_ENCODINGS } from "./model/encoding";
import { IMPORT_DELIMITERS, type ImportMessage } from "./model/read";
import { MAX_UPLOAD_BODY_BYTES } from "~/platform/http/body-limit";
import type {
  CommitImportOutcome,
  DeleteImportOutcome,
  ImportChanges,
  ImportRowView,
  ImportSummary,
  StagedPayment,
  StoredRateChoice,
  UndoImportOutcome,
  UpdateImportOutcome,
} from "./model/staged";
import { STAGED_IMPORT_TTL_MS } from "./model/staged";
import { importMappingSchema } from "./schemas";
import type { ImportMapping } from "./model/mapping";

// Issue 26: the import flow as the JSON API serves it (/api/imports). The commands and queries are
// the pages' (commands.server.ts, queries.server.ts); this file holds the operations, the bodies'
// schemas and the JSON shapes. Money is given as the transactions API gives it: integer minor
// units beside the decimal number, and USD cents. Dates of the import itself are ISO date-times;
// a row's date is yyyy-MM-dd.

const FILE_NAME_MAX = 200;
/** As the staging saves it (commands.server.ts MAPPING_NAME_MAX). */
const SAVED_MAPPING_NAME_MAX = 50;
/** The rows of the preview a POST answers with (GET pages the rest). */
export const FIRST_PAGE_ROWS = 20;

const encodingSchema = z.enum(IMPORT_ENCODINGS, { error: "api.importEncodingInvalid" });
const delimiterSchema = z.enum(IMPORT_DELIMITERS, { error: "api.importDelimiterInvalid" });

/** A file name as the activity log and the list show it: 1 to 200 characters, no control characters. */
const fileNameSchema = z
  .string({ error: "api.importFileNameInvalid" })
  .trim()
  .min(1, "api.importFileNameInvalid")
  .max(FILE_NAME_MAX, "api.importFileNameInvalid")
  .refine((name) => !hasControlCharacters(name), "api.importFileNameInvalid");

export const createImportQuerySchema = z.object({
  fileName: fileNameSchema.optional().meta({ description: 'The file\'s name for a text/csv body (default "import.csv"); a multipart body\'s file carries its own' }),
  encoding: encodingSchema.optional().meta({ description: "Read the file in this encoding instead of the detected one" }),
  delimiter: delimiterSchema.optional().meta({ description: "Split on this delimiter instead of the detected one (tab as %09)" }),
});

/** The multipart form: documentation only (the handler reads it field by field with the same rules). */
const multipartUploadSchema = z.object({
  file: z.string().meta({ format: "binary", description: "The CSV file (at most 5 MB and 20,000 data rows)" }),
  mapping: z.string().optional().meta({ description: "The mapping as JSON (ImportMapping, as PUT takes it); absent: a saved mapping for this header is applied, else the import needs one" }),
  encoding: z.enum(IMPORT_ENCODINGS).optional(),
  delimiter: z.enum(IMPORT_DELIMITERS).optional(),
});

export const updateImportBodySchema = z.object({
  encoding: encodingSchema.optional(),
  delimiter: delimiterSchema.optional(),
  mapping: importMappingSchema.optional(),
  saveMappingAs: z
    .string({ error: "api.importMappingNameInvalid" })
    .trim()
    .min(1, "api.importMappingNameInvalid")
    .max(SAVED_MAPPING_NAME_MAX, "api.importMappingNameInvalid")
    .refine((name) => !hasControlCharacters(name), "api.importMappingNameInvalid")
    .optional()
    .meta({ description: "Save the mapping (the one sent, or the current one) under this name, offered for the next file with the same header" }),
  applySuggestedRates: z.boolean({ error: "api.booleanInvalid" }).optional().meta({
    description: "Apply each error row's suggested rate (the nearest known one, with its date) as a manual rate on the row's day; false takes them back",
  }),
  rows: z
    .array(z.object({ line: z.number({ error: "api.importLineInvalid" }).int("api.importLineInvalid").min(1, "api.importLineInvalid"), included: z.boolean({ error: "api.booleanInvalid" }) }), {
      error: "api.importRowsInvalid",
    })
    .max(20_000, "api.importRowsInvalid")
    .optional()
    .meta({ description: "Include or exclude rows by their line (a duplicate may be included; an error row may not)" }),
}) satisfies z.ZodType<ImportChanges, unknown>;

const IMPORT_ROW_STATUSES = ["new", "duplicate", "error"] as const;

export const getImportQuerySchema = z.object({
  status: z.enum(IMPORT_ROW_STATUSES, { error: "api.importStatusInvalid" }).optional().meta({ description: "Only the rows of this status" }),
  page: wholeNumberParam({ min: 1, max: 100_000, default: 1, message: "api.pageRange", description: "Page number, from 1" }),
  limit: wholeNumberParam({ min: 1, max: 100, default: 50, message: "api.limitRange", description: "Rows per page (1–100)" }),
});

export const listImportsQuerySchema = z.object({
  limit: wholeNumberParam({ min: 1, max: 100, default: 10, message: "api.limitRange", description: "How many imports, newest first (1–100)" }),
});

// --- The JSON shapes ---

const rateChoiceSchema = z.object({
  rate: z.string().meta({ description: "Units of the currency per 1 USD, an exact decimal string" }),
  date: z.string().meta({ description: "The day the rate is for, yyyy-MM-dd" }),
  source: z.string().meta({ description: "manual, provider, snapshot or fixed (USD)" }),
});

const messageSchema = z.object({
  code: z.string().meta({ description: "The message's key, stable across languages (e.g. import.row.dateInvalid)" }),
  message: z.string().meta({ description: "In the request's language" }),
});

export const apiImportPaymentSchema = z.object({
  currencyCode: z.string(),
  amount: z.number().meta({ description: "In the currency, at its decimals; always positive" }),
  amountMinor: z.number().int(),
  fileRate: z
    .object({ rate: z.string(), date: z.string().nullable(), source: z.string().nullable() })
    .nullable()
    .meta({ description: "The rate the file gives, if any" }),
  rate: rateChoiceSchema.nullable().meta({ description: "The rate the commit stores; null when none is known (the row is an error)" }),
  usdCents: z.number().int().nullable(),
  usdAmount: z.number().nullable(),
  suggestion: rateChoiceSchema.nullable().meta({ description: "Where no rate is on file: the nearest known one, offered (PUT applySuggestedRates), never applied silently" }),
});

export const apiImportRowSchema = z
  .object({
    line: z.number().int().meta({ description: "The line of the file the row starts on" }),
    lines: z.array(z.number().int()).meta({ description: "Every line it came from (several for a transaction of several payments in our own export)" }),
    status: z.enum(IMPORT_ROW_STATUSES),
    included: z.boolean(),
    date: z.string().optional().meta({ description: "yyyy-MM-dd" }),
    description: z.string().optional(),
    type: z.enum(TRANSACTION_TYPES).optional(),
    categoryName: z.string().nullable().optional(),
    tagNames: z.array(z.string()).optional(),
    payments: z.array(apiImportPaymentSchema).optional(),
    usdCents: z.number().int().nullable().optional(),
    usdAmount: z.number().nullable().optional(),
    reason: messageSchema.optional().meta({ description: "Why the row is an error, or a duplicate" }),
  })
  .meta({ title: "ImportRow" });

const dateTime = z.string().meta({ format: "date-time" });
const currencyTotalSchema = z.object({
  currencyCode: z.string(),
  income: z.number(),
  incomeMinor: z.number().int(),
  expense: z.number(),
  expenseMinor: z.number().int(),
});

export const apiImportSchema = z
  .object({
    id: z.string(),
    status: z.enum(["staged", "committed", "undone"]),
    fileName: z.string(),
    byteSize: z.number().int(),
    encoding: z.enum(IMPORT_ENCODINGS).meta({ description: "Detected, or as set" }),
    delimiter: z.enum(IMPORT_DELIMITERS).meta({ description: "Detected, or as set" }),
    header: z.array(z.string()),
    ownExport: z.boolean().meta({ description: "The file is this app's own CSV export: no mapping needed" }),
    mapping: importMappingSchema.nullable().meta({ description: "Null until mapped (always null for our own export)" }),
    needsMapping: z.boolean().meta({ description: "A mapping is needed and none is set: send one with PUT" }),
    applySuggestedRates: z.boolean(),
    rowCount: z.number().int().meta({ description: "Data rows in the file" }),
    counts: z.object({ new: z.number().int(), duplicate: z.number().int(), error: z.number().int(), included: z.number().int(), total: z.number().int() }),
    totals: z
      .object({
        byCurrency: z.array(currencyTotalSchema),
        usd: z.object({ income: z.number(), incomeCents: z.number().int(), expense: z.number(), expenseCents: z.number().int() }),
      })
      .meta({ description: "Of the included rows" }),
    suggestible: z.number().int().meta({ description: "Error rows that only lack a rate and have a suggestion" }),
    categoriesToCreate: z.array(z.object({ name: z.string(), type: z.enum(TRANSACTION_TYPES) })),
    tagsToCreate: z.array(z.string()),
    result: z.object({ imported: z.number().int(), duplicates: z.number().int(), refused: z.number().int() }).nullable(),
    createdAt: dateTime,
    expiresAt: dateTime.meta({ description: "A staged import is deleted after this (24 hours after its upload)" }),
    committedAt: dateTime.nullable(),
    undoneAt: dateTime.nullable(),
    undoUntil: dateTime.nullable().meta({ description: "Until when POST …/undo is accepted (7 days after the commit); null when it is not" }),
  })
  .meta({ title: "Import" });

const paginationSchema = z.object({ page: z.number().int(), limit: z.number().int(), total: z.number().int(), totalPages: z.number().int() });

export type ApiImport = z.infer<typeof apiImportSchema>;
export type ApiImportRow = z.infer<typeof apiImportRowSchema>;

/** What shaping an import needs: each currency's decimals and the request's language. */
export type ImportView = { decimals: Parameters<typeof decimalsOf>[1]; t: Translate };

function translated(t: Translate, message: ImportMessage) {
  return { code: message.key, message: t(message.key, message.values) };
}

function isoOrNull(date: Date | null) {
  return date ? date.toISOString() : null;
}

export function toApiImport(summary: ImportSummary, view: ImportView): ApiImport {
  const places = (code: string) => decimalsOf(code, view.decimals);
  return {
    id: summary.id,
    status: summary.status,
    fileName: summary.fileName,
    byteSize: summary.byteSize,
    encoding: summary.encoding,
    delimiter: summary.delimiter,
    header: summary.header,
    ownExport: summary.ownExport,
    mapping: summary.mapping && { ...summary.mapping, category: summary.mapping.category ?? null, tags: summary.mapping.tags ?? null, rate: summary.mapping.rate ?? null },
    needsMapping: summary.needsMapping,
    applySuggestedRates: summary.applySuggestedRates,
    rowCount: summary.rowCount,
    counts: summary.counts,
    totals: {
      byCurrency: summary.totals.byCurrency.map((c) => ({
        currencyCode: c.currencyCode,
        income: minorToNumber(c.incomeMinor, places(c.currencyCode)),
        incomeMinor: c.incomeMinor,
        expense: minorToNumber(c.expenseMinor, places(c.currencyCode)),
        expenseMinor: c.expenseMinor,
      })),
      usd: {
        income: minorToNumber(summary.totals.usd.incomeCents, 2),
        incomeCents: summary.totals.usd.incomeCents,
        expense: minorToNumber(summary.totals.usd.expenseCents, 2),
        expenseCents: summary.totals.usd.expenseCents,
      },
    },
    suggestible: summary.suggestible,
    categoriesToCreate: summary.categoriesToCreate,
    tagsToCreate: summary.tagsToCreate,
    result: summary.result,
    createdAt: summary.createdAt.toISOString(),
    expiresAt: summary.expiresAt.toISOString(),
    committedAt: isoOrNull(summary.committedAt),
    undoneAt: isoOrNull(summary.undoneAt),
    undoUntil: isoOrNull(summary.undoUntil),
  };
}

function rateChoice(choice: StoredRateChoice | null) {
  return choice ? { rate: choice.rate, date: choice.date, source: choice.source } : null;
}

function toApiPayment(payment: StagedPayment, view: ImportView) {
  return {
    currencyCode: payment.currency,
    amount: minorToNumber(payment.amountMinor, decimalsOf(payment.currency, view.decimals)),
    amountMinor: payment.amountMinor,
    fileRate: payment.rate ? { rate: payment.rate.rate, date: payment.rate.date, source: payment.rate.source } : null,
    rate: rateChoice(payment.stored),
    usdCents: payment.usdCents,
    usdAmount: payment.usdCents === null ? null : minorToNumber(payment.usdCents, 2),
    suggestion: rateChoice(payment.suggestion),
  };
}

export function toApiImportRow(row: ImportRowView, view: ImportView): ApiImportRow {
  return {
    line: row.line,
    lines: row.lines,
    status: row.status,
    included: row.included,
    ...(row.date === undefined ? {} : { date: row.date }),
    ...(row.description === undefined ? {} : { description: row.description }),
    ...(row.type === undefined ? {} : { type: row.type }),
    ...(row.categoryName === undefined ? {} : { categoryName: row.categoryName }),
    ...(row.tagNames === undefined ? {} : { tagNames: row.tagNames }),
    ...(row.payments === undefined ? {} : { payments: row.payments.map((p) => toApiPayment(p, view)) }),
    ...(row.usdCents === undefined ? {} : { usdCents: row.usdCents, usdAmount: row.usdCents === null ? null : minorToNumber(row.usdCents, 2) }),
    ...(row.reason === undefined ? {} : { reason: translated(view.t, row.reason) }),
  };
}

/** A mapping's problems as the API shows them, on their fields. */
export function mappingErrorsView(errors: readonly (ImportMessage & { field: string })[], t: Translate) {
  return errors.map((error) => ({ field: error.field, ...translated(t, error) }));
}

export function pagination(page: number, limit: number, total: number) {
  return { page, limit, total, totalPages: Math.max(1, Math.ceil(total / limit)) };
}

// --- Reading an upload ---

export type Upload = { fileName: string; bytes: Uint8Array; encoding?: (typeof IMPORT_ENCODINGS)[number]; delimiter?: (typeof IMPORT_DELIMITERS)[number]; mapping: ImportMapping | null };

const DEFAULT_FILE_NAME = "import.csv";

function mediaType(request: Request) {
  return (request.headers.get("Content-Type") ?? "").split(";")[0]!.trim().toLowerCase();
}

/** A field's zod result as the API's 400: the first message, on the field. */
function fieldError(field: string, message: string): ApiError {
  return apiErrors.validation(message, { [field]: [message] });
}

function parseField<S extends z.ZodType>(schema: S, value: unknown, field: string): z.output<S> {
  const result = schema.safeParse(value, { error: () => "errors.invalidValue" });
  if (!result.success) {
    const issue = result.error.issues[0]!;
    const path = [field, ...issue.path.map(String)].join(".");
    throw fieldError(path, issue.message);
  }
  return result.data;
}

/**
 * POST /api/imports's body: text/csv (the file itself; its name from ?fileName=) or
 * multipart/form-data with `file`, an optional `mapping` (JSON) and optional `encoding` and
 * `delimiter` (which override the query's). Anything else is a 415; a form without a file, a
 * mapping that is not JSON or not a mapping, an unknown encoding or delimiter are 400s.
 */
export async function readUpload(request: Request, query: z.output<typeof createImportQuerySchema>): Promise<Upload> {
  const type = mediaType(request);
  if (type === "text/csv") {
    const bytes = new Uint8Array(await request.arrayBuffer());
    return { fileName: query.fileName ?? DEFAULT_FILE_NAME, bytes, encoding: query.encoding, delimiter: query.delimiter, mapping: null };
  }
  if (type !== "multipart/form-data") throw new ApiError(415, "api.importMediaType");
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    throw apiErrors.validation("errors.malformedForm");
  }
  const file = form.get("file");
  if (!(file instanceof File)) throw fieldError("file", "api.importFileRequired");
  const text = (name: string) => {
    const value = form.get(name);
    if (value === null) return undefined;
    if (typeof value !== "string") throw fieldError(name, "errors.invalidValue");
    return value;
  };
  const encodingField = text("encoding");
  const delimiterField = text("delimiter");
  const mappingField = text("mapping");
  let mapping: ImportMapping | null = null;
  if (mappingField !== undefined && mappingField.trim() !== "") {
    let json: unknown;
    try {
      json = JSON.parse(mappingField);
    } catch {
      throw fieldError("mapping", "import.mapping.invalid");
    }
    mapping = parseField(importMappingSchema, json, "mapping");
  }
  const name = file.name ? parseField(fileNameSchema, file.name, "file") : (query.fileName ?? DEFAULT_FILE_NAME);
  return {
    fileName: name,
    bytes: new Uint8Array(await file.arrayBuffer()),
    encoding: encodingField === undefined ? query.encoding : parseField(encodingSchema, encodingField, "encoding"),
    delimiter: delimiterField === undefined ? query.delimiter : parseField(delimiterSchema, delimiterField, "delimiter"),
    mapping,
  };
}

/** An ImportMessage as an error string the envelope translates with its values. */
export function importMessageKey(message: ImportMessage): string {
  if (!message.values) return message.key;
  return messageWithValues(message.key, Object.fromEntries(Object.entries(message.values).map(([k, v]) => [k, String(v)])));
}

// --- The operations ---

const idParam = { id: "The import's id" };
const importAndRows = z.object({ import: apiImportSchema, rows: z.array(apiImportRowSchema), pagination: paginationSchema });

const flowNote =
  "The flow (issue 26): upload the file (POST), map its columns if needsMapping (PUT mapping), read the preview (GET, paged: every row new, duplicate or error with its line and reason), " +
  "include or exclude rows (PUT rows), then commit (POST …/commit): exactly the included staged rows are written, all or nothing. A staged import expires " +
  `${STAGED_IMPORT_TTL_MS / 3_600_000} hours after its upload. Another user's import, an unknown id and an expired one all answer 404.`;

export const createImportOperation = defineOperation({
  operationId: "createImport",
  method: "POST",
  path: "/api/imports",
  summary: "Upload a CSV file and stage its preview",
  description:
    flowNote +
    " The body is the file itself (Content-Type: text/csv; its name from ?fileName=) or multipart/form-data with the file in `file`, an optional `mapping` (JSON) and optional `encoding` and `delimiter`. " +
    "The encoding (UTF-8 with or without BOM, UTF-16 LE/BE with BOM, Windows-1252 otherwise) and the delimiter (, ; tab |) are detected unless given. " +
    "This app's own CSV export needs no mapping; for another file, a mapping saved for the same header is applied, else needsMapping is true. " +
    "A file over 5 MB or 20,000 rows, empty, or without rows is refused with 400 and nothing is stored; any other Content-Type answers 415. " +
    `data.rows holds the first ${FIRST_PAGE_ROWS} rows of the preview.`,
  tag: "imports",
  access: "user",
  query: createImportQuerySchema,
  upload: { contentTypes: { "text/csv": z.string().meta({ description: "The CSV file" }), "multipart/form-data": multipartUploadSchema }, maxBytes: MAX_UPLOAD_BODY_BYTES },
  response: importAndRows.extend({
    mappingErrors: z
      .array(messageSchema.extend({ field: z.string().meta({ description: "The mapping's field, e.g. description or amount.debit" }) }))
      .optional()
      .meta({ description: "Present when the mapping sent does not fit the file (a column it lacks, an unknown currency): the file is staged without it (needsMapping) and waits for one" }),
  }),
  successStatus: 201,
});

export const listImportsOperation = defineOperation({
  operationId: "listImports",
  method: "GET",
  path: "/api/imports",
  summary: "The user's recent imports, newest first",
  description: "Staged (until they expire), committed and undone imports, without their rows.",
  tag: "imports",
  access: "user",
  query: listImportsQuerySchema,
  response: z.object({ imports: z.array(apiImportSchema) }),
});

export const getImportOperation = defineOperation({
  operationId: "getImport",
  method: "GET",
  path: "/api/imports/{id}",
  summary: "An import with its preview rows, paged in line order",
  tag: "imports",
  access: "user",
  params: idParam,
  query: getImportQuerySchema,
  response: importAndRows,
  errorStatuses: [404],
});

export const updateImportOperation = defineOperation({
  operationId: "updateImport",
  method: "PUT",
  path: "/api/imports/{id}",
  summary: "Change a staged import: encoding, delimiter, mapping, suggested rates, or which rows are included",
  description:
    "Only the fields sent change. A new encoding, delimiter, mapping or applySuggestedRates reads the stored file again and stages the rows again (include/exclude choices are kept by line where a row's status is unchanged). " +
    "A mapping that names a column the file lacks, or rows that are error rows or not in the preview, answer 400 and change nothing (details.lines lists such rows). A committed or undone import answers 409. " +
    "The body keeps the 64 KiB limit of every JSON body: about 2,000 row choices fit in one; send more in several.",
  tag: "imports",
  access: "user",
  params: idParam,
  body: updateImportBodySchema,
  response: importAndRows,
  errorStatuses: [404, 409],
});

export const deleteImportOperation = defineOperation({
  operationId: "deleteImport",
  method: "DELETE",
  path: "/api/imports/{id}",
  summary: "Discard a staged import (its file and preview)",
  description: "A staged import only: a committed one answers 409 (undo it instead).",
  tag: "imports",
  access: "user",
  params: idParam,
  response: z.object({ id: z.string(), message: z.string() }),
  errorStatuses: [404, 409],
});

export const commitImportOperation = defineOperation({
  operationId: "commitImport",
  method: "POST",
  path: "/api/imports/{id}/commit",
  summary: "Import the included rows of the preview, all or nothing",
  description:
    "Writes exactly the included staged rows as transactions (with the categories and tags they name, created when missing), in one batch with the activity entry. " +
    "409 when the import is not staged, still needs a mapping, has no included row, or when rows can no longer be written as previewed (a category deleted since, a limit reached): " +
    "then nothing is written, the preview is staged again with the reasons, and details.lines lists the rows.",
  tag: "imports",
  access: "user",
  params: idParam,
  response: z.object({ import: apiImportSchema, result: z.object({ imported: z.number().int(), duplicates: z.number().int(), refused: z.number().int() }), message: z.string() }),
  errorStatuses: [404, 409],
});

export const undoImportOperation = defineOperation({
  operationId: "undoImport",
  method: "POST",
  path: "/api/imports/{id}/undo",
  summary: "Undo a committed import",
  description:
    "Within 7 days of the commit: deletes exactly the transactions the import created (and the categories and tags it created, if nothing else uses them). " +
    "409 when the import is not committed (staged, or already undone); 410 when the 7 days have passed.",
  tag: "imports",
  access: "user",
  params: idParam,
  response: z.object({ import: apiImportSchema, removed: z.number().int().meta({ description: "Transactions deleted" }), message: z.string() }),
  errorStatuses: [404, 409, 410],
});

export const importOperations = [
  createImportOperation,
  listImportsOperation,
  getImportOperation,
  updateImportOperation,
  deleteImportOperation,
  commitImportOperation,
  undoImportOperation,
] as const;

// --- Refusals ---

type Refused =
  | Exclude<UpdateImportOutcome, { kind: "updated" }>
  | Exclude<CommitImportOutcome, { kind: "committed" }>
  | Exclude<UndoImportOutcome, { kind: "undone" }>
  | Exclude<DeleteImportOutcome, { kind: "deleted" }>;

/** The lines of refused rows as the error envelope's details carry them: "3,7,12". */
function linesDetails(lines: readonly number[]) {
  return { lines: lines.join(","), count: lines.length };
}

/**
 * A refused import command as the API answers it: 404 for another user's or an unknown import,
 * 409 for the import's state (not staged, needs a mapping, nothing included, rows changed since
 * the preview, not committed), 410 for an undo past its 7 days, 400 for a mapping or row choices
 * that do not fit the file.
 */
export function importRefusal(outcome: Refused): ApiError {
  switch (outcome.kind) {
    case "notFound":
      return apiErrors.notFound();
    case "notStaged":
      return apiErrors.conflict("api.importNotStaged");
    case "needsMapping":
      return apiErrors.conflict("api.importNeedsMapping");
    case "nothingToImport":
      return apiErrors.conflict("api.importNothingToImport");
    case "changed":
      return new ApiError(409, "api.importChanged", { details: linesDetails(outcome.lines) });
    case "notCommitted":
      return apiErrors.conflict("api.importNotCommitted");
    case "tooLate":
      return new ApiError(410, "api.importTooLate");
    case "mappingInvalid": {
      const errors: Record<string, string[]> = {};
      // The mapping's own fields sit under mapping; the name to save it under is a field of the body.
      for (const error of outcome.errors) (errors[error.field === "saveMappingAs" ? error.field : `mapping.${error.field}`] ??= []).push(importMessageKey(error));
      return apiErrors.validation(outcome.errors[0] ? importMessageKey(outcome.errors[0]) : "import.mapping.invalid", errors);
    }
    case "rowsInvalid":
      return new ApiError(400, "api.importRowsInvalid", { errors: { rows: ["api.importRowsInvalid"] }, details: linesDetails(outcome.lines) });
  }
}
