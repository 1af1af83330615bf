import { readdirSync, readFileSync } from "node:fs";
import { expect, test } from "vitest";
import { en } from "~/locales/en";
import { es } from "~/locales/es";
import { createTranslator } from "~/locales/translator";

// Every message key the reader can return has its text in English and Spanish, and the
// placeholders it fills are the ones the texts name.

const folder = new URL(".", import.meta.url);
const sources = readdirSync(folder)
  .filter((name) => name.endsWith(".ts") && !name.includes(".test."))
  .map((name) => readFileSync(new URL(name, folder), "utf8"));
const keys = [...new Set(sources.flatMap((text) => [...text.matchAll(/"(import\.(?:file|mapping|row)\.[A-Za-z]+)"/g)].map((m) => m[1]!)))].sort();

test("the reader's message keys are all written in en and es", () => {
  expect(keys.length).toBeGreaterThan(30);
  for (const translator of [createTranslator("en", en), createTranslator("es", es)]) {
    for (const key of keys) expect(translator.t(key), key).not.toBe(key);
  }
});

test("a message names its values: a row error reads as a sentence in each language", () => {
  expect(createTranslator("es", es).t("import.row.dateOutOfRange", { date: "1899-12-31", first: "1900-01-01", last: "2027-11-27" })).toBe(
    "La fecha 1899-12-31 está fuera del intervalo 1900-01-01 a 2027-11-27.",
  );
  expect(createTranslator("en", en).t("import.file.tooManyRows", { limit: "20,000" })).toBe(
    "The file has more than 20,000 rows. Split it into smaller files and import each.",
  );
});
