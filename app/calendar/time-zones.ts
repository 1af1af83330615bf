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

/**
 * The name the runtime writes for a zone it knows, whatever the case it was typed in
 * ("america/caracas" → "America/Caracas", "Etc/UTC" → "UTC"); null for anything else. What is
 * stored is this name, so the profile's select finds it among its options.
 */
export function canonicalTimeZone(name: string): string | null {
  if (!isTimeZone(name)) return null;
  return new Intl.DateTimeFormat("en-US", { timeZone: name }).resolvedOptions().timeZone;
}

/**
 * The signed-in user's today (decision 032): the calendar date in their time zone at `instant`.
 * Also takes a command's actor, whose zone may be absent (then UTC's date).
 */
export function userToday(user: { timeZone?: string }, instant: Date = new Date()): string {
  return localDay(user.timeZone ?? DEFAULT_TIME_ZONE, instant);
}

export type TimeZoneGroup = { region: string; zones: string[] };

/**
 * The zones the profile's select offers, grouped by their first part ("America", "Europe"; UTC
 * alone first), as the runtime lists them (Intl.supportedValuesOf, which leaves out "UTC"). A
 * stored zone the list lacks (an old alias a browser reported) is added, so the select shows it.
 */
export function timeZoneGroups(current?: string): TimeZoneGroup[] {
  const listed = typeof Intl.supportedValuesOf === "function" ? Intl.supportedValuesOf("timeZone") : [];
  const names = new Set(listed.filter((name) => name !== DEFAULT_TIME_ZONE));
  if (current && current !== DEFAULT_TIME_ZONE && isTimeZone(current)) names.add(current);
  const groups = new Map<string, string[]>();
  for (const name of [...names].sort()) {
    const region = name.includes("/") ? name.slice(0, name.indexOf("/")) : "Etc";
    groups.set(region, [...(groups.get(region) ?? []), name]);
  }
  return [{ region: DEFAULT_TIME_ZONE, zones: [DEFAULT_TIME_ZONE] }, ...[...groups].map(([region, zones]) => ({ region, zones }))];
}
