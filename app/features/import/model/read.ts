import { CsvError, parse } from "csv-parse/sync";
import { decodeBytes, detectEncoding, type ImportEncoding } from "./encoding";
import { isOwnExportHeader } from "./own-export";

// Issue 26, step 2: a file's bytes → its encoding, delimiter, header and rows, each row with the
// line it starts on. Pure: the staging, the preview and the API (a later session) call this
// first, then applyMapping (mapping.ts). Decision 036.
//
// The CSV grammar is csv-parse's (RFC 4180: quoted cells, doubled quotes, line breaks inside
// quotes), with three allowances real files need: rows of different lengths (a short row is
// the mapping's error, with its line, not the file's), a quote inside an unquoted cell (an inch
// mark: `12" pizza`), and any of CRLF, LF or CR ending a line, even mixed in one file.

/** The largest file read: 5 MB (5 × 1024 × 1024 bytes). */
export const IMPORT_MAX_BYTES = 5 * 1024 * 1024;
/** The most data rows one import takes (the header line is not one). */
export const IMPORT_MAX_ROWS = 20_000;

export const IMPORT_DELIMITERS = [",", ";", "\t", "|"] as const;
export type ImportDelimiter = (typeof IMPORT_DELIMITERS)[number];

export function isImportDelimiter(value: unknown): value is ImportDelimiter {
  return (IMPORT_DELIMITERS as readonly unknown[]).includes(value);
}

/** A translatable message: a key under `import.` in app/locales and its placeholders' values. */
export type ImportMessage = { key: string; values?: Record<string, string | number> };

/**
 * A data row: its cells as the file has them (untrimmed), and `line`, the physical line of the
 * file where the record starts, counting from 1 with the header's line included, every line
 * break counted (blank lines, and line breaks inside quoted cells, too): what a text editor
 * shows beside it.
 */
export type FileRow = { line: number; cells: string[] };

export type ReadFile = {
  encoding: ImportEncoding;
  delimiter: ImportDelimiter;
  /** The first non-blank record's cells, trimmed. */
  header: string[];
  headerLine: number;
  /** Every non-blank record after the header, in file order. */
  rows: FileRow[];
  /** The header is one our own CSV export writes (own-export.ts): no mapping needed. */
  ownExport: boolean;
  /**
   * Where the parser had to stop (a quote opened and never closed): the rows before it are read,
   * the rest of the file is not, and the preview shows this at its line.
   */
  problem: (ImportMessage & { line: number }) | null;
};

export type ReadOptions = { encoding?: ImportEncoding; delimiter?: ImportDelimiter };

/** A file that cannot be read at all (too big, too many rows, empty) is refused whole. */
export type ReadOutcome = { ok: true; file: ReadFile } | { ok: false; error: ImportMessage };

/**
 * The one entry point of reading: detect (or take the user's choice of) the encoding and the
 * delimiter, parse, and number the lines. Never throws on a file's content.
 */
export function readImportFile(bytes: Uint8Array, options: ReadOptions = {}): ReadOutcome {
  if (bytes.length > IMPORT_MAX_BYTES) return { ok: false, error: { key: "import.file.tooLarge", values: { limit: "5 MB" } } };
  const encoding = options.encoding ?? detectEncoding(bytes).encoding;
  const text = decodeBytes(bytes, encoding);
  if (text.trim() === "") return { ok: false, error: { key: "import.file.empty" } };
  const delimiter = options.delimiter ?? detectDelimiter(text);
  const { records, problem } = parseRecords(text, delimiter);
  const [head, ...rest] = records.filter((record) => !isBlank(record.cells));
  if (!head) return { ok: false, error: problem ? { key: problem.key, values: problem.values } : { key: "import.file.empty" } };
  if (rest.length > IMPORT_MAX_ROWS) return { ok: false, error: { key: "import.file.tooManyRows", values: { limit: IMPORT_MAX_ROWS } } };
  if (rest.length === 0 && !problem) return { ok: false, error: { key: "import.file.noRows" } };
  const header = head.cells.map((cell) => cell.trim());
  return {
    ok: true,
    file: { encoding, delimiter, header, headerLine: head.line, rows: rest, ownExport: isOwnExportHeader(header), problem },
  };
}

