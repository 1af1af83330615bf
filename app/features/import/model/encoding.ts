// Issue 26, reading a file: which encoding its bytes are in, and its text. Decision 036.
//
// Detection, in order: a byte-order mark (UTF-8 EF BB BF, UTF-16 LE FF FE, UTF-16 BE FE FF);
// else bytes that are valid UTF-8 are UTF-8; else Windows-1252, which every byte sequence is
// (what a bank's "ANSI" export on a Spanish or English Windows is). Latin-1 is not offered on
// its own: WHATWG decoders read the label as Windows-1252 anyway.
//
// Decoding is TextDecoder's, with the WHATWG labels: Node 24 (full ICU) and workerd know all four
// (tests/integration/import-reader.test.ts asserts it in workerd). The byte-order mark is cut
// here, and ignoreBOM keeps the decoder from cutting a second one that is text.

export const IMPORT_ENCODINGS = ["utf-8", "utf-16le", "utf-16be", "windows-1252"] as const;
export type ImportEncoding = (typeof IMPORT_ENCODINGS)[number];

export function isImportEncoding(value: unknown): value is ImportEncoding {
  return (IMPORT_ENCODINGS as readonly unknown[]).includes(value);
}

/** The encoding of `bytes` and how many leading bytes are its byte-order mark. */
export function detectEncoding(bytes: Uint8Array): { encoding: ImportEncoding; bomLength: number } {
  return byteOrderMark(bytes) ?? { encoding: isValidUtf8(bytes) ? "utf-8" : "windows-1252", bomLength: 0 };
}

function byteOrderMark(bytes: Uint8Array): { encoding: ImportEncoding; bomLength: number } | null {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return { encoding: "utf-8", bomLength: 3 };
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return { encoding: "utf-16le", bomLength: 2 };
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return { encoding: "utf-16be", bomLength: 2 };
  return null;
}

/**
 * The text of `bytes` in `encoding` (the detected one, or the user's choice), without its
 * byte-order mark when it has the one of that encoding.
 */
export function decodeBytes(bytes: Uint8Array, encoding: ImportEncoding): string {
  return new TextDecoder(encoding, { ignoreBOM: true }).decode(bytes.subarray(bomLengthFor(bytes, encoding)));
}

function bomLengthFor(bytes: Uint8Array, encoding: ImportEncoding): number {
  const mark = byteOrderMark(bytes);
  return mark?.encoding === encoding ? mark.bomLength : 0;
}

function isValidUtf8(bytes: Uint8Array): boolean {
  try {
    new TextDecoder("utf-8", { fatal: true }).decode(bytes);
    return true;
  } catch {
    return false;
  }
}
