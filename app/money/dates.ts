// Calendar helpers: ISO days (yyyy-MM-dd, in UTC, as every date is stored) and formatting with
// Intl in the user's language. No framework imports.

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

/** The month `count` months after (or before, when negative) `month`. */
export function addMonths(month: MonthStart, count: number): MonthStart {
  const date = dayToDate(month);
  return isoDay(new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + count, 1))) as MonthStart;
}

/** The last day of `month`, yyyy-MM-dd: with its first day, the inclusive bounds of its transactions. */
export function monthEndOf(month: MonthStart): string {
  const date = dayToDate(month);
  return isoDay(new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 0)));
}

/** Whole days from `from` to `to` (yyyy-MM-dd), negative when `to` is earlier. */
export function daysBetween(from: string, to: string): number {
  return Math.round((dayToDate(to).getTime() - dayToDate(from).getTime()) / 86_400_000);
}
