// The user's day (issue 24): a user in Caracas (UTC−4) is still on the 31st at 20:00 UTC on the
// 31st and at 02:00 UTC on the 1st. Pure: Intl only, which workerd and Node both carry with full ICU.

export const DEFAULT_TIME_ZONE = "UTC";

/** Whether `name` is an IANA time zone the runtime knows ("America/Caracas", "UTC"); not offsets like "+04:00". */
export function isTimeZone(name: string): boolean {
  if (name.length === 0 || name.length > 64 || !/^[A-Za-z][A-Za-z0-9_+\-/]*$/.test(name)) return false;
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

const dayFormatters = new Map<string, Intl.DateTimeFormat>();

/**
 * The calendar date, yyyy-MM-dd, at `instant` in `timeZone`: the user's "today". An unknown zone
 * reads as UTC, so a bad stored value never takes a page down.
 */
export function localDay(timeZone: string, instant: Date = new Date()): string {
  const zone = isTimeZone(timeZone) ? timeZone : DEFAULT_TIME_ZONE;
  let formatter = dayFormatters.get(zone);
  if (!formatter) {
    // en-CA writes yyyy-MM-dd; the parts are read by type anyway, so the locale's order does not matter.
    formatter = new Intl.DateTimeFormat("en-CA", { timeZone: zone, year: "numeric", month: "2-digit", day: "2-digit" });
    dayFormatters.set(zone, formatter);
  }
  const parts = Object.fromEntries(formatter.formatToParts(instant).map((part) => [part.type, part.value]));
  return `${String(parts.year).padStart(4, "0")}-${parts.month}-${parts.day}`;
}
