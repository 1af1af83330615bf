import { data, redirect } from "react-router";
import { userToday } from "~/calendar/time-zones";
import type { RateHistoryOptions } from "~/features/rates/commands.server";
import { listCurrencies } from "~/features/rates/queries.server";
import type { Db } from "~/platform/db/client.server";
import type { Actor } from "~/platform/db/activity.server";
import { commitImport, deleteImport, stageImport, undoImport, updateImport } from "./commands.server";
import { isImportEncoding } from "./model/encoding";
import { guessMappingForm, mappingCandidate, mappingErrorField, mappingFormValues, mappingToForm, type MappingFormValues } from "./model/mapping-form";
import type { ImportMapping } from "./model/mapping";
import { importMappingSchema } from "./schemas";
import { isImportDelimiter, type ImportMessage } from "./model/read";
import type { ImportSummary } from "./model/staged";
import { IMPORT_INTENTS, IMPORT_ROW_FILTERS, importHref, PREVIEW_PAGE_SIZE } from "./ui/intents";
import { findImport, listImportRows, listImports, mappingSample } from "./queries.server";

// Issue 26: what the /import pages load and do, for their thin route modules. Every step is a
// server-rendered page and a plain POST (intent buttons), so the flow works without JavaScript.

/** How many of the user's imports /import lists. */
const RECENT_IMPORTS = 20;
/** Rows of the file the mapping step shows. */
const SAMPLE_ROWS = 5;

/** An action's refusal: a message (key and values) the page shows, or errors beside the mapping's fields. */
export type ImportActionError = {
  intent: string;
  error?: ImportMessage;
  fieldErrors?: Partial<Record<keyof MappingFormValues | "saveMappingAs" | "mapping", ImportMessage[]>>;
  /** What the mapping form held, shown again with its errors. */
  values?: MappingFormValues;
  saveMappingAs?: string;
};

const refuse = (body: ImportActionError, status = 400) => data(body, { status });

/** The 404 of an import that is not there (unknown, another user's, or a staged one past its 24 hours). */
export function importNotFound(title: string): never {
  throw data({ message: "Import not found", title }, { status: 404 });
}

// --- /import ---

export async function loadImportsPage(db: Db, userId: string) {
  const imports = await listImports(db, userId, { limit: RECENT_IMPORTS });
  return { imports: imports.map(toListItem) };
}

function toListItem(summary: ImportSummary) {
  return {
    id: summary.id,
    fileName: summary.fileName,
    status: summary.status,
    rowCount: summary.rowCount,
    result: summary.result,
    createdAt: summary.createdAt,
    undoUntil: summary.undoUntil,
  };
}
export type ImportListItem = ReturnType<typeof toListItem>;

export async function importsPageAction(db: Db, actor: Actor, form: FormData, history: RateHistoryOptions | null) {
  const intent = form.get("intent");
  if (intent === IMPORT_INTENTS.upload) return uploadAction(db, actor, form, history);
  if (intent === IMPORT_INTENTS.undo) return undoAction(db, actor, String(form.get("id") ?? ""), (removed) => `/import?undone=${removed}`);
  throw data({ message: `Unknown intent: ${String(intent)}` }, { status: 400 });
}

async function uploadAction(db: Db, actor: Actor, form: FormData, history: RateHistoryOptions | null) {
  const file = form.get("file");
  // A form sent with no file chosen carries an empty, nameless file part.
  if (!(file instanceof File) || (file.size === 0 && file.name === "")) {
    return refuse({ intent: IMPORT_INTENTS.upload, error: { key: "import.page.upload.fileRequired" } });
  }
  const bytes = new Uint8Array(await file.arrayBuffer());
  const outcome = await stageImport(db, actor, { fileName: file.name, bytes, today: userToday(actor), history });
  if (outcome.kind === "fileRefused") return refuse({ intent: IMPORT_INTENTS.upload, error: outcome.error });
  return redirect(importHref(outcome.id));
}

// --- /import/{id} ---

export type ImportStep = "mapping" | "preview" | "result";

