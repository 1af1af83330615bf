import { daysBetween } from "~/calendar/days";

// The spreadsheet export's parts (issue 26, decision 038): the XML of an Office Open XML
// workbook with one sheet, written here and zipped by fflate in queries/export-xlsx.server.ts.
// Pure text: numbers go in as the exact decimals the CSV writes (never through a float), dates as
// Excel's day numbers with a date format, text as inline strings (a spreadsheet never evaluates a
// string cell, so no formula guard is needed, unlike the CSV).

const MAIN_NS = "http://schemas.openxmlformats.org/spreadsheetml/2006/main";
const REL_NS = "http://schemas.openxmlformats.org/officeDocument/2006/relationships";
const PACKAGE_REL_NS = "http://schemas.openxmlformats.org/package/2006/relationships";
const XML_HEAD = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';

/** Characters XML 1.0 cannot hold at all (controls other than tab and line breaks, lone surrogates, U+FFFE/U+FFFF): dropped. */
const NOT_XML = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** Text for an XML element or attribute: escaped, and stripped of what XML cannot carry. */
export function xmlText(value: string): string {
  return value.replace(NOT_XML, "").replace(/[&<>"]/g, (ch) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[ch]!);
}

/** A column's letters: 0 → A, 25 → Z, 26 → AA. */
export function columnLetters(index: number): string {
  let letters = "";
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) letters = String.fromCharCode(65 + ((n - 1) % 26)) + letters;
  return letters;
}

/**
 * Excel's serial day of a yyyy-MM-dd date (the 1900 date system): 1900-01-01 is 1. Excel counts a
 * 29 February 1900 that never was, so from 1 March 1900 on the count is one more than the days
 * elapsed (1900-03-01 is 61), and that is the convention every reader follows.
 */
export function excelSerialDay(day: string): number {
  return day < "1900-03-01" ? daysBetween("1899-12-31", day) : daysBetween("1899-12-30", day);
}

/** The cell styles, by index into styles.xml's cellXfs. */
export const STYLE = { text: 0, header: 1, date: 2, rate: 0, usd: 3 } as const;

/** Built-in number formats: 14 is the reader's own short date; 3 and 4 are #,##0 and #,##0.00 in the reader's separators. */
const BUILT_IN_FORMAT: Record<number, number> = { 0: 3, 2: 4 };
const FIRST_CUSTOM_FORMAT = 164;

/**
 * The styles of a workbook whose amounts come in the given currencies' decimals: one number
 * format per count of decimals (`#,##0.000` for 3), with grouping; Excel and LibreOffice show the
 * reader's own separators for them (a comma for decimals in Spanish), the value staying a number.
 */
export function workbookStyles(decimals: Iterable<number>): { xml: string; amountStyle: (decimals: number) => number } {
  const places = [...new Set([2, ...decimals])].filter((d) => Number.isInteger(d) && d >= 0 && d <= 30).sort((a, b) => a - b);
  const customs = places.filter((d) => BUILT_IN_FORMAT[d] === undefined);
  const formatId = (d: number) => BUILT_IN_FORMAT[d] ?? FIRST_CUSTOM_FORMAT + customs.indexOf(d);
  const formatCode = (d: number) => (d === 0 ? "#,##0" : `#,##0.${"0".repeat(d)}`);
  const xf = (numFmtId: number, extra = "") => `<xf numFmtId="${numFmtId}" fontId="0" fillId="0" borderId="0" xfId="0"${extra}/>`;
  const fixed = [
    xf(0), // text, and rates: General shows every digit the number has
    `<xf numFmtId="0" fontId="1" fillId="0" borderId="0" xfId="0" applyFont="1"/>`, // header
    xf(14, ' applyNumberFormat="1"'), // dates
    xf(4, ' applyNumberFormat="1"'), // USD
  ];
  const amountStyles = places.map((d) => xf(formatId(d), ' applyNumberFormat="1"'));
  const xml =
    XML_HEAD +
    `<styleSheet xmlns="${MAIN_NS}">` +
    (customs.length ? `<numFmts count="${customs.length}">${customs.map((d) => `<numFmt numFmtId="${formatId(d)}" formatCode="${formatCode(d)}"/>`).join("")}</numFmts>` : "") +
    `<fonts count="2"><font><sz val="11"/><name val="Calibri"/><family val="2"/></font><font><b/><sz val="11"/><name val="Calibri"/><family val="2"/></font></fonts>` +
    `<fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills>` +
    `<borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders>` +
    `<cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs>` +
    `<cellXfs count="${fixed.length + amountStyles.length}">${fixed.join("")}${amountStyles.join("")}</cellXfs>` +
    `<cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles>` +
    `</styleSheet>`;
  return {
    xml,
    amountStyle: (d) => {
      const at = places.indexOf(d);
      if (at < 0) throw new RangeError(`no amount style for ${d} decimals`);
      return fixed.length + at;
    },
  };
}

/** A cell of the sheet: text, a number (a plain decimal string, written as it is), or a date (yyyy-MM-dd). */
export type XlsxCell =
  | { kind: "text"; value: string; style?: number }
  | { kind: "number"; value: string; style: number }
  | { kind: "date"; value: string }
  | null;

/** One row's XML; `row` counts from 1. A null cell, or an empty text, is left out. */
export function sheetRow(row: number, cells: readonly XlsxCell[]): string {
  let xml = `<row r="${row}">`;
  cells.forEach((cell, index) => {
    if (!cell) return;
    const ref = `${columnLetters(index)}${row}`;
    if (cell.kind === "text") {
      if (cell.value === "") return;
      const style = cell.style ? ` s="${cell.style}"` : "";
      xml += `<c r="${ref}"${style} t="inlineStr"><is><t xml:space="preserve">${xmlText(cell.value)}</t></is></c>`;
    } else if (cell.kind === "number") {
      if (!/^-?\d+(\.\d+)?$/.test(cell.value)) throw new RangeError(`not a plain decimal: ${cell.value}`);
      xml += `<c r="${ref}" s="${cell.style}"><v>${cell.value}</v></c>`;
    } else {
      xml += `<c r="${ref}" s="${STYLE.date}"><v>${excelSerialDay(cell.value)}</v></c>`;
    }
  });
  return xml + "</row>";
}

/** The sheet's XML up to its first row: the header row frozen in place, the columns' widths. */
export function sheetStart(widths: readonly number[]): string {
  const cols = widths.map((width, i) => `<col min="${i + 1}" max="${i + 1}" width="${width}" customWidth="1"/>`).join("");
  return (
    XML_HEAD +
    `<worksheet xmlns="${MAIN_NS}" xmlns:r="${REL_NS}">` +
    `<sheetViews><sheetView workbookViewId="0"><pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" state="frozen"/></sheetView></sheetViews>` +
    `<sheetFormatPr defaultRowHeight="15"/>` +
    (cols ? `<cols>${cols}</cols>` : "") +
    `<sheetData>`
  );
}

export const SHEET_END = "</sheetData></worksheet>";

/** A sheet's name: at most 31 characters, none of : \ / ? * [ ] (Excel refuses the file otherwise). */
export function sheetName(name: string): string {
  const clean = name.replace(/[:\\/?*[\]]/g, " ").trim().slice(0, 31);
  return clean === "" ? "Sheet1" : clean;
}

/** The package's fixed parts, by path: every file but the sheet and the styles. */
export function packageParts(sheet: string): Record<string, string> {
  return {
    "[Content_Types].xml":
      XML_HEAD +
      `<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">` +
      `<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>` +
      `<Default Extension="xml" ContentType="application/xml"/>` +
      `<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>` +
      `<Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>` +
      `<Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/>` +
      `</Types>`,
    "_rels/.rels":
      XML_HEAD +
      `<Relationships xmlns="${PACKAGE_REL_NS}">` +
      `<Relationship Id="rId1" Type="${REL_NS}/officeDocument" Target="xl/workbook.xml"/>` +
      `</Relationships>`,
    "xl/workbook.xml":
      XML_HEAD +
      `<workbook xmlns="${MAIN_NS}" xmlns:r="${REL_NS}">` +
      `<bookViews><workbookView/></bookViews>` +
      `<sheets><sheet name="${xmlText(sheetName(sheet))}" sheetId="1" r:id="rId1"/></sheets>` +
      `</workbook>`,
    "xl/_rels/workbook.xml.rels":
      XML_HEAD +
      `<Relationships xmlns="${PACKAGE_REL_NS}">` +
      `<Relationship Id="rId1" Type="${REL_NS}/worksheet" Target="worksheets/sheet1.xml"/>` +
      `<Relationship Id="rId2" Type="${REL_NS}/styles" Target="styles.xml"/>` +
      `</Relationships>`,
  };
}
