import { expect, test } from "vitest";
import { csvLine, numberCell, textCell } from "./csv";

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
  // Only at the start.
  expect(textCell("a=b")).toBe("a=b");
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
