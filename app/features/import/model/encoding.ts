// Issue 26, reading a file: which encoding its bytes are in, and its text. Decision 036.
//
// Detection, in order: a byte-order mark (UTF-8 EF BB BF, UTF-16 LE FF FE, UTF-16 BE FE FF);
// else bytes that are valid UTF-8 are UTF-8; else Windows-1252, which every byte sequence is
// (what a bank's "ANSI" export on a Spanish or English Windows is). Latin-1 is not offered on
// its own: WHATWG decoders read the label as Windows-1252 anyway.
//
// UTF-8 goes through TextDecoder (every runtime has it, and `fatal` tells valid from not). UTF-16
// and Windows-1252 are decoded here, the same in Node and workerd whatever labels the runtime's
// TextDecoder knows: UTF-16 is the code units as they are (a lone surrogate stays one, as
// TextDecoder would write U+FFFD: the CSV parser reads it as text either way), Windows-1252 is
// Latin-1 plus a fixed table for 0x80–0x9F.

export const IMPORT_ENCODINGS = ["utf-8", "utf-16le", "utf-16be", "windows-1252"] as const;
export type ImportEncoding = (typeof IMPORT_ENCODINGS)[number];

export function isImportEncoding(value: unknown): value is ImportEncoding {
  return (IMPORT_ENCODINGS as readonly unknown[]).includes(value);
}

/** The encoding of `bytes` and how many leading bytes are its byte-order mark. */
export function detectEncoding(bytes: Uint8Array): { encoding: ImportEncoding; bomLength: number } {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return { encoding: "utf-8", bomLength: 3 };
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return { encoding: "utf-16le", bomLength: 2 };
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return { encoding: "utf-16be", bomLength: 2 };
  return { encoding: isValidUtf8(bytes) ? "utf-8" : "windows-1252", bomLength: 0 };
}

/**
 * The text of `bytes` in `encoding` (the detected one, or the user's choice), without its
 * byte-order mark when it has the one of that encoding.
 */
export function decodeBytes(bytes: Uint8Array, encoding: ImportEncoding): string {
  const bom = bomLengthFor(bytes, encoding);
  const body = bytes.subarray(bom);
  switch (encoding) {
    case "utf-8":
      return new TextDecoder("utf-8", { ignoreBOM: true }).decode(body);
    case "utf-16le":
      return decodeUtf16(body, true);
    case "utf-16be":
      return decodeUtf16(body, false);
    case "windows-1252":
      return decodeWindows1252(body);
  }
}

function bomLengthFor(bytes: Uint8Array, encoding: ImportEncoding): number {
  const detected = detectEncoding(bytes);
  return detected.encoding === encoding ? detected.bomLength : 0;
}

function isValidUtf8(bytes: Uint8Array): boolean {
  try {
    new TextDecoder("utf-8", { fatal: true }).decode(bytes);
    return true;
  } catch {
    return false;
  }
}

/** Code units two bytes each; an odd last byte is dropped, as it can be no character. */
function decodeUtf16(bytes: Uint8Array, littleEndian: boolean): string {
  const units = Math.floor(bytes.length / 2);
  let text = "";
  const chunk: number[] = [];
  for (let i = 0; i < units; i++) {
    const a = bytes[2 * i]!;
    const b = bytes[2 * i + 1]!;
    chunk.push(littleEndian ? a | (b << 8) : (a << 8) | b);
    // fromCharCode takes its arguments on the stack: a few thousand at a time.
    if (chunk.length === 4096) text += String.fromCharCode(...chunk.splice(0));
  }
  return text + String.fromCharCode(...chunk);
}

/**
 * Windows-1252's 0x80–0x9F (WHATWG's table: the five bytes it leaves undefined map to the C1
 * control of the same number, as Latin-1 does). Every other byte is its own code point.
 */
const WINDOWS_1252_HIGH = [
  0x20ac, 0x81, 0x201a, 0x192, 0x201e, 0x2026, 0x2020, 0x2021, 0x2c6, 0x2030, 0x160, 0x2039, 0x152, 0x8d, 0x17d, 0x8f,
  0x90, 0x2018, 0x2019, 0x201c, 0x201d, 0x2022, 0x2013, 0x2014, 0x2dc, 0x2122, 0x161, 0x203a, 0x153, 0x9d, 0x17e, 0x178,
];

function decodeWindows1252(bytes: Uint8Array): string {
  let text = "";
  const chunk: number[] = [];
  for (const byte of bytes) {
    chunk.push(byte >= 0x80 && byte <= 0x9f ? WINDOWS_1252_HIGH[byte - 0x80]! : byte);
    if (chunk.length === 4096) text += String.fromCharCode(...chunk.splice(0));
  }
  return text + String.fromCharCode(...chunk);
}
