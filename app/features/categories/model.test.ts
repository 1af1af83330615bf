import { expect, test } from "vitest";
import { CATEGORY_ICON_NAMES, FALLBACK_CATEGORY_ICON } from "~/components/category-icon";
import { CATEGORY_ICONS, DEFAULT_CATEGORY_ICON } from "./model";

test("every icon a category may store is drawn by its own picture, and nothing else is offered", () => {
  expect([...CATEGORY_ICON_NAMES].sort()).toEqual([...CATEGORY_ICONS].sort());
});

test("a category whose stored icon is unknown is drawn with the default icon new categories get", () => {
  expect(FALLBACK_CATEGORY_ICON).toBe(DEFAULT_CATEGORY_ICON);
});
