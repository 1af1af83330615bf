import { addYears, dayParts, utcDay } from "~/calendar/days";
import type { ImportMessage } from "./read";

// Issue 26, step 3: a date cell in the format the mapping names → yyyy-MM-dd. Decision 036.
//
// Day and month may have one digit or two ("1/2/2024"); a time after the date ("2024-03-01
// 13:45", "01/03/2024 13:45:00", "2024-03-01T13:45:00Z") is ignored: the transaction has a day.
//
// Two-digit years, in the formats with the day or month first ("01/03/24"): the year is the
// latest one ending in those two digits that is not after next year (the last day an import
// accepts is today + 1 year). In 2026, "27" is 2027, "28" is 1928 and "99" is 1999.

export const DATE_FORMATS = ["yyyy-MM-dd", "dd/MM/yyyy", "MM/dd/yyyy", "dd.MM.yyyy"] as const;
export type DateFormat = (typeof DATE_FORMATS)[number];

export function isDateFormat(value: unknown): value is DateFormat {
  return (DATE_FORMATS as readonly unknown[]).includes(value);
}

/** The earliest date accepted (the app's range starts here: decision 022). */
export const IMPORT_FIRST_DAY = "1900-01-01";

const TIME_PART = /(?:[T ]\d{1,2}:\d{2}(?::\d{2}(?:\.\d+)?)?\s*(?:[AaPp][Mm])?(?:Z|[+-]\d{2}:?\d{2})?)?$/;

const PATTERNS: Record<DateFormat, { pattern: RegExp; order: ["y" | "m" | "d", "y" | "m" | "d", "y" | "m" | "d"] }> = {
  "yyyy-MM-dd": { pattern: /^(\d{4})-(\d{1,2})-(\d{1,2})$/, order: ["y", "m", "d"] },
  "dd/MM/yyyy": { pattern: /^(\d{1,2})\/(\d{1,2})\/(\d{4}|\d{2})$/, order: ["d", "m", "y"] },
  "MM/dd/yyyy": { pattern: /^(\d{1,2})\/(\d{1,2})\/(\d{4}|\d{2})$/, order: ["m", "d", "y"] },
  "dd.MM.yyyy": { pattern: /^(\d{1,2})\.(\d{1,2})\.(\d{4}|\d{2})$/, order: ["d", "m", "y"] },
};

/** A two-digit year as the pivot rule reads it, given today (yyyy-MM-dd). */
export function fullYear(twoDigits: number, today: string): number {
  const latest = dayParts(today).year + 1;
  const century = latest - (latest % 100);
  const year = century + twoDigits;
  return year > latest ? year - 100 : year;
}

/** The real calendar date a cell names in `format`, or null (not that format, or no such day). */
export function readDate(cell: string, format: DateFormat, today: string): string | null {
  const text = cell.trim().replace(TIME_PART, "");
  const match = PATTERNS[format].pattern.exec(text);
  if (!match) return null;
  const parts = { y: 0, m: 0, d: 0, yearDigits: 4 };
  PATTERNS[format].order.forEach((part, i) => {
    parts[part] = Number(match[i + 1]);
    if (part === "y") parts.yearDigits = match[i + 1]!.length;
  });
  const year = parts.yearDigits === 2 ? fullYear(parts.y, today) : parts.y;
  if (parts.m < 1 || parts.m > 12 || parts.d < 1 || parts.d > 31 || year < 1) return null;
  if (parts.d > 28 && dayParts(utcDay(year, parts.m, 0)).day < parts.d) return null;
  return `${String(year).padStart(4, "0")}-${String(parts.m).padStart(2, "0")}-${String(parts.d).padStart(2, "0")}`;
}

export type DateReading = { ok: true; date: string } | { ok: false; error: ImportMessage };

/**
 * A date cell → the transaction's date, or the row's error: empty, not a date in the format,
 * or outside 1900-01-01 … today + 1 year.
 */
export function readDateCell(cell: string, format: DateFormat, today: string): DateReading {
  if (cell.trim() === "") return { ok: false, error: { key: "import.row.dateRequired" } };
  const date = readDate(cell, format, today);
  if (!date) return { ok: false, error: { key: "import.row.dateInvalid", values: { value: cell.trim(), format } } };
  const last = lastDayFor(today);
  if (date < IMPORT_FIRST_DAY || date > last)
    return { ok: false, error: { key: "import.row.dateOutOfRange", values: { date, first: IMPORT_FIRST_DAY, last } } };
  return { ok: true, date };
}

let lastDay = { today: "", last: "" };

/** today + 1 year, computed once per today (a file has 20,000 dates and one today). */
function lastDayFor(today: string): string {
  if (lastDay.today !== today) lastDay = { today, last: addYears(today, 1) };
  return lastDay.last;
}

/**
 * What a column's values say about its format: the formats every non-empty value reads in.
 * One → `format` (the mapping can take it); several → `ambiguous`, the user chooses among
 * `formats` (a column whose days are all 12 or less reads as dd/MM and as MM/dd: the guess
 * never picks one, the mapping page asks); none → the column holds no dates in a known format.
 */
export type DateFormatGuess =
  | { kind: "format"; format: DateFormat }
  | { kind: "ambiguous"; formats: DateFormat[] }
  | { kind: "none" };

export function guessDateFormat(values: readonly string[], today: string): DateFormatGuess {
  const filled = values.filter((value) => value.trim() !== "");
  if (filled.length === 0) return { kind: "none" };
  const formats = DATE_FORMATS.filter((format) => filled.every((value) => readDate(value, format, today) !== null));
  if (formats.length === 0) return { kind: "none" };
  if (formats.length === 1) return { kind: "format", format: formats[0]! };
  return { kind: "ambiguous", formats };
}
