// Text a user types is stored and shown back as is, so characters nobody can see or type on
// purpose (NUL, BEL, escape sequences, C1 controls) are refused rather than stored: they break
// exports and terminals and hide text. A one-line field (a name) refuses line breaks and tabs
// too; a description may keep them.

const ANY_CONTROL = /\p{Cc}/u;
const CONTROL_EXCEPT_LINE_BREAKS_AND_TABS = /(?![\t\n\r])\p{Cc}/u;

/** True for a one-line field's value that holds any control character, line breaks and tabs included. */
export function hasControlCharacters(value: string): boolean {
  return ANY_CONTROL.test(value);
}

/** True for a multi-line field's value that holds a control character other than tab, CR and LF. */
export function hasInvisibleControlCharacters(value: string): boolean {
  return CONTROL_EXCEPT_LINE_BREAKS_AND_TABS.test(value);
}

export const CONTROL_CHARACTERS_MESSAGE = "validation.controlCharacters";
