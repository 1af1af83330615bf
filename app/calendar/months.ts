import { dayParts, utcDay } from "./days";

// Months, as they are stored and planned: their first day, yyyy-MM-01. A page's address and
// the activity log write a month as yyyy-MM (yearMonthOf). Pure: no framework imports.

/** A month as it is stored and planned: its first day, yyyy-MM-01. */
export type MonthStart = `${number}-${number}-01`;

/** The first day of the month `day` (yyyy-MM-dd) falls in. */
export function monthStartOf(day: string): MonthStart {
  return `${yearMonthOf(day)}-01` as MonthStart;
}

/** The month of a day (or a month's first day) as a page's ?month= and the activity log write it: yyyy-MM. */
export function yearMonthOf(day: string): string {
  return day.slice(0, 7);
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
  const { year, month: m } = dayParts(month);
  return utcDay(year, m - 1 + count, 1) as MonthStart;
}

/** The last day of `month`, yyyy-MM-dd: with its first day, the inclusive bounds of its transactions. */
export function monthEndOf(month: MonthStart): string {
  const { year, month: m } = dayParts(month);
  return utcDay(year, m, 0);
}
