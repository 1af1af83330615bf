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
