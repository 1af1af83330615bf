import { expect, test } from "vitest";
import { nameFold, nameKey } from "./name-key";

test("a name's key ignores letter case and the spaces around it, and keeps accents", () => {
  expect(nameKey("  Travel ")).toBe("travel");
  expect(nameKey("Educación")).not.toBe(nameKey("Educacion"));
});

test("folded, names differing only in accents, case or spacing are one name", () => {
  expect(nameFold("Educación")).toBe(nameFold("EDUCACION"));
  expect(nameFold(" educacion ")).toBe("educacion");
  expect(nameFold("Comida  y\u00a0restaurantes")).toBe("comida y restaurantes");
  // Decomposed input (e + combining accent) folds like the composed one.
  expect(nameFold("Educacio\u0301n")).toBe("educacion");
  expect(nameFold("Ñandú")).toBe("nandu");
  expect(nameFold("Education")).not.toBe(nameFold("Educación"));
});