export async function loadImportPage(db: Db, userId: string, id: string, url: URL, notFoundTitle: string) {
  const summary = await findImport(db, userId, id);
  if (!summary) importNotFound(notFoundTitle);
  const currencies = (await listCurrencies(db, { activeOnly: false })).map((c) => ({ code: c.code, symbol: c.symbol, decimals: c.decimalPlaces, isActive: c.isActive }));
  const params = url.searchParams;
  if (summary.status !== "staged") return { step: "result" as const, summary, currencies };
  if (!summary.ownExport && (summary.needsMapping || params.get("step") === "mapping")) {
    const sample = await mappingSample(db, userId, id, { rows: SAMPLE_ROWS });
    if (!sample) importNotFound(notFoundTitle);
    const values = summary.mapping
      ? mappingToForm(summary.mapping)
      : sample.saved
        ? mappingToForm(sample.saved.mapping)
        : guessMappingForm(sample.header, sample, "USD");
    return { step: "mapping" as const, summary, currencies, sample, values };
  }
  const filter = IMPORT_ROW_FILTERS.find((status) => status === params.get("status")) ?? null;
  const requested = Number(params.get("page") ?? "1");
  let page = Number.isInteger(requested) && requested >= 1 && requested <= 10_000 ? requested : 1;
  const read = (p: number) => listImportRows(db, userId, id, { status: filter ?? undefined, page: p, limit: PREVIEW_PAGE_SIZE });
  let rows = await read(page);
  if (!rows) importNotFound(notFoundTitle);
  // A page past the last (the rows changed since the link was drawn) shows the last one.
  const last = Math.max(1, Math.ceil(rows.total / PREVIEW_PAGE_SIZE));
  if (page > last) {
    page = last;
    rows = (await read(page)) ?? rows;
  }
  return { step: "preview" as const, summary, currencies, rows: rows.rows, total: rows.total, filter, page };
}

export async function importPageAction(db: Db, actor: Actor, id: string, form: FormData, url: URL, history: RateHistoryOptions | null, notFoundTitle: string) {
  const intent = String(form.get("intent") ?? "");
  const today = userToday(actor);
  const back = (extra: Record<string, string | number | undefined> = {}) =>
    importHref(id, { status: url.searchParams.get("status") ?? undefined, page: url.searchParams.get("page") ?? undefined, ...extra });
  switch (intent) {
    case IMPORT_INTENTS.read: {
      const encoding = form.get("encoding");
      const delimiter = form.get("delimiter");
      if (!isImportEncoding(encoding) || !isImportDelimiter(delimiter)) return refuse({ intent, error: { key: "import.mapping.invalid" } });
      const outcome = await updateImport(db, actor, { id, changes: { encoding, delimiter }, today, history });
      return afterUpdate(outcome, intent, notFoundTitle) ?? redirect(importHref(id, { step: url.searchParams.get("step") ?? undefined }));
    }
    case IMPORT_INTENTS.map: {
      const values = mappingFormValues(form);
      const parsed = mappingFromForm(values);
      const saveAsField = form.get("saveMappingAs");
      const saveAs = typeof saveAsField === "string" ? saveAsField.trim() : "";
      // Shown again as typed, up to the input's own length.
      const typed = saveAs.slice(0, 200);
      if (!parsed.ok) return refuse({ intent, values, saveMappingAs: typed, fieldErrors: groupErrors(parsed.errors) });
      const outcome = await updateImport(db, actor, { id, changes: { mapping: parsed.mapping, ...(saveAs ? { saveMappingAs: saveAs } : {}) }, today, history });
      if (outcome.kind === "mappingInvalid") return refuse({ intent, values, saveMappingAs: typed, fieldErrors: groupErrors(outcome.errors.map((e) => ({ ...e, field: mappingErrorField(e.field) }))) });
      return afterUpdate(outcome, intent, notFoundTitle) ?? redirect(importHref(id));
    }
    case IMPORT_INTENTS.rows: {
      // The page's choosable lines (hidden fields) and the ticked ones: an unticked box sends nothing.
      const lines = uniqueLines(form.getAll("line"));
      const ticked = new Set(uniqueLines(form.getAll("include")));
      if (lines === null || lines.length === 0 || lines.length > PREVIEW_PAGE_SIZE || [...ticked].some((line) => !lines.includes(line))) {
        return refuse({ intent, error: { key: "import.page.outcome.rowsInvalid", values: { lines: [...ticked].join(", ") } } });
      }
      const outcome = await updateImport(db, actor, { id, changes: { rows: lines.map((line) => ({ line, included: ticked.has(line) })) }, today, history });
      return afterUpdate(outcome, intent, notFoundTitle) ?? redirect(back());
    }
    case IMPORT_INTENTS.suggested: {
      const apply = form.get("apply");
      if (apply !== "1" && apply !== "0") return refuse({ intent, error: { key: "import.mapping.invalid" } });
      const outcome = await updateImport(db, actor, { id, changes: { applySuggestedRates: apply === "1" }, today, history });
      return afterUpdate(outcome, intent, notFoundTitle) ?? redirect(back());
    }
    case IMPORT_INTENTS.commit: {
      const outcome = await commitImport(db, actor, { id });
      if (outcome.kind === "committed") return redirect(importHref(id, { done: "committed" }));
      if (outcome.kind === "notFound") importNotFound(notFoundTitle);
      if (outcome.kind === "changed") return refuse({ intent, error: { key: "import.page.outcome.changed", values: { lines: outcome.lines.join(", ") } } }, 409);
      return refuse({ intent, error: { key: `import.page.outcome.${outcome.kind}` } }, outcome.kind === "notStaged" ? 409 : 400);
    }
    case IMPORT_INTENTS.discard: {
      const outcome = await deleteImport(db, actor, { id });
      if (outcome.kind === "notFound") importNotFound(notFoundTitle);
      if (outcome.kind === "notStaged") return refuse({ intent, error: { key: "import.page.outcome.notStaged" } }, 409);
      return redirect("/import?discarded=1");
    }
    case IMPORT_INTENTS.undo:
      return undoAction(db, actor, id, (removed) => importHref(id, { undone: removed }), notFoundTitle);
    default:
      throw data({ message: `Unknown intent: ${intent}` }, { status: 400 });
  }
}

