// The "Deleted — Undo" flag of a delete's redirect (issue 27, decision 035): ?undo=<kind>:<id>
// names what was deleted, so the page can offer to bring it back; the Undo form posts the page's
// undo intent with that id. Pure, for the pages and their actions alike.

export const UNDO_PARAM = "undo";
export const undoKinds = ["transaction", "budget", "goal", "category", "tag"] as const;
export type UndoKind = (typeof undoKinds)[number];

/** An address with ?undo=<kind>:<id> added (before its fragment, which stays last). */
export function withUndo(href: string, kind: UndoKind, id: string): string {
  const hash = href.indexOf("#");
  const path = hash === -1 ? href : href.slice(0, hash);
  const fragment = hash === -1 ? "" : href.slice(hash);
  const url = new URL(path, "http://page.invalid");
  url.searchParams.set(UNDO_PARAM, `${kind}:${id}`);
  return `${url.pathname}${url.search}${fragment}`;
}

/** The kind and id a ?undo= value names; null for anything else. */
export function readUndo(value: string | null): { kind: UndoKind; id: string } | null {
  if (!value) return null;
  const at = value.indexOf(":");
  const kind = value.slice(0, at);
  const id = value.slice(at + 1);
  return at > 0 && id !== "" && (undoKinds as readonly string[]).includes(kind) ? { kind: kind as UndoKind, id } : null;
}
