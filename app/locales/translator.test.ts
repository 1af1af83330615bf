import { describe, expect, test } from "vitest";
import { resources, supportedLanguages } from ".";
import { createTranslator, type MessageTree } from "./translator";

// The server and the browser read every message with this translator (docs/decisions/021): every
// message of both languages must read whole, with each value in its place and the plural form its
// count asks for.

function leafKeys(tree: object, prefix = ""): string[] {
  return Object.entries(tree).flatMap(([k, v]) => (typeof v === "string" ? [`${prefix}${k}`] : leafKeys(v as object, `${prefix}${k}.`)));
}

const PLURAL = /_(zero|one|two|few|many|other)$/;

const messageAt = (tree: MessageTree, key: string): string | undefined => {
  const found = key.split(".").reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], tree);
  return typeof found === "string" ? found : undefined;
};

describe.each(supportedLanguages)("%s", (language) => {
  const tree = resources[language].translation as MessageTree;
  const translator = createTranslator(language, tree);
  const leaves = leafKeys(tree);
  const keys = [...new Set(leaves.map((key) => key.replace(PLURAL, "")))];
  const formsOf = (key: string) => leaves.filter((leaf) => leaf === key || leaf.replace(PLURAL, "") === key);
  const placeholders = (message: string) => [...message.matchAll(/{{(\w+)}}/g)].map((match) => match[1]!);
  // Every placeholder of a message given a value of its own, so a misplaced or missing value shows.
  const valuesFor = (key: string) =>
    Object.fromEntries(formsOf(key).flatMap((form) => placeholders(messageAt(tree, form)!)).map((name) => [name, `«${name}»`]));

  test("every message reads as written, with each of its values in its placeholder", () => {
    expect(keys.length).toBeGreaterThan(500);
    // A plural message (written only as key_one, key_other…) needs a count: the next test.
    for (const key of keys.filter((key) => messageAt(tree, key) !== undefined)) {
      const values = valuesFor(key);
      const written = messageAt(tree, key)!;
      const expected = written.replace(/{{(\w+)}}/g, (_, name: string) => String(values[name]));
      expect(translator.t(key, values), key).toBe(expected);
      expect(translator.t(key, values), key).not.toMatch(/{{/);
    }
  });

  test("every plural message picks its form by count: _zero for 0 where written, _one for 1, _other for 0, 2, 5 and 21", () => {
    const plural = keys.filter((key) => messageAt(tree, `${key}_other`) !== undefined);
    expect(plural.length).toBeGreaterThanOrEqual(10);
    for (const key of plural) {
      for (const count of [0, 1, 2, 5, 21]) {
        const form = count === 0 && messageAt(tree, `${key}_zero`) !== undefined ? "zero" : count === 1 ? "one" : "other";
        const values = { ...valuesFor(key), count };
        const expected = messageAt(tree, `${key}_${form}`)!.replace(/{{(\w+)}}/g, (_, name: string) => String(values[name as keyof typeof values]));
        expect(translator.t(key, values), `${key} ${count}`).toBe(expected);
      }
    }
  });
});

test("real messages read the same in English and Spanish as the pages show them", () => {
  const en = createTranslator("en", resources.en.translation).t;
  const es = createTranslator("es", resources.es.translation).t;
  expect(en("tags.count", { count: 1 })).toBe("1 tag");
  expect(en("tags.count", { count: 21 })).toBe("21 tags");
  expect(en("money.rateAge", { count: 0 })).toBe("today");
  expect(es("tags.count", { count: 1 })).toBe("1 etiqueta");
  expect(es("tags.count", { count: 5 })).toBe("5 etiquetas");
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