function isBlank(cells: readonly string[]): boolean {
  return cells.every((cell) => cell.trim() === "");
}

type Parsed = { records: FileRow[]; problem: ReadFile["problem"] };

/**
 * The lines of `text` by the UTF-8 byte offset they start at (csv-parse counts a record's end in
 * bytes of UTF-8), and a way from an offset to its line: a record starts at the first byte after
 * the previous record's end that is not a line break (blank lines are skipped).
 */
function lineIndex(text: string) {
  const bytes = new TextEncoder().encode(text);
  const starts = [0];
  for (let i = 0; i < bytes.length; i++) {
    if (bytes[i] === 0x0d && bytes[i + 1] === 0x0a) starts.push(++i + 1);
    else if (bytes[i] === 0x0d || bytes[i] === 0x0a) starts.push(i + 1);
  }
  const lineOf = (offset: number) => {
    let at = offset;
    while (at < bytes.length && (bytes[at] === 0x0d || bytes[at] === 0x0a)) at++;
    let low = 0;
    let high = starts.length - 1;
    while (low < high) {
      const mid = (low + high + 1) >> 1;
      if (starts[mid]! <= at) low = mid;
      else high = mid - 1;
    }
    return low + 1;
  };
  return { lineOf, lineCount: starts.length };
}

/** Every record with the line it starts on; a parse error keeps the records before it. */
function parseRecords(text: string, delimiter: ImportDelimiter, toLine?: number): Parsed {
  const records: FileRow[] = [];
  const lines = lineIndex(text);
  let end = 0;
  try {
    parse(text, {
      delimiter,
      record_delimiter: ["\r\n", "\n", "\r"],
      relax_column_count: true,
      relax_quotes: true,
      skip_empty_lines: true,
      bom: false,
      ...(toLine ? { to_line: toLine } : {}),
      // info.bytes is the UTF-8 offset just past the record (its line break included).
      on_record: (cells: string[], info) => {
        records.push({ line: lines.lineOf(end), cells });
        end = info.bytes;
        return null;
      },
    });
    return { records, problem: null };
  } catch (error) {
    if (!(error instanceof CsvError)) throw error;
    const line = Math.min(lines.lineOf(end), lines.lineCount);
    const key = error.code === "CSV_QUOTE_NOT_CLOSED" ? "import.file.quoteNotClosed" : "import.file.unreadableFrom";
    return { records, problem: { key, values: { line }, line } };
  }
}

/** Lines read to guess the delimiter, from at most the file's first 64 KiB of text. */
const SAMPLE_LINES = 30;
const SAMPLE_CHARS = 64 * 1024;

/**
 * The delimiter that splits the first lines most consistently: the header must have at least
 * two cells with it, and the winner has the most sampled rows with as many cells as the header,
 * then the fewest cells holding a stray quote (a quoted cell split in two by the wrong
 * delimiter), then the most cells, then the order of IMPORT_DELIMITERS. Quotes are respected,
 * so a quoted "1,5" or a description with a comma does not vote. A file no candidate splits
 * (one column) is read with ",".
 */
export function detectDelimiter(text: string): ImportDelimiter {
  let best: { delimiter: ImportDelimiter; score: [number, number, number] } | null = null;
  for (const delimiter of IMPORT_DELIMITERS) {
    const rows = parseRecords(text.slice(0, SAMPLE_CHARS), delimiter, SAMPLE_LINES).records.filter((record) => !isBlank(record.cells));
    const width = rows[0]?.cells.length ?? 0;
    if (width < 2) continue;
    const consistent = rows.slice(1).filter((row) => row.cells.length === width).length;
    const strays = rows.reduce((n, row) => n + row.cells.filter((cell) => cell.includes('"')).length, 0);
    const score: [number, number, number] = [consistent, -strays, width];
    if (!best || isGreater(score, best.score)) best = { delimiter, score };
  }
  return best?.delimiter ?? ",";
}

function isGreater(a: readonly number[], b: readonly number[]): boolean {
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return a[i]! > b[i]!;
  return false;
}
