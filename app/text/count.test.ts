import { expect, test } from "vitest";
import { formatCount } from "./count";

test("counts are grouped the locale's way from four digits, as amounts are", () => {
  expect(formatCount(1234, "es")).toBe("1.234");
  expect(formatCount(1234, "en")).toBe("1,234");
  expect(formatCount(999, "es")).toBe("999");
  expect(formatCount(50000, "es")).toBe("50.000");
});
