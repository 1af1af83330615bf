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

test("every validation message a schema can emit exists in both languages", async () => {
  const source = await import("node:fs").then((fs) => fs.readFileSync("app/domain/account-schemas.ts", "utf8"));
  const keys = [...source.matchAll(/"(validation\.\w+)"/g)].map((m) => m[1]!);
  expect(keys.length).toBeGreaterThan(10);
  for (const key of keys) {
    expect(enLeaves.has(key), key).toBe(true);
    expect(esLeaves.has(key), key).toBe(true);
  }
});
