import { expect, test } from "vitest";
import { formatCount, formatPercent, formatPercentTenths } from "./count";

test("counts are grouped the locale's way from four digits, as amounts are", () => {
  expect(formatCount(1234, "es")).toBe("1.234");
  expect(formatCount(1234, "en")).toBe("1,234");
  expect(formatCount(999, "es")).toBe("999");
  expect(formatCount(50000, "es")).toBe("50.000");
});

test("whole percents in the locale's way, past 100 and below 0 too", () => {
  expect(formatPercent(85, "en")).toBe("85%");
  expect(formatPercent(85, "es")).toBe("85\u00a0%");
  expect(formatPercent(999, "es")).toBe("999\u00a0%");
  expect(formatPercent(0, "en")).toBe("0%");
  expect(formatPercent(-5, "en")).toBe("-5%");
});

test("a percent past 999 reads '>999 %', however large, and never throws", () => {
  expect(formatPercent(1000, "en")).toBe(">999%");
  expect(formatPercent(1000, "es")).toBe(">999\u00a0%");
  // 0.01 budget with 9,000,000,000,000.00 spent, had it not been capped: past 2^53.
  expect(formatPercent(90_000_000_000_000_000, "en")).toBe(">999%");
  expect(formatPercent(-5000, "en")).toBe("<-999%");
});

test("percents in tenths, as a report's shares show them", () => {
  expect(formatPercentTenths(125, "en")).toBe("12.5%");
  expect(formatPercentTenths(125, "es")).toBe("12,5\u00a0%");
  expect(formatPercentTenths(1000, "en")).toBe("100.0%");
  expect(formatPercentTenths(3, "en")).toBe("0.3%");
});
