import { messageWithValues } from "~/text/message";
import { addYears, isIsoDate } from "./days";
import { readMonth, yearMonthOf, type MonthStart } from "./months";

// The dates the app accepts (decision 022): one range for every date that comes in, on every
// face: a transaction's, a rate's, a budget's month, a goal's target date, a report's or an
// export's period, a list's filter. From 1900-01-01 (before it, no one records money here, and
// 1900 keeps the years whose two-digit spelling has tripped JavaScript out) to ten years after
// today (UTC), far enough for a goal's date and near enough that no period is absurd. Pure:
// "today" is an argument, the day the request is served (isoDay()).

/** The first day the app accepts. */
export const EARLIEST_DAY = "1900-01-01";
/** How many years after today the last accepted day is. */
export const YEARS_AHEAD = 10;

/** The first and last days accepted (both inclusive), yyyy-MM-dd. */
export type DayRange = { earliest: string; latest: string };

/** The range of dates accepted on `today`: 1900-01-01 to ten years after today. */
export function acceptedDays(today: string): DayRange {
  return { earliest: EARLIEST_DAY, latest: addYears(today, YEARS_AHEAD) };
}

/** A real yyyy-MM-dd date within the range. */
export function isDayInRange(day: string, range: DayRange): boolean {
  return isIsoDate(day) && day >= range.earliest && day <= range.latest;
}

/** "Enter a date between 1900-01-01 and 2036-11-27" (a message key with its values: ~/text/message). */
export function dayRangeMessage(range: DayRange): string {
  return messageWithValues("validation.dateOutOfRange", { from: range.earliest, to: range.latest });
}

/**
 * The message for a real date outside the range; null for a date within it, and for anything
 * that is not a real date at all (that has its own message, validation.dateInvalid).
 */
export function dayRangeError(day: string, range: DayRange): string | null {
  return isIsoDate(day) && !isDayInRange(day, range) ? dayRangeMessage(range) : null;
}

/** A month is accepted when its first day is. */
export function isMonthInRange(month: MonthStart, range: DayRange): boolean {
  return isDayInRange(month, range);
}

/** "Choose a month between 1900-01 and 2036-11" (a message key with its values). */
export function monthRangeMessage(range: DayRange): string {
  return messageWithValues("validation.monthOutOfRange", { from: yearMonthOf(range.earliest), to: yearMonthOf(range.latest) });
}

/** A page's ?month= (yyyy-MM or yyyy-MM-01) when it is a month within the range; null otherwise. */
export function readMonthInRange(value: unknown, range: DayRange): MonthStart | null {
  const month = readMonth(value);
  return month && isMonthInRange(month, range) ? month : null;
}
