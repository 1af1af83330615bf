import { expect, test } from "vitest";
import { columnLetters, excelSerialDay, sheetName, sheetRow, STYLE, workbookStyles, xmlText } from "./xlsx";

test("Excel's day numbers: 1900-01-01 is 1, the phantom 29 February 1900 is skipped, 2026-11-27 is 46353", () => {
  expect(excelSerialDay("1900-01-01")).toBe(1);
  expect(excelSerialDay("1900-02-28")).toBe(59);
  expect(excelSerialDay("1900-03-01")).toBe(61);
  expect(excelSerialDay("1970-01-01")).toBe(25569);
  expect(excelSerialDay("2026-11-27")).toBe(46353);
});

test("column letters go A…Z, then AA", () => {
  expect([0, 11, 25, 26, 27, 701, 702].map(columnLetters)).toEqual(["A", "L", "Z", "AA", "AB", "ZZ", "AAA"]);
});

test("text is escaped for XML and loses the control characters XML cannot hold; accents and emoji stay", () => {
  expect(xmlText('a < b & "c" > d')).toBe("a &lt; b &amp; &quot;c&quot; &gt; d");
  expect(xmlText("bell\u0007 tab\t nl\n café 🎉")).toBe("bell tab\t nl\n café 🎉");
  expect(xmlText("lone \uD800 surrogate")).toBe("lone  surrogate");
});

test("a sheet name is at most 31 characters, without the characters Excel refuses", () => {
  expect(sheetName("Transactions")).toBe("Transactions");
  expect(sheetName("a/b:c?d*e[f]g\\h")).toBe("a b c d e f g h");
  expect(sheetName("x".repeat(40))).toHaveLength(31);
});

test("a row: text inline, numbers written as the exact decimal given, dates as day numbers; an empty text is no cell", () => {
  const styles = workbookStyles([0, 2, 3]);
  const xml = sheetRow(2, [
    { kind: "date", value: "2026-11-27" },
    { kind: "text", value: "Café" },
    { kind: "text", value: "" },
    { kind: "number", value: "-1234.567", style: styles.amountStyle(3) },
    null,
  ]);
  expect(xml).toBe(
    `<row r="2"><c r="A2" s="${STYLE.date}"><v>46353</v></c>` +
      `<c r="B2" t="inlineStr"><is><t xml:space="preserve">Café</t></is></c>` +
      `<c r="D2" s="${styles.amountStyle(3)}"><v>-1234.567</v></c></row>`,
  );
  expect(() => sheetRow(2, [{ kind: "number", value: "1e3", style: 0 }])).toThrow(RangeError);
});

test("one amount format per count of decimals: the built-in #,##0 and #,##0.00, custom codes for the others", () => {
  const { xml, amountStyle } = workbookStyles([0, 2, 3, 2]);
  expect(xml).toContain('<numFmts count="1"><numFmt numFmtId="164" formatCode="#,##0.000"/></numFmts>');
  expect(new Set([amountStyle(0), amountStyle(2), amountStyle(3)]).size).toBe(3);
  expect(() => amountStyle(5)).toThrow(RangeError);
});
