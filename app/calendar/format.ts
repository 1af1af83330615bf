// Dates and months written in the user's language with Intl (UTC unless told otherwise, as
// every date is stored). Pure: no framework imports.

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
