// Decision 023. Text a user types is stored and shown back as is, so characters nobody can see or type on
// purpose (NUL, BEL, escape sequences, C1 controls) are refused rather than stored: they break
// exports and terminals and hide text. A one-line field (a name) refuses line breaks and tabs
// too; a description may keep them.
//
// Invisible formatting characters are refused in both kinds of field (issue 20): bidi embeddings
// and overrides (U+202A–U+202E) and isolates (U+2066–U+2069) reorder what others read, so a name
// can spoof another on /admin/users or in an export; zero-width characters and marks
// (U+200B–U+200F, the word joiner U+2060, the Arabic letter mark U+061C) and the BOM (U+FEFF)
// make two names that look the same differ. Right-to-left letters themselves are fine: the
// browser orders them without any of these. The cost: U+200D also joins emoji sequences
// (👨‍👩‍👧), which a name cannot hold.

const INVISIBLE_FORMATTING = "\\u061c\\u200b-\\u200f\\u202a-\\u202e\\u2060\\u2066-\\u2069\\ufeff";
const ANY_CONTROL = new RegExp(`[\\p{Cc}${INVISIBLE_FORMATTING}]`, "u");
const CONTROL_EXCEPT_LINE_BREAKS_AND_TABS = new RegExp(`(?![\\t\\n\\r])[\\p{Cc}${INVISIBLE_FORMATTING}]`, "u");

/** True for a one-line field's value that holds any control character, line breaks and tabs included, or an invisible formatting character. */
export function hasControlCharacters(value: string): boolean {
  return ANY_CONTROL.test(value);
}

/** True for a multi-line field's value that holds a control character other than tab, CR and LF, or an invisible formatting character. */
export function hasInvisibleControlCharacters(value: string): boolean {
  return CONTROL_EXCEPT_LINE_BREAKS_AND_TABS.test(value);
}

export const CONTROL_CHARACTERS_MESSAGE = "validation.controlCharacters";
