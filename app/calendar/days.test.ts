import { expect, test } from "vitest";
import { addDays, addYears, dayParts, dayToDate, daysBetween, isIsoDate, isoDay, utcDay, weekStartOf } from "./days";
import { addMonths, monthEndOf, type MonthStart } from "./months";

test("an ISO day is the UTC calendar date, and dayToDate reads it back as UTC midnight", () => {
  expect(isoDay(new Date("2026-11-23T23:59:59-05:00"))).toBe("2026-11-24");
  expect(dayToDate("2026-02-28").toISOString()).toBe("2026-02-28T00:00:00.000Z");
  expect(isoDay(dayToDate("2026-12-31"))).toBe("2026-12-31");
});

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

test("a day's parts are its year, month (1–12) and day as written, years below 100 included", () => {
  expect(dayParts("2026-11-27")).toEqual({ year: 2026, month: 11, day: 27 });
  expect(dayParts("0050-02-28")).toEqual({ year: 50, month: 2, day: 28 });
  expect(dayParts("1900-01-01")).toEqual({ year: 1900, month: 1, day: 1 });
  // Built back with utcDay, a day past its month's end rolls into the next month.
  const { year, month, day } = dayParts("2024-02-29");
  expect(utcDay(year + 5, month - 1, day)).toBe("2029-03-01");
});

test("days between two days count whole UTC days, across month ends, leap days and 1900", () => {
  expect(daysBetween("2026-11-25", "2026-11-25")).toBe(0);
  expect(daysBetween("2026-11-25", "2026-11-26")).toBe(1);
  expect(daysBetween("2026-11-25", "2026-11-24")).toBe(-1);
  // Across a daylight-saving change nowhere matters: days are UTC.
  expect(daysBetween("2026-03-01", "2026-04-01")).toBe(31);
  expect(daysBetween("2024-02-28", "2024-03-01")).toBe(2);
  expect(daysBetween("2026-02-28", "2026-03-01")).toBe(1);
  expect(daysBetween("1900-02-28", "1900-03-01")).toBe(1);
  expect(daysBetween("1899-12-31", "1900-01-01")).toBe(1);
  expect(daysBetween("0099-12-31", "0100-01-01")).toBe(1);
  expect(daysBetween("2026-11-27", "2036-11-27")).toBe(3653); // 2028, 2032 and 2036 have a 29 February
});

test("a week starts on its Monday (ISO weeks), across a month's, a year's and 1900's start", () => {
  expect(weekStartOf("2026-11-23")).toBe("2026-11-23"); // a Monday
  expect(weekStartOf("2026-11-29")).toBe("2026-11-23"); // its Sunday
  expect(weekStartOf("2026-11-01")).toBe("2026-10-26");
  expect(weekStartOf("2027-01-01")).toBe("2026-12-28");
  expect(weekStartOf("2024-03-01")).toBe("2024-02-26");
  expect(weekStartOf("1900-01-01")).toBe("1900-01-01"); // a Monday
  expect(weekStartOf("1900-01-03")).toBe("1900-01-01");
  expect(weekStartOf("0050-01-01")).toBe("0049-12-27"); // a Saturday of year 50, not a Sunday of 1950
});

test("a real date is yyyy-MM-dd that exists, in any year but 0000", () => {
  expect(isIsoDate("2024-02-29")).toBe(true);
  expect(isIsoDate("1900-02-29")).toBe(false);
  expect(isIsoDate("2026-11-31")).toBe(false);
  expect(isIsoDate("0000-01-01")).toBe(false);
  expect(isIsoDate("0001-01-01")).toBe(true);
  expect(isIsoDate("2026-1-01")).toBe(false);
});
