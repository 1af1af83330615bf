import type { ImportDelimiter } from "../model/read";
import type { ImportRowStatus } from "../model/staged";

// The /import pages' intents, addresses and page size, shared by the pages (client) and their
// server module (page.server.ts).

/** Rows per page of the preview. */
export const PREVIEW_PAGE_SIZE = 50;

export const IMPORT_INTENTS = {
  upload: "upload",
  read: "read",
  map: "map",
  rows: "rows",
  suggested: "suggested",
  commit: "commit",
  discard: "discard",
  undo: "undo",
} as const;

/** The preview's filters by status (no filter: every row). */
export const IMPORT_ROW_FILTERS = ["new", "duplicate", "error"] as const satisfies readonly ImportRowStatus[];
export type ImportRowFilter = (typeof IMPORT_ROW_FILTERS)[number];

export function importHref(id: string, params: Record<string, string | number | undefined> = {}): string {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) if (value !== undefined && value !== "") search.set(name, String(value));
  const query = search.toString();
  return `/import/${encodeURIComponent(id)}${query ? `?${query}` : ""}`;
}

/**
 * The separators the page offers, with their message names: the reader's IMPORT_DELIMITERS
 * (model/read.ts, which the page does not import: it brings the CSV parser, and Node's Buffer,
 * into the browser), checked against it by intents.test.ts.
 */
export const DELIMITER_CHOICES = [
  { value: ",", name: "comma" },
  { value: ";", name: "semicolon" },
  { value: "\t", name: "tab" },
  { value: "|", name: "pipe" },
] as const satisfies readonly { value: ImportDelimiter; name: string }[];
