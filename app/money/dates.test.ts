import { expect, test } from "vitest";
import {
  acceptedDays,
  addDays,
  addMonths,
  addYears,
  dayRangeError,
  isDayInRange,
  isMonthInRange,
  monthEndOf,
  readMonthInRange,
  utcDay,
  type MonthStart,
} from "./dates";
import { splitMessage } from "~/text/message";

test("the calendar takes the years 1 to 99 as written, not as 1901 to 1999", () => {
  expect(utcDay(1, 0, 1)).toBe("0001-01-01");
  expect(utcDay(99, 11, 31)).toBe("0099-12-31");
  expect(utcDay(100, 0, 1)).toBe("0100-01-01");
  expect(addMonths("0050-01-01", 1)).toBe("0050-02-01");
  expect(addMonths("0050-01-01", -1)).toBe("0049-12-01");
  expect(addMonths("0099-12-01", 1)).toBe("0100-01-01");
  expect(addMonths("0100-01-01", -1)).toBe("0099-12-01");
  expect(monthEndOf("0050-01-01")).toBe("0050-01-31");
  expect(monthEndOf("0001-12-01")).toBe("0001-12-31");
  expect(monthEndOf("0099-11-01")).toBe("0099-11-30");
  expect(addDays("0001-01-01", -1)).toBe("0000-12-31");
  expect(addDays("0099-12-31", 1)).toBe("0100-01-01");
  expect(addYears("0001-01-01", 5)).toBe("0006-01-01");
});

test("leap years: 1900 and 2100 have no 29 February, 2000 and 0004 have one; month ends across 1899 and 1900", () => {
  expect(monthEndOf("1900-02-01")).toBe("1900-02-28");
  expect(monthEndOf("2000-02-01")).toBe("2000-02-29");
  expect(monthEndOf("2100-02-01")).toBe("2100-02-28");
  expect(monthEndOf("0004-02-01")).toBe("0004-02-29");
  expect(monthEndOf("0100-02-01")).toBe("0100-02-28");
  expect(monthEndOf("1899-12-01")).toBe("1899-12-31");
  expect(addMonths("1899-12-01", 1)).toBe("1900-01-01");
  expect(addMonths("1900-01-01", -1)).toBe("1899-12-01");
  expect(addDays("1900-02-28", 1)).toBe("1900-03-01");
  expect(addDays("2000-02-28", 1)).toBe("2000-02-29");
  expect(addDays("1900-01-01", -1)).toBe("1899-12-31");
  for (const month of ["01", "03", "05", "07", "08", "10", "12"]) expect(monthEndOf(`2026-${month}-01` as MonthStart)).toBe(`2026-${month}-31`);
  for (const month of ["04", "06", "09", "11"]) expect(monthEndOf(`2026-${month}-01` as MonthStart)).toBe(`2026-${month}-30`);
  // Ten years after a leap day is a year without one: its last day of February.
  expect(addYears("2028-02-29", 10)).toBe("2038-02-28");
  expect(addYears("2028-02-29", 4)).toBe("2032-02-29");
});

test("the accepted dates run from 1900-01-01 to ten years after today, both included", () => {
  const range = acceptedDays("2026-11-27");
  expect(range).toEqual({ earliest: "1900-01-01", latest: "2036-11-27" });
  expect(isDayInRange("1900-01-01", range)).toBe(true);
  expect(isDayInRange("2036-11-27", range)).toBe(true);
  expect(isDayInRange("1899-12-31", range)).toBe(false);
  expect(isDayInRange("2036-11-28", range)).toBe(false);
  expect(isDayInRange("0001-01-01", range)).toBe(false);
  expect(isDayInRange("2026-02-30", range)).toBe(false);
  expect(isMonthInRange("1900-01-01", range)).toBe(true);
  expect(isMonthInRange("2036-11-01", range)).toBe(true);
  expect(isMonthInRange("1899-12-01", range)).toBe(false);
  expect(isMonthInRange("2036-12-01", range)).toBe(false);
  expect(readMonthInRange("0050-01", range)).toBeNull();
  expect(readMonthInRange("2026-11", range)).toBe("2026-11-01");
  expect(readMonthInRange("2026-13", range)).toBeNull();
});

test("a real date outside the range says which range; a date that is not real is left to its own message", () => {
  const range = acceptedDays("2026-11-27");
  expect(splitMessage(dayRangeError("1899-12-31", range)!)).toEqual({ key: "validation.dateOutOfRange", values: { from: "1900-01-01", to: "2036-11-27" } });
  expect(dayRangeError("2036-11-28", range)).not.toBeNull();
  expect(dayRangeError("2026-11-27", range)).toBeNull();
  expect(dayRangeError("2026-02-30", range)).toBeNull();
  expect(dayRangeError("yesterday", range)).toBeNull();
});
