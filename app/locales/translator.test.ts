import { createInstance, type i18n } from "i18next";
import { beforeAll, describe, expect, test } from "vitest";
import { resources, supportedLanguages, type Language } from ".";
import { createTranslator } from "./translator";

// The pages are rendered by translator.ts and the loaders' and API's messages by i18next
// (remix-i18next): the same key must read the same in both, for every message in both languages.

function leafKeys(tree: object, prefix = ""): string[] {
  return Object.entries(tree).flatMap(([k, v]) => (typeof v === "string" ? [`${prefix}${k}`] : leafKeys(v as object, `${prefix}${k}.`)));
}

const PLURAL = /_(zero|one|two|few|many|other)$/;

let i18next: Record<Language, i18n>;
beforeAll(async () => {
  i18next = { en: createInstance(), es: createInstance() };
  for (const language of supportedLanguages) {
    await i18next[language].init({ lng: language, fallbackLng: false, resources, interpolation: { escapeValue: false } });
  }
});

describe.each(supportedLanguages)("%s", (language) => {
  const tree = resources[language].translation;
  const translator = createTranslator(language, tree);
  const keys = [...new Set(leafKeys(tree).map((key) => key.replace(PLURAL, "")))];
  // Every placeholder of a message given a value of its own, so a misplaced value shows.
  const valuesFor = (key: string) =>
    Object.fromEntries(
      leafKeys(tree)
        .filter((leaf) => leaf === key || leaf.replace(PLURAL, "") === key)
        .flatMap((leaf) => [...String(leaf.split(".").reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], tree)).matchAll(/{{(\w+)}}/g)])
        .map((match) => [match[1]!, `«${match[1]}»`]),
    );

  test("every message reads as i18next reads it, with its values", () => {
    expect(keys.length).toBeGreaterThan(500);
    for (const key of keys) {
      const values = valuesFor(key);
      expect(translator.t(key, values), key).toBe(i18next[language].t(key, values));
    }
  });

  test("every plural message picks the same form for 0, 1, 2, 5 and 21", () => {
    const plural = keys.filter((key) => leafKeys(tree).some((leaf) => leaf !== key && leaf.replace(PLURAL, "") === key));
    expect(plural.length).toBeGreaterThanOrEqual(10);
    for (const key of plural) {
      for (const count of [0, 1, 2, 5, 21]) {
        const values = { ...valuesFor(key), count };
        expect(translator.t(key, values), `${key} ${count}`).toBe(i18next[language].t(key, values));
      }
    }
  });
});

test("a missing key reads as itself, or as its default value with the values put in", () => {
  const t = createTranslator("en", resources.en.translation).t;
  expect(t("nowhere.to.be.found")).toBe("nowhere.to.be.found");
  expect(t("categoryNames.user-42", { defaultValue: "Rent {{n}}", n: 3 })).toBe("Rent 3");
  // Text that is not a key (a message from elsewhere) comes back whole, colons and all.
  expect(t("Invalid input: expected string")).toBe("Invalid input: expected string");
});

test("a placeholder without a value stays, and a key that names a group is not a message", () => {
  const t = createTranslator("en", { greeting: "Hi {{name}}, {{ other }}", group: { inner: "x" } }).t;
  expect(t("greeting", { name: "Ana" })).toBe("Hi Ana, {{ other }}");
  expect(t("greeting", { name: "Ana", other: 0 })).toBe("Hi Ana, 0");
  expect(t("group")).toBe("group");
});

test("Spanish counts in the millions use the 'other' form (Intl says 'many', which no message has)", () => {
  const t = createTranslator("es", { items_one: "{{count}} elemento", items_other: "{{count}} elementos" }).t;
  expect(new Intl.PluralRules("es").select(1_000_000)).toBe("many");
  expect(t("items", { count: 1_000_000 })).toBe("1000000 elementos");
  expect(t("items", { count: 1 })).toBe("1 elemento");
});

test("messages added to the tree later are found by the same translator (a section loaded on navigation)", () => {
  const tree: Record<string, unknown> = { common: { ok: "OK" } };
  const t = createTranslator("en", tree).t;
  expect(t("tags.title")).toBe("tags.title");
  tree.tags = { title: "Tags" };
  expect(t("tags.title")).toBe("Tags");
});
