// Calendar helpers: ISO days (yyyy-MM-dd, in UTC, as every date is stored) and formatting with
// Intl in the user's language. No framework imports.

/** The calendar date of an instant in UTC, yyyy-MM-dd: the day a transaction or a rate is filed under. */
export function isoDay(date: Date = new Date()): string {
  return date.toISOString().slice(0, 10);
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
