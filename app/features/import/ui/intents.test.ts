import { expect, test } from "vitest";
import { IMPORT_DELIMITERS } from "../model/read";
import { DELIMITER_CHOICES, importHref } from "./intents";

test("the page offers exactly the reader's separators", () => {
  expect(DELIMITER_CHOICES.map((choice) => choice.value)).toEqual([...IMPORT_DELIMITERS]);
});

test("an import's address keeps its filter and page, and leaves out what is empty", () => {
  expect(importHref("abc", { status: "duplicate", page: 2 })).toBe("/import/abc?status=duplicate&page=2");
  expect(importHref("abc", { status: undefined, page: "" })).toBe("/import/abc");
  expect(importHref("a/b")).toBe("/import/a%2Fb");
});
