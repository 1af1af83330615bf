import { expect, test } from "vitest";
import { formatDate, formatDateTime, formatDayMonth, formatMonthShort, formatMonthYear } from "./format";

const first = new Date(Date.UTC(2026, 10, 1, 9, 5));

test("a date is written one way per language, without padding the day", () => {
  expect(formatDate(first, "en")).toBe("Nov 1, 2026");
  expect(formatDate(first, "es")).toBe("1 nov 2026");
  expect(formatDate(new Date(Date.UTC(2026, 10, 22)), "en")).toBe("Nov 22, 2026");
});

test("a date and time, and a chart's day, follow the same style", () => {
  expect(formatDateTime(first, "en")).toBe("Nov 1, 2026, 09:05");
  expect(formatDateTime(first, "es")).toBe("1 nov 2026, 09:05");
  expect(formatDayMonth(first, "en")).toBe("Nov 1");
  expect(formatDayMonth(first, "es")).toBe("1 nov");
  expect(formatMonthYear(first, "es")).toBe("noviembre de 2026");
  expect(formatMonthShort(first, "en")).toBe("Nov 26");
  expect(formatMonthShort(first, "es")).toBe("nov 26");
});

test("the time zone given is the one the date is written in", () => {
  expect(formatDate(new Date(Date.UTC(2026, 10, 1, 2)), "en", "America/Bogota")).toBe("Oct 31, 2026");
});
