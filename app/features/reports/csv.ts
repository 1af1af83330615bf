// The CSV export's text (issue 13): RFC 4180 with CRLF line ends, UTF-8 with a byte-order mark
// so spreadsheets show accents, and every text cell neutralised against formula injection.

/** The byte-order mark the file starts with: Excel reads UTF-8 only when it is there. */
export const CSV_BOM = "\uFEFF";
export const CSV_LINE_END = "\r\n";

/**
 * A cell that a spreadsheet would run as a formula (it starts with =, +, -, @, a tab or a
 * carriage return) gets a leading apostrophe, which spreadsheets show as text and never
 * evaluate (OWASP's CSV injection advice).
 */
const FORMULA_START = /^[=+\-@\t\r]/;

/** RFC 4180: a cell with a comma, a double quote or a line break is quoted, its quotes doubled. */
function quoted(text: string): string {
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** A text cell (a description, a category or tag name, an id): neutralised, then quoted if it must be. */
export function textCell(value: string | null | undefined): string {
  const text = value ?? "";
  return quoted(FORMULA_START.test(text) ? `'${text}` : text);
}

/**
 * A number cell: a plain decimal with a dot ("-1234.50", "3871.25"). It is written as it is, so a
 * negative amount stays a number the spreadsheet can add up; anything else is refused, so a text
 * can never reach the file through it.
 */
export function numberCell(decimal: string): string {
  if (!/^-?\d+(\.\d+)?$/.test(decimal)) throw new RangeError(`not a plain decimal: ${decimal}`);
  return decimal;
}

/** One line of the file, cells already made by textCell or numberCell. */
export function csvLine(cells: readonly string[]): string {
  return cells.join(",") + CSV_LINE_END;
}
