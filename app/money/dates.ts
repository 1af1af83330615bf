import { messageWithValues } from "~/text/message";

// Calendar helpers: ISO days (yyyy-MM-dd, in UTC, as every date is stored) and formatting with
// Intl in the user's language. No framework imports.
//
// Never Date.UTC(y, m, d) or new Date(y, m, d): both read the years 0 to 99 as 1900 to 1999.
// A date is built with setUTCFullYear (utcDay), which takes every year as written.

/** The calendar date of an instant in UTC, yyyy-MM-dd: the day a transaction or a rate is filed under. */
export function isoDay(date: Date = new Date()): string {
  return date.toISOString().slice(0, 10);
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** A real calendar date written yyyy-MM-dd (2026-02-30 is not one, nor is anything in year 0000, which no calendar has). */
export function isIsoDate(value: string): boolean {
  if (!ISO_DATE.test(value) || value.startsWith("0000")) return false;
  const date = dayToDate(value);
  return !Number.isNaN(date.getTime()) && isoDay(date) === value;
}

/** A yyyy-MM-dd date as a UTC midnight instant, for Intl formatting and day arithmetic. */
export function dayToDate(day: string): Date {
  return new Date(`${day}T00:00:00Z`);
}

export function formatMonthYear(date: Date, locale: string, timeZone = "UTC") {
  return new Intl.DateTimeFormat(locale, { month: "long", year: "numeric", timeZone }).format(date);
}

/** Spec: 'MMM dd, yyyy HH:mm' in the user's language (e.g. "Nov 22, 2026 14:05", "22 nov 2026, 14:05"). */
export function formatDateTime(date: Date, locale: string, timeZone = "UTC") {
  return new Intl.DateTimeFormat(locale, {
    month: "short",
    day: "2-digit",
    year: "numeric",
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
    timeZone,
  }).format(date);
}

export function formatDate(date: Date, locale: string, timeZone = "UTC") {
  return new Intl.DateTimeFormat(locale, { month: "short", day: "2-digit", year: "numeric", timeZone }).format(date);
}

/** A month as it is stored and planned: its first day, yyyy-MM-01. */
export type MonthStart = `${number}-${number}-01`;

/** The first day of the month `day` (yyyy-MM-dd) falls in. */
export function monthStartOf(day: string): MonthStart {
  return `${day.slice(0, 7)}-01` as MonthStart;
}

/** `?month=yyyy-MM` (a page's month) or yyyy-MM-01 (the API's) → the month's first day; null for anything else. */
export function readMonth(value: unknown): MonthStart | null {
  if (typeof value !== "string") return null;
  const match = /^(\d{4})-(\d{2})(?:-01)?$/.exec(value.trim());
  if (!match) return null;
  const month = Number(match[2]);
  if (month < 1 || month > 12 || match[1] === "0000") return null;
  return `${match[1]}-${match[2]}-01` as MonthStart;
}

/**
 * The day of `year`, `monthIndex` (0 = January) and `day`, yyyy-MM-dd, exact for every year:
 * a month or day past its end rolls over as Date.UTC's do (day 0 is the previous month's last).
 */
export function utcDay(year: number, monthIndex: number, day: number): string {
  const date = new Date(0);
  date.setUTCFullYear(year, monthIndex, day);
  return isoDay(date);
}

/** The year, month (1–12) and day of a yyyy-MM-dd date. */
function partsOf(day: string): { year: number; month: number; day: number } {
  return { year: Number(day.slice(0, 4)), month: Number(day.slice(5, 7)), day: Number(day.slice(8, 10)) };
}

/** The month `count` months after (or before, when negative) `month`. */
export function addMonths(month: MonthStart, count: number): MonthStart {
  const { year, month: m } = partsOf(month);
  return utcDay(year, m - 1 + count, 1) as MonthStart;
}

/** The last day of `month`, yyyy-MM-dd: with its first day, the inclusive bounds of its transactions. */
export function monthEndOf(month: MonthStart): string {
  const { year, month: m } = partsOf(month);
  return utcDay(year, m, 0);
}

/** `day` moved by `count` days (earlier when negative). */
export function addDays(day: string, count: number): string {
  const { year, month, day: d } = partsOf(day);
  return utcDay(year, month - 1, d + count);
}

/** The same day `count` years later; 29 February becomes 28 February in a year that has none. */
export function addYears(day: string, count: number): string {
  const { year, month, day: d } = partsOf(day);
  const end = monthEndOf(`${String(year + count).padStart(4, "0")}-${String(month).padStart(2, "0")}-01` as MonthStart);
  return utcDay(year + count, month - 1, Math.min(d, Number(end.slice(8, 10))));
}

/** Whole days from `from` to `to` (yyyy-MM-dd), negative when `to` is earlier. */
export function daysBetween(from: string, to: string): number {
  return Math.round((dayToDate(to).getTime() - dayToDate(from).getTime()) / 86_400_000);
}

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
  return messageWithValues("validation.monthOutOfRange", { from: range.earliest.slice(0, 7), to: range.latest.slice(0, 7) });
}

/** A page's ?month= (yyyy-MM or yyyy-MM-01) when it is a month within the range; null otherwise. */
export function readMonthInRange(value: unknown, range: DayRange): MonthStart | null {
  const month = readMonth(value);
  return month && isMonthInRange(month, range) ? month : null;
}
