import { expect, test } from "vitest";
import { hasControlCharacters, hasInvisibleControlCharacters } from "./plain-text";

test("a one-line field refuses every control character, line breaks and tabs included", () => {
  for (const bad of ["a\u0000b", "bell\u0007", "esc\u001b[31m", "line\nbreak", "tab\there", "c1\u0085", "del\u007f"]) {
    expect(hasControlCharacters(bad), JSON.stringify(bad)).toBe(true);
  }
  for (const good of ["Ñandú", "café au lait", "O'Brien-Smith", "日本", "emoji 🎉", ""]) expect(hasControlCharacters(good)).toBe(false);
});

test("a description keeps line breaks and tabs but refuses the invisible controls", () => {
  expect(hasInvisibleControlCharacters("first line\r\nsecond\tcolumn")).toBe(false);
  for (const bad of ["a\u0000b", "bell\u0007", "esc\u001b[31m", "c1\u0085"]) expect(hasInvisibleControlCharacters(bad)).toBe(true);
});

// Issue 20: bidi overrides and zero-width characters let a name spoof what others read (a
// profile name on /admin/users reversed by U+202E), so both kinds of field refuse them.
const INVISIBLE_FORMATTING = [
  ...["\u202a", "\u202b", "\u202c", "\u202d", "\u202e"],
  ...["\u2066", "\u2067", "\u2068", "\u2069"],
  ...["\u200b", "\u200c", "\u200d", "\u200e", "\u200f"],
  ...["\ufeff", "\u2060", "\u061c"],
];

test("a one-line field refuses bidi overrides, isolates, zero-width characters and the BOM anywhere in it", () => {
  for (const ch of INVISIBLE_FORMATTING) {
    const code = `U+${ch.codePointAt(0)!.toString(16).toUpperCase()}`;
    expect(hasControlCharacters(`Ann${ch}Lee`), code).toBe(true);
    expect(hasControlCharacters(`${ch}Ann`), code).toBe(true);
    expect(hasControlCharacters(`Ann${ch}`), code).toBe(true);
  }
  expect(hasControlCharacters("admin\u202egnp.exe")).toBe(true);
});

test("a description refuses the same invisible formatting characters and still keeps line breaks and tabs", () => {
  for (const ch of INVISIBLE_FORMATTING) expect(hasInvisibleControlCharacters(`first line\n${ch}second`), ch.codePointAt(0)!.toString(16)).toBe(true);
  expect(hasInvisibleControlCharacters("first line\r\nsecond\tcolumn")).toBe(false);
});

test("the neighbours of the refused ranges, right-to-left text and emoji stay allowed", () => {
  for (const good of ["a\u2010b", "x\u2030", "x\u2070", "x\u2011y", "عربي", "עברית", "Ñandú 🎉", "a\u00a0b"]) {
    expect(hasControlCharacters(good), JSON.stringify(good)).toBe(false);
  }
});
