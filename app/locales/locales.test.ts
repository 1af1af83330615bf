import { expect, test } from "vitest";
import { en } from "./en";
import { es } from "./es";

function leaves(tree: object, prefix = ""): Map<string, string> {
  const out = new Map<string, string>();
  for (const [k, v] of Object.entries(tree)) {
    const key = prefix ? `${prefix}.${k}` : k;
    if (typeof v === "string") out.set(key, v);
    else for (const [kk, vv] of leaves(v as object, key)) out.set(kk, vv);
  }
  return out;
}

const enLeaves = leaves(en);
const esLeaves = leaves(es);

test("Spanish has every key English has, and no extra ones", () => {
  expect([...enLeaves.keys()].filter((k) => !esLeaves.has(k))).toEqual([]);
  expect([...esLeaves.keys()].filter((k) => !enLeaves.has(k))).toEqual([]);
});

test("no translation is empty and every interpolation survives translation", () => {
  for (const [key, value] of esLeaves) {
    expect(value.trim(), key).not.toBe("");
    const vars = (s: string) => [...s.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();
    expect(vars(value), key).toEqual(vars(enLeaves.get(key)!));
  }
});

test("every message key the code names (validation.*, errors.*) exists in both languages", async () => {
  const { readdirSync, readFileSync } = await import("node:fs");
  const files = readdirSync("app", { recursive: true, encoding: "utf8" }).filter(
    (f) => /\.tsx?$/.test(f) && !f.includes(".test.") && !f.startsWith("locales"),
  );
  const keys = new Set<string>();
  for (const file of files) {
    for (const m of readFileSync(`app/${file}`, "utf8").matchAll(/["`]((?:validation|errors)\.\w+)["`]/g)) keys.add(m[1]!);
  }
  // The schemas of accounts, categories and tags, and the errors the routes and API name.
  expect(keys).toContain("validation.categoryNameRequired");
  expect(keys).toContain("errors.tagExists");
  for (const key of keys) {
    expect(enLeaves.has(key), key).toBe(true);
    expect(esLeaves.has(key), key).toBe(true);
  }
});

test("a delete confirmation's buttons, a transaction's delete question and the per-currency table's columns are each worded once", () => {
  for (const leavesOf of [enLeaves, esLeaves]) {
    const keysOf = (pattern: RegExp) => [...leavesOf.keys()].filter((key) => pattern.test(key));
    expect(keysOf(/confirmDelete\.(confirm|deleting|cancel)$/)).toEqual(["common.confirmDelete.confirm", "common.confirmDelete.deleting"]);
    const question = leavesOf.get("money.deleteTransaction.question");
    expect([...leavesOf].filter(([, text]) => text === question).map(([key]) => key)).toEqual(["money.deleteTransaction.question"]);
    expect(keysOf(/byCurrency\.(currency|income|expenses|net|count)$/)).toEqual(
      ["currency", "income", "expenses", "net", "count"].map((column) => `money.byCurrency.${column}`),
    );
  }
});
