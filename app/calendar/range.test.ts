import { expect, test } from "vitest";
import { splitMessage } from "~/text/message";
import { acceptedDays, dayRangeError, isDayInRange, isMonthInRange, monthRangeMessage, readMonthInRange } from "./range";

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

test("a month outside the range names the range in months; ten years after a leap day is 28 February", () => {
  expect(splitMessage(monthRangeMessage(acceptedDays("2026-11-27")))).toEqual({ key: "validation.monthOutOfRange", values: { from: "1900-01", to: "2036-11" } });
  expect(acceptedDays("2028-02-29")).toEqual({ earliest: "1900-01-01", latest: "2038-02-28" });
});
