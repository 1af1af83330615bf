// ISO days: yyyy-MM-dd, in UTC, as every date is stored. Pure: no framework imports.
//
// Never Date.UTC(y, m, d) or new Date(y, m, d): both read the years 0 to 99 as 1900 to 1999.
// A date is built with setUTCFullYear (utcDay), which takes every year as written. Day and
// month arithmetic is done here, never by hand elsewhere (no 86_400_000, no getUTCDate()).

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

/** A yyyy-MM-dd date as a UTC midnight instant, for Intl formatting. */
export function dayToDate(day: string): Date {
  return new Date(`${day}T00:00:00Z`);
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
export function dayParts(day: string): { year: number; month: number; day: number } {
  return { year: Number(day.slice(0, 4)), month: Number(day.slice(5, 7)), day: Number(day.slice(8, 10)) };
}

/** `day` moved by `count` days (earlier when negative). */
export function addDays(day: string, count: number): string {
  const { year, month, day: d } = dayParts(day);
  return utcDay(year, month - 1, d + count);
}

/** The same day `count` years later; 29 February becomes 28 February in a year that has none. */
export function addYears(day: string, count: number): string {
  const { year, month, day: d } = dayParts(day);
  const lastOfMonth = dayParts(utcDay(year + count, month, 0)).day;
  return utcDay(year + count, month - 1, Math.min(d, lastOfMonth));
}

/** Whole days from `from` to `to` (yyyy-MM-dd), negative when `to` is earlier. */
export function daysBetween(from: string, to: string): number {
  return Math.round((dayToDate(to).getTime() - dayToDate(from).getTime()) / 86_400_000);
}

/** The Monday of the (ISO) week `day` falls in: itself on a Monday. */
export function weekStartOf(day: string): string {
  const sinceMonday = (dayToDate(day).getUTCDay() + 6) % 7;
  return addDays(day, -sinceMonday);
}
