import { expect, test } from "vitest";
import { detectDelimiter, IMPORT_MAX_BYTES, IMPORT_MAX_ROWS, readImportFile, type ReadFile } from "./read";

const bytes = (text: string) => new TextEncoder().encode(text);

function read(text: string, options = {}): ReadFile {
  const outcome = readImportFile(bytes(text), options);
  if (!outcome.ok) throw new Error(`refused: ${outcome.error.key}`);
  return outcome.file;
}

test("the delimiter is the one that splits the header and the rows alike: comma, semicolon, tab, bar", () => {
  expect(detectDelimiter("a,b,c\n1,2,3\n")).toBe(",");
  expect(detectDelimiter("Fecha;Concepto;Importe\n01/02/2026;Café;-3,50\n02/02/2026;Pan;-1,20\n")).toBe(";");
  expect(detectDelimiter("a\tb\n1\t2\n")).toBe("\t");
  expect(detectDelimiter("a|b|c\n1|2,5|3\n")).toBe("|");
});

test("delimiters inside quotes do not vote", () => {
  // Commas inside quotes everywhere, one semicolon between cells.
  expect(detectDelimiter('"a,1";"b,2"\n"x,y,z";"1,5"\n"p,q";"2,5"\n')).toBe(";");
  expect(detectDelimiter('date,description,amount\n2026-01-01,"Rent; March",-1\n2026-01-02,"a; b; c",-2\n')).toBe(",");
});

test("a file with one column is read with a comma", () => {
  expect(detectDelimiter("amount\n1\n2\n")).toBe(",");
});

test("the delimiter can be chosen, overriding detection", () => {
  const file = read("a;b,c\n1;2,3\n", { delimiter: "," });
  expect(file.delimiter).toBe(",");
  expect(file.header).toEqual(["a;b", "c"]);
});

test("line numbers count the header, blank lines and line breaks inside quoted cells", () => {
  const file = read('h1,h2\r\n1,"x\ny"\r\n\r\n2,z\n3,"q\r\n\r\nr"\n  \n4,w');
  expect(file.headerLine).toBe(1);
  expect(file.rows).toEqual([
    { line: 2, cells: ["1", "x\ny"] },
    { line: 5, cells: ["2", "z"] },
    { line: 6, cells: ["3", "q\r\n\r\nr"] },
    { line: 10, cells: ["4", "w"] },
  ]);
});

test("a header after blank lines is on its own line; CR alone ends a line too", () => {
  const file = read("\n\na,b\r1,2\r3,4");
  expect(file.headerLine).toBe(3);
  expect(file.rows.map((r) => r.line)).toEqual([4, 5]);
});

test("RFC 4180 quotes: doubled quotes, delimiters and line breaks inside; a bare quote in an unquoted cell is kept", () => {
  const file = read('a,b\n"He said ""hi"", then left","1,5"\n12" pizza,2\n');
  expect(file.rows.map((r) => r.cells)).toEqual([
    ['He said "hi", then left', "1,5"],
    ['12" pizza', "2"],
  ]);
});

test("a quote never closed keeps the rows before it and names the line it opened on", () => {
  const file = read('a,b\n1,ok\n\n2,"open\n3,never\n');
  expect(file.rows).toEqual([{ line: 2, cells: ["1", "ok"] }]);
  expect(file.problem).toEqual({ key: "import.file.quoteNotClosed", values: { line: 4 }, line: 4 });
});

test("rows of different lengths are all read (the mapping says which are too short)", () => {
  expect(read("a,b,c\n1\n1,2,3,4\n").rows.map((r) => r.cells.length)).toEqual([1, 4]);
});

test("a file over 5 MB is refused naming the limit, and nothing is parsed", () => {
  const outcome = readImportFile(new Uint8Array(IMPORT_MAX_BYTES + 1));
  expect(outcome).toEqual({ ok: false, error: { key: "import.file.tooLarge", values: { limit: "5 MB" } } });
  expect(readImportFile(bytes("a\n" + "1\n".repeat(10))).ok).toBe(true);
});

test("more than 20,000 data rows are refused naming the limit; exactly 20,000 are read", () => {
  const rows = (n: number) => "date,amount\n" + "2026-01-01,1\n".repeat(n);
  expect(readImportFile(bytes(rows(IMPORT_MAX_ROWS + 1)))).toEqual({ ok: false, error: { key: "import.file.tooManyRows", values: { limit: 20_000 } } });
  const file = read(rows(IMPORT_MAX_ROWS));
  expect(file.rows).toHaveLength(20_000);
  expect(file.rows.at(-1)!.line).toBe(20_001);
});

test("an empty file, or a header alone, is refused with its reason", () => {
  expect(readImportFile(bytes(""))).toEqual({ ok: false, error: { key: "import.file.empty" } });
  expect(readImportFile(bytes(" \r\n \n"))).toEqual({ ok: false, error: { key: "import.file.empty" } });
  expect(readImportFile(bytes("a,b\n\n"))).toEqual({ ok: false, error: { key: "import.file.noRows" } });
});

test("the encoding is detected and can be chosen; the header is trimmed", () => {
  const latin = new Uint8Array([0x61, 0x20, 0x2c, 0x63, 0xe9, 0x0a, 0x31, 0x2c, 0x32]);
  const detected = readImportFile(latin);
  expect(detected.ok && detected.file.encoding).toBe("windows-1252");
  expect(detected.ok && detected.file.header).toEqual(["a", "cé"]);
  const chosen = readImportFile(bytes("a,é\n1,2"), { encoding: "windows-1252" });
  expect(chosen.ok && chosen.file.header).toEqual(["a", "Ã©"]);
});
