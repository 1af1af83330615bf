// The CSV export's text (issue 13): RFC 4180 with CRLF line ends, UTF-8 with a byte-order mark
// so spreadsheets show accents, and every text cell neutralised against formula injection.

/** The byte-order mark the file starts with: Excel reads UTF-8 only when it is there. */
export const CSV_BOM = "\uFEFF";
export const CSV_LINE_END = "\r\n";

/**
 * Where a spreadsheet could start a formula: the cell's first character, or the first after a
 * comma, a semicolon or a line break inside it (spaces skipped), when it is =, +, -, @, a tab or
 * a carriage return. Inside a cell too (issue 20): Excel in Spanish-speaking locales splits a
 * line on ";" whatever the quotes, so `"Taxi;=cmd|' /C calc'!A0"` became a formula cell, and a
 * reader that ignores quotes splits on "," the same way.
 */
const FORMULA_START = /(?<=(?:^|[,;\r\n]) *)(?=[=+\-@\t\r])/g;

/** Puts `mark` before every formula start (OWASP's CSV injection advice uses an apostrophe). */
function neutralised(text: string, mark: string): string {
  return text.replace(FORMULA_START, mark);
}

/**
 * RFC 4180: a cell with a comma, a semicolon, a double quote or a line break is quoted, its quotes
 * doubled. The semicolon is quoted for the readers that take it as the delimiter.
 */
function quoted(text: string): string {
  return /[",;\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/**
 * A text cell (a description, a category name, the tags cell, an id): an apostrophe before every
 * formula start (spreadsheets show it and never evaluate what follows; the text stays readable),
 * then quoted if it must be.
 */
export function textCell(value: string | null | undefined): string {
  return quoted(neutralised(value ?? "", "'"));
}

/**
 * The tags cell's text (decision 020): the names joined with "; ", each name with a backslash
 * before a backslash, before a ";" and before a formula start, so no name can split in two, the
 * formula guard finds nothing to mark (the text reads back as written), and `readTagsCell`
 * returns exactly these names. Plain names are written as they are: "food; trip".
 * An empty list is an empty cell (names are never empty).
 */
export function tagsCell(names: readonly string[]): string {
  return names.map((name) => neutralised(name.replace(/[\\;]/g, "\\$&"), "\\")).join("; ");
}

/** The names a tags cell holds (its value once the CSV quoting is undone): the inverse of `tagsCell`. */
export function readTagsCell(text: string): string[] {
  if (text === "") return [];
  const names: string[] = [];
  let name = "";
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (ch === "\\" && i + 1 < text.length) name += text[++i];
    else if (ch === ";" && text[i + 1] === " ") names.push(name), (name = ""), i++;
    else name += ch;
  }
  names.push(name);
  return names;
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

const NEUTRALISED_START = /(?<=(?:^|[,;\r\n]) *)'(?=[=+\-@\t\r])/g;

/**
 * A text cell's value as it was before `textCell` (its value once the CSV quoting is undone):
 * the apostrophe before each formula start is taken off, so an import of the export reads back
 * "-2+3" and "=cmd", not "'-2+3". One text is read differently: one that itself had an
 * apostrophe right before a formula start ("'=x" is written "'=x", as "=x" is): read as "=x".
 */
export function readTextCell(value: string): string {
  return value.replace(NEUTRALISED_START, "");
}