async function undoAction(db: Db, actor: Actor, id: string, to: (removed: number) => string, notFoundTitle?: string) {
  const outcome = await undoImport(db, actor, { id });
  if (outcome.kind === "undone") return redirect(to(outcome.removed));
  if (outcome.kind === "notFound") {
    if (notFoundTitle) importNotFound(notFoundTitle);
    return refuse({ intent: IMPORT_INTENTS.undo, error: { key: "import.page.notFound.title" } }, 404);
  }
  return refuse({ intent: IMPORT_INTENTS.undo, error: { key: `import.page.outcome.${outcome.kind}` } }, 409);
}

/** The refusal of an update, or null when it went through. */
function afterUpdate(outcome: Awaited<ReturnType<typeof updateImport>>, intent: string, notFoundTitle: string) {
  switch (outcome.kind) {
    case "updated":
      return null;
    case "notFound":
      return importNotFound(notFoundTitle);
    case "notStaged":
      return refuse({ intent, error: { key: "import.page.outcome.notStaged" } }, 409);
    case "mappingInvalid":
      return refuse({ intent, error: outcome.errors[0] ?? { key: "import.page.outcome.mappingInvalid" } });
    case "rowsInvalid":
      return refuse({ intent, error: { key: "import.page.outcome.rowsInvalid", values: { lines: outcome.lines.join(", ") } } });
  }
}

function groupErrors(errors: (ImportMessage & { field: string })[]): ImportActionError["fieldErrors"] {
  const grouped: Record<string, ImportMessage[]> = {};
  for (const { field, ...message } of errors) (grouped[field] ??= []).push(message);
  return grouped;
}

/** Line numbers from a form's repeated field, each once; null when one is not a line number. */
function uniqueLines(values: FormDataEntryValue[]): number[] | null {
  const lines: number[] = [];
  for (const value of values) {
    if (typeof value !== "string" || !/^\d{1,7}$/.test(value)) return null;
    const line = Number(value);
    if (!lines.includes(line)) lines.push(line);
  }
  return lines;
}

export type MappingFormResult = { ok: true; mapping: ImportMapping } | { ok: false; errors: (ImportMessage & { field: string })[] };

/** The mapping step's form → a mapping the API's schema accepts, or the errors by form field (message keys). */
export function mappingFromForm(values: MappingFormValues): MappingFormResult {
  const shaped = mappingCandidate(values);
  if (!shaped.ok) return shaped;
  const parsed = importMappingSchema.safeParse(shaped.candidate);
  if (parsed.success) return { ok: true, mapping: parsed.data };
  const errors: (ImportMessage & { field: string })[] = [];
  const seen = new Set<string>();
  for (const issue of parsed.error.issues) {
    const field = mappingErrorField(issue.path.filter((part) => typeof part === "string").join("."));
    if (seen.has(field)) continue;
    seen.add(field);
    errors.push({ field, key: issue.message.startsWith("import.") ? issue.message : "import.mapping.invalid" });
  }
  return { ok: false, errors };
}

export type ImportPageData = Awaited<ReturnType<typeof loadImportPage>>;
