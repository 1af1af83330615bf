import { CATEGORY_NAME_MAX } from "~/features/categories/model";
import { TAG_NAME_MAX } from "~/features/tags/model";
import { DESCRIPTION_MAX, MAX_TAGS } from "~/features/transactions/model/transaction";
import { nameKey } from "~/text/name-key";
import { hasControlCharacters, hasInvisibleControlCharacters } from "~/text/plain-text";
import type { ImportMessage } from "./read";

// Issue 26: the text cells of a row held to the rules the transaction form holds them to
// (decision 023 for control characters), so a row the preview calls new is one the batch door
// accepts. Each refusal is the row's error, with the cell's limit.

type Refused = { ok: false; error: ImportMessage };

/** Trimmed; line breaks inside it are kept (a description may have them). */
export function readDescription(cell: string): { ok: true; text: string } | Refused {
  const text = cell.trim();
  if (text === "") return { ok: false, error: { key: "import.row.descriptionRequired" } };
  if (text.length > DESCRIPTION_MAX) return { ok: false, error: { key: "import.row.descriptionTooLong", values: { max: DESCRIPTION_MAX } } };
  if (hasInvisibleControlCharacters(text)) return { ok: false, error: { key: "import.row.controlCharacters" } };
  return { ok: true, text };
}

/** An empty cell is no category (null): the flow files the row under its default. */
export function readCategoryName(cell: string): { ok: true; name: string | null } | Refused {
  const name = cell.trim();
  if (name === "") return { ok: true, name: null };
  if (name.length > CATEGORY_NAME_MAX) return { ok: false, error: { key: "import.row.categoryTooLong", values: { max: CATEGORY_NAME_MAX } } };
  if (hasControlCharacters(name)) return { ok: false, error: { key: "import.row.controlCharacters" } };
  return { ok: true, name };
}

/** Names trimmed, empty ones dropped, each once (nameKey), at most MAX_TAGS. */
export function readTagNames(names: readonly string[]): { ok: true; names: string[] } | Refused {
  const seen = new Set<string>();
  const kept: string[] = [];
  for (const raw of names) {
    const name = raw.trim();
    if (name === "" || seen.has(nameKey(name))) continue;
    if (name.length > TAG_NAME_MAX) return { ok: false, error: { key: "import.row.tagTooLong", values: { max: TAG_NAME_MAX } } };
    if (hasControlCharacters(name)) return { ok: false, error: { key: "import.row.controlCharacters" } };
    seen.add(nameKey(name));
    kept.push(name);
  }
  if (kept.length > MAX_TAGS) return { ok: false, error: { key: "import.row.tooManyTags", values: { max: MAX_TAGS } } };
  return { ok: true, names: kept };
}
