import { expect, test } from "vitest";
import { addMonths, monthEndOf, monthStartOf, readMonth, yearMonthOf } from "./months";

test("months: read from a page's yyyy-MM or the API's yyyy-MM-01, stepped across years, bounded by their last day", () => {
  expect(readMonth("2026-11")).toBe("2026-11-01");
  expect(readMonth("2026-11-01")).toBe("2026-11-01");
  for (const bad of ["2026-13", "2026-00", "2026-11-02", "26-11", "2026-1", "", null, 202611]) expect(readMonth(bad)).toBeNull();
  expect(addMonths("2026-12-01", 1)).toBe("2027-01-01");
  expect(addMonths("2026-01-01", -1)).toBe("2025-12-01");
  expect(addMonths("2026-03-01", -13)).toBe("2025-02-01");
  expect(monthEndOf("2028-02-01")).toBe("2028-02-29");
  expect(monthEndOf("2026-02-01")).toBe("2026-02-28");
  expect(monthEndOf("2026-12-01")).toBe("2026-12-31");
  expect(monthStartOf("2026-11-25")).toBe("2026-11-01");
});

test("a month is written yyyy-MM in a page's address and the activity log, and read back to its first day", () => {
  expect(yearMonthOf("2026-11-01")).toBe("2026-11");
  expect(yearMonthOf("2026-12-31")).toBe("2026-12");
  expect(yearMonthOf("1900-01-01")).toBe("1900-01");
  expect(yearMonthOf("0050-02-28")).toBe("0050-02");
  expect(monthStartOf("0050-02-28")).toBe("0050-02-01");
  expect(readMonth(yearMonthOf("2036-11-27"))).toBe("2036-11-01");
});
