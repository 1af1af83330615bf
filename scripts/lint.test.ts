import { readdirSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { expect, test } from "vitest";
import { cycleRule, directions, lint, rules, vocabularyRule } from "./lint.mjs";
import { tableOwnersRule } from "./lint-table-owners.mjs";

// Each lint rule has a folder in tests/lint-fixtures/ named after it: a small tree with one file
// that breaks that rule and nothing else. Linting the folder must report that rule (so a rule
// that stopped matching fails here), and the clean folder of near misses must pass.

const fixtures = fileURLToPath(new URL("../tests/lint-fixtures/", import.meta.url));
const names = [...[...rules, ...directions].map((rule) => rule.name), tableOwnersRule, vocabularyRule, cycleRule];

test("every rule has a fixture folder and every fixture folder names a rule", () => {
  const folders = readdirSync(fixtures).filter((name) => name !== "clean");
  expect(folders.sort(), "add tests/lint-fixtures/<rule>/ with one file that breaks the new rule").toEqual([...names].sort());
});

test.each(names)("the lint reports %s for its fixture and nothing else", (name) => {
  const { files, problems } = lint(fixtures + name);
  expect(files).toBeGreaterThan(0);
  expect(problems.length).toBeGreaterThan(0);
  expect(problems.map((p) => p.rule)).toEqual(problems.map(() => name));
});

test("the calendar is held to the kernel's purity as money/ is: no React, nothing server-side", () => {
  const { problems } = lint(fixtures + "pure-kernel");
  expect(problems.map((p) => p.file).sort()).toEqual(["app/calendar/today.ts", "app/money/read-file.ts"]);
});

test("the near misses each rule allows pass: a job using another feature's commands, a route's type import, a lazy schema, lint-ignore comments", () => {
  const { files, problems } = lint(fixtures + "clean");
  expect(files).toBeGreaterThan(0);
  expect(problems).toEqual([]);
});

test("the project lint skips the fixtures", () => {
  const { problems } = lint();
  expect(problems.filter((p) => p.file.startsWith("tests/lint-fixtures/"))).toEqual([]);
});
