import { expect, test } from "vitest";
import { parseCsv } from "../../../../tests/setup/parse-csv";
import { csvLine, numberCell, readTagsCell, readTextCell, tagsCell, textCell } from "./csv";

test("RFC 4180: commas, quotes and line breaks are quoted, quotes doubled; plain text is left alone", () => {
  expect(textCell("Groceries")).toBe("Groceries");
  expect(textCell("Rent, March")).toBe('"Rent, March"');
  expect(textCell('The "big" shop')).toBe('"The ""big"" shop"');
  expect(textCell("Line one\nline two")).toBe('"Line one\nline two"');
  expect(textCell("Café, niño")).toBe('"Café, niño"');
  expect(textCell(null)).toBe("");
});

test("a cell a spreadsheet would run as a formula is neutralised with an apostrophe", () => {
  expect(textCell("=HYPERLINK(\"http://evil\",\"x\")")).toBe(`"'=HYPERLINK(""http://evil"",""x"")"`);
  expect(textCell("+1+1")).toBe("'+1+1");
  expect(textCell("-2+3")).toBe("'-2+3");
  expect(textCell("@SUM(A1:A9)")).toBe("'@SUM(A1:A9)");
  expect(textCell("\tcmd")).toBe("'\tcmd");
  expect(textCell("\rcmd")).toBe(`"'\rcmd"`);
  // Only where a cell or a segment starts.
  expect(textCell("a=b")).toBe("a=b");
  expect(textCell("Rent - March")).toBe("Rent - March");
});

// Issue 20: Excel in Spanish-speaking locales splits a line on ";", so the text after a ";" inside
// a quoted cell becomes a cell of its own, and a naive reader splits on "," whatever the quotes.
test("a cell holding a semicolon is quoted, as one holding a comma is", () => {
  expect(textCell("Taxi; airport")).toBe('"Taxi; airport"');
  expect(textCell("Taxi;airport")).toBe('"Taxi;airport"');
});

test("a formula start right after a semicolon or a comma inside a cell is neutralised too", () => {
  expect(textCell("Taxi;=cmd|' /C calc'!A0")).toBe(`"Taxi;'=cmd|' /C calc'!A0"`);
  expect(textCell("Taxi; =cmd|' /C calc'!A0")).toBe(`"Taxi; '=cmd|' /C calc'!A0"`);
  expect(textCell("a,+1;-2;@SUM(A1)")).toBe(`"a,'+1;'-2;'@SUM(A1)"`);
  expect(textCell("Rent,\tcmd")).toBe(`"Rent,'\tcmd"`);
  expect(textCell("  =1+1")).toBe("  '=1+1");
  expect(textCell("first line\n=cmd")).toBe(`"first line\n'=cmd"`);
  // Readable: the text is all there, one apostrophe before each formula start.
  expect(parseCsv(csvLine([textCell("Taxi;=cmd")]))[0]).toEqual(["Taxi;'=cmd"]);
});

test("no segment of a neutralised cell, split on ';' or ',', starts with a formula character", () => {
  for (const text of ["Taxi;=cmd", "a, -1", ";;=x", "=;=,=", "\r=x", "x;\t=y", "ok; fine, really"]) {
    const value = parseCsv(csvLine([textCell(text)]))[0]![0]!;
    for (const segment of value.split(/[;,\r\n]/)) expect(segment.trimStart(), JSON.stringify(text)).not.toMatch(/^[=+\-@\t\r]/);
  }
});

test("number cells are plain decimals, negatives kept as numbers; anything else is refused", () => {
  expect(numberCell("-1234.50")).toBe("-1234.50");
  expect(numberCell("150000")).toBe("150000");
  expect(() => numberCell("=1+1")).toThrow(RangeError);
  expect(() => numberCell("1,234.50")).toThrow(RangeError);
  expect(() => numberCell("1e5")).toThrow(RangeError);
});

test("a line ends with CRLF", () => {
  expect(csvLine(["2026-11-02", textCell("Rent, March"), numberCell("-700.00")])).toBe('2026-11-02,"Rent, March",-700.00\r\n');
});

// The tags cell: names in name order joined with "; ", where "\\" escapes a backslash, a ";" and a
// formula start inside a name, so the import reads back exactly the names that were written.
const TAG_NAMES: string[][] = [
  [],
  ["groceries"],
  ["a; b", "c"],
  ["a;b", "trip, 2026", 'the "big" one', "back\\slash", "ends with \\", "  spaced  ", ";", "; "],
  ["=cmd|' /C calc'!A0", "+1", "-old", "@home", "x;=y", "x, =y", "x;\t=y"],
  ["\\;", "\\\\", "a\\; b", "Ñandú 🎉"],
];

test("tag names written to the tags cell read back exactly, through the CSV's own quoting", () => {
  for (const names of TAG_NAMES) {
    const cell = parseCsv(csvLine(["x", textCell(tagsCell(names)), "y"]))[0]!;
    expect(cell[0]).toBe("x");
    expect(cell[2]).toBe("y");
    expect(readTagsCell(cell[1]!), JSON.stringify(names)).toEqual(names);
  }
});

test("the tags cell of plain names is the names joined with '; ', and needs no apostrophe from the formula guard", () => {
  expect(tagsCell(["food", "trip"])).toBe("food; trip");
  expect(tagsCell([])).toBe("");
  expect(tagsCell(["a; b", "=x"])).toBe("a\\; b; \\=x");
  for (const names of TAG_NAMES) {
    const written = tagsCell(names);
    expect(parseCsv(csvLine([textCell(written)]))[0]![0], JSON.stringify(names)).toBe(written);
  }
});

test("a text cell reads back as written (readTextCell undoes the formula guard), through the CSV's own quoting", () => {
  for (const text of ["Groceries", "-2+3", "=cmd|' /C calc'!A0", "Taxi;=cmd", "a, -1; @x", "first line\n=cmd", "  +1", "it's = fine", "Rent - March", "''x"]) {
    expect(readTextCell(parseCsv(csvLine([textCell(text)]))[0]![0]!), JSON.stringify(text)).toBe(text);
  }
  // The one text the export cannot tell apart: an apostrophe the user typed before a formula start.
  expect(readTextCell(parseCsv(csvLine([textCell("'=x")]))[0]![0]!)).toBe("=x");
});
