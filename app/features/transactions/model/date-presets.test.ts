import { expect, test } from "vitest";
import { userToday } from "~/calendar/time-zones";
import { DATE_PRESETS, presetOf, presetRange } from "./date-presets";

test("this month and last month are whole calendar months, February of a leap year included", () => {
  expect(presetRange("thisMonth", "2028-02-29")).toEqual({ from: "2028-02-01", to: "2028-02-29" });
  expect(presetRange("lastMonth", "2028-03-01")).toEqual({ from: "2028-02-01", to: "2028-02-29" });
  expect(presetRange("thisMonth", "2026-11-30")).toEqual({ from: "2026-11-01", to: "2026-11-30" });
});

test("last month on January 1st is the December before, in the year before", () => {
  expect(presetRange("lastMonth", "2027-01-01")).toEqual({ from: "2026-12-01", to: "2026-12-31" });
});

test("year to date runs from January 1st to today; on January 1st it is that one day", () => {
  expect(presetRange("yearToDate", "2026-11-27")).toEqual({ from: "2026-01-01", to: "2026-11-27" });
  expect(presetRange("yearToDate", "2027-01-01")).toEqual({ from: "2027-01-01", to: "2027-01-01" });
});

test("the last 90 days are today and the 89 before it, across a year's end", () => {
  expect(presetRange("last90Days", "2027-01-15")).toEqual({ from: "2026-10-18", to: "2027-01-15" });
});

test("in a UTC−4 zone at 02:00 UTC on January 1st it is still December 31st: the presets count from the user's day", () => {
  const today = userToday({ timeZone: "America/Caracas" }, new Date("2027-01-01T02:00:00Z"));
  expect(today).toBe("2026-12-31");
  expect(presetRange("thisMonth", today)).toEqual({ from: "2026-12-01", to: "2026-12-31" });
  expect(presetRange("yearToDate", today)).toEqual({ from: "2026-01-01", to: "2026-12-31" });
  expect(presetRange("lastMonth", today)).toEqual({ from: "2026-11-01", to: "2026-11-30" });
  // The same instant in UTC is already the new year.
  expect(presetRange("yearToDate", userToday({ timeZone: "UTC" }, new Date("2027-01-01T02:00:00Z")))).toEqual({ from: "2027-01-01", to: "2027-01-01" });
});

test("the list's dates name the preset they equal, and only exact dates do", () => {
  for (const preset of DATE_PRESETS) expect(presetOf(presetRange(preset, "2026-11-27"), "2026-11-27")).toBe(preset);
  expect(presetOf({ from: "2026-11-01", to: "2026-11-27" }, "2026-11-28")).toBeUndefined();
  expect(presetOf({}, "2026-11-27")).toBeUndefined();
});
