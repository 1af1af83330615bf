import { expect, test } from "vitest";
import { decodeBytes, detectEncoding } from "./encoding";

const utf8 = (text: string) => new TextEncoder().encode(text);
const utf16 = (text: string, littleEndian: boolean) => {
  const bytes = new Uint8Array(2 + text.length * 2);
  bytes.set(littleEndian ? [0xff, 0xfe] : [0xfe, 0xff]);
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    bytes[2 + 2 * i] = littleEndian ? unit & 0xff : unit >> 8;
    bytes[3 + 2 * i] = littleEndian ? unit >> 8 : unit & 0xff;
  }
  return bytes;
};

test("UTF-8 with a byte-order mark is UTF-8, and the mark is not part of the text", () => {
  const bytes = new Uint8Array([0xef, 0xbb, 0xbf, ...utf8("Café;1")]);
  expect(detectEncoding(bytes)).toEqual({ encoding: "utf-8", bomLength: 3 });
  expect(decodeBytes(bytes, "utf-8")).toBe("Café;1");
});

test("valid UTF-8 without a mark is UTF-8", () => {
  expect(detectEncoding(utf8("Ñandú, 東京, 🍜")).encoding).toBe("utf-8");
  expect(decodeBytes(utf8("Ñandú, 東京, 🍜"), "utf-8")).toBe("Ñandú, 東京, 🍜");
  expect(detectEncoding(utf8("plain ascii")).encoding).toBe("utf-8");
});

test("UTF-16 with its mark, little- or big-endian, is read as such, emoji (surrogate pairs) included", () => {
  const text = "Date\tAmount\r\nÑandú 🍜\t-1,50";
  expect(detectEncoding(utf16(text, true)).encoding).toBe("utf-16le");
  expect(detectEncoding(utf16(text, false)).encoding).toBe("utf-16be");
  expect(decodeBytes(utf16(text, true), "utf-16le")).toBe(text);
  expect(decodeBytes(utf16(text, false), "utf-16be")).toBe(text);
});

test("bytes that are not valid UTF-8 are Windows-1252: accents, the euro sign and curly quotes", () => {
  const bytes = new Uint8Array([0x43, 0x61, 0x66, 0xe9, 0x20, 0x80, 0x20, 0x93, 0x6e, 0x69, 0xf1, 0x6f, 0x94]);
  expect(detectEncoding(bytes)).toEqual({ encoding: "windows-1252", bomLength: 0 });
  expect(decodeBytes(bytes, "windows-1252")).toBe("Café € “niño”");
});

test("Windows-1252's own characters in 0x80–0x9F, not Latin-1's controls", () => {
  expect(decodeBytes(new Uint8Array([0x80, 0x8a, 0x91, 0x92, 0x96, 0x97, 0x99, 0x9f]), "windows-1252")).toBe("€Š‘’–—™Ÿ");
});

test("the user's choice overrides detection: UTF-8 bytes read as Windows-1252 show its two-byte sequences", () => {
  expect(decodeBytes(utf8("é"), "windows-1252")).toBe("Ã©");
  // A mark of another encoding is not removed: it is text in the chosen one.
  expect(decodeBytes(new Uint8Array([0xff, 0xfe, 0x41]), "windows-1252")).toBe("ÿþA");
});
