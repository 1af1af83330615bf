import { expect, test } from "vitest";
import { moneyToneClass } from "./money";

test("zero is neutral in every tone; signed amounts are green above zero and red below; totals keep their kind's colour", () => {
  for (const tone of ["plain", "signed", "income", "expense"] as const) {
    expect(moneyToneClass(0, tone), tone).toBe("");
    expect(moneyToneClass(0n, tone), tone).toBe("");
  }
  expect(moneyToneClass(1, "signed")).toContain("text-green-700");
  expect(moneyToneClass(-1, "signed")).toContain("text-red-700");
  expect(moneyToneClass(-(10n ** 18n), "signed")).toContain("text-red-700");
  expect(moneyToneClass(500, "expense")).toContain("text-red-700");
  expect(moneyToneClass(500, "income")).toContain("text-green-700");
  expect(moneyToneClass(-500, "plain")).toBe("");
});
