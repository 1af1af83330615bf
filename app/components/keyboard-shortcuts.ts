// The signed-in pages' keyboard shortcuts (issue 27): `n` a new transaction, `/` the page's search,
// `?` the list of shortcuts. The rule of when a key is a shortcut is here, pure, so that a test
// can hold it: never while the user types in a field, never with a modifier, never mid-composition.

export type Shortcut = "newTransaction" | "search" | "help";

/** The shortcuts in the order the help dialog lists them, each with its key. */
export const SHORTCUTS: readonly { shortcut: Shortcut; key: string }[] = [
  { shortcut: "newTransaction", key: "n" },
  { shortcut: "search", key: "/" },
  { shortcut: "help", key: "?" },
];

/** The part of a keydown event the rule reads (KeyboardEvent has all of it). */
export type KeyPress = {
  key: string;
  ctrlKey: boolean;
  metaKey: boolean;
  altKey: boolean;
  isComposing: boolean;
  defaultPrevented: boolean;
  target: { tagName?: string; isContentEditable?: boolean; type?: string } | null;
};

// Inputs that take no typing (a checkbox, a button) leave the keys to the page.
const UNTYPED_INPUTS = new Set(["button", "checkbox", "radio", "submit", "reset", "image", "file", "range", "color"]);

function typingIn(target: KeyPress["target"]): boolean {
  if (!target) return false;
  if (target.isContentEditable) return true;
  const tag = target.tagName?.toUpperCase();
  if (tag === "TEXTAREA" || tag === "SELECT") return true;
  return tag === "INPUT" && !UNTYPED_INPUTS.has((target.type ?? "text").toLowerCase());
}

/** The shortcut a key press asks for, or null when the key belongs to what the user is doing. */
export function shortcutOf(press: KeyPress): Shortcut | null {
  if (press.defaultPrevented || press.isComposing || press.ctrlKey || press.metaKey || press.altKey) return null;
  if (typingIn(press.target)) return null;
  // Shift is allowed: `?` needs it on most layouts. An upper-case N is not `n`.
  return SHORTCUTS.find(({ key }) => key === press.key)?.shortcut ?? null;
}

/** The attribute a page puts on the search field `/` focuses. */
export const SEARCH_SHORTCUT_ATTRIBUTE = "data-search-shortcut";
