// Dates and months written in the user's language with Intl (UTC unless told otherwise, as
// every date is stored). Pure: no framework imports. These are the only date formatters of the
// pages (issue 23): one style per language, the day never padded ("Nov 1, 2026", "1 nov 2026");
// the CSV export and the API keep ISO dates.

const formats = new Map<string, Intl.DateTimeFormat>();

function dateFormat(locale: string, timeZone: string, style: "monthYear" | "date" | "dateTime" | "dayMonth" | "monthShort") {
  const key = `${locale}|${timeZone}|${style}`;
  let format = formats.get(key);
  if (!format) {
    const options: Intl.DateTimeFormatOptions =
      style === "monthYear"
        ? { month: "long", year: "numeric" }
        : style === "dayMonth"
          ? { month: "short", day: "numeric" }
          : style === "monthShort"
            ? { month: "short", year: "2-digit" }
          : style === "date"
            ? { month: "short", day: "numeric", year: "numeric" }
            : { month: "short", day: "numeric", year: "numeric", hour: "2-digit", minute: "2-digit", hourCycle: "h23" };
    format = new Intl.DateTimeFormat(locale, { ...options, timeZone });
    formats.set(key, format);
  }
  return format;
}

/** "November 2026", "noviembre de 2026". */
export function formatMonthYear(date: Date, locale: string, timeZone = "UTC") {
  return dateFormat(locale, timeZone, "monthYear").format(date);
}

/** A date and time: "Nov 1, 2026, 14:05", "1 nov 2026, 14:05" (24-hour clock). */
export function formatDateTime(date: Date, locale: string, timeZone = "UTC") {
  return dateFormat(locale, timeZone, "dateTime").format(date);
}

/** A date: "Nov 1, 2026", "1 nov 2026". */
export function formatDate(date: Date, locale: string, timeZone = "UTC") {
  return dateFormat(locale, timeZone, "date").format(date);
}

/** A day of a chart's axis, where the year is known: "Nov 1", "1 nov". */
export function formatDayMonth(date: Date, locale: string, timeZone = "UTC") {
  return dateFormat(locale, timeZone, "dayMonth").format(date);
}

/** A month of a chart's axis: "Nov 26", "nov 26". */
export function formatMonthShort(date: Date, locale: string, timeZone = "UTC") {
  return dateFormat(locale, timeZone, "monthShort").format(date);
}

const weekdays = new Map<string, Intl.DateTimeFormat>();

/** A day of the week, for a weekly schedule: "Monday", "lunes". */
export function formatWeekday(date: Date, locale: string, timeZone = "UTC") {
  const key = `${locale}|${timeZone}`;
  let format = weekdays.get(key);
  if (!format) weekdays.set(key, (format = new Intl.DateTimeFormat(locale, { weekday: "long", timeZone })));
  return format.format(date);
}
