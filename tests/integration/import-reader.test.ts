import { expect, test } from "vitest";
import { IMPORT_ENCODINGS } from "~/features/import/model/encoding";
import { applyMapping } from "~/features/import/model/mapping";
import { readImportFile } from "~/features/import/model/read";

// Issue 26's reader inside workerd (decision 036): csv-parse 7.0.3 runs in the Worker (its sync
// build uses the global Buffer that nodejs_compat provides), and workerd's TextDecoder knows the
// four encodings the reader decodes with it.

const CONTEXT = { today: "2026-11-27", currencies: [{ code: "USD", decimals: 2 }, { code: "EUR", decimals: 2 }] };

test("csv-parse reads quoted cells, doubled quotes and line breaks inside quotes in workerd, with each record's line", () => {
  const outcome = readImportFile(new TextEncoder().encode('date,description,amount\r\n2026-03-01,"Dinner with\nfriends, ""La Piñata""",-45.00\r\n\r\n2026-03-02,Taxi,-12.00\r\n'));
  expect(outcome.ok && outcome.file.rows).toEqual([
    { line: 2, cells: ["2026-03-01", 'Dinner with\nfriends, "La Piñata"', "-45.00"] },
    { line: 5, cells: ["2026-03-02", "Taxi", "-12.00"] },
  ]);
  const mapping = {
    date: { column: 0, format: "yyyy-MM-dd" },
    description: 1,
    amount: { kind: "signed", column: 2, decimalSign: "." },
    type: { kind: "amount" },
    currency: { kind: "fixed", code: "USD" },
  } as const;
  expect(outcome.ok && applyMapping(outcome.file, mapping, CONTEXT).candidates.map((c) => c.payments[0]!.amountMinor)).toEqual([4500, 1200]);
});

test("UTF-16 LE with its mark and Windows-1252 are detected and decoded in workerd", () => {
  const text = "Fecha;Descripción\r\n01/03/2026;Comisión € “anual”\r\n";
  const utf16 = new Uint8Array(2 + text.length * 2);
  utf16.set([0xff, 0xfe]);
  for (let i = 0; i < text.length; i++) (utf16[2 + 2 * i] = text.charCodeAt(i) & 0xff), (utf16[3 + 2 * i] = text.charCodeAt(i) >> 8);
  const win1252 = new Uint8Array([...new TextEncoder().encode("Fecha;Descripci"), 0xf3, ...new TextEncoder().encode("n\r\n01/03/2026;Comisi"), 0xf3, 0x6e, 0x20, 0x80, 0x20, 0x93, 0x61, 0x6e, 0x75, 0x61, 0x6c, 0x94, 0x0d, 0x0a]);
  for (const [bytes, encoding] of [[utf16, "utf-16le"], [win1252, "windows-1252"]] as const) {
    const outcome = readImportFile(bytes);
    expect(outcome.ok && [outcome.file.encoding, outcome.file.delimiter, outcome.file.header, outcome.file.rows[0]!.cells]).toEqual([
      encoding,
      ";",
      ["Fecha", "Descripción"],
      ["01/03/2026", "Comisión € “anual”"],
    ]);
  }
});

test("workerd's TextDecoder knows every encoding the reader offers", () => {
  const known = (label: string) => {
    try {
      new TextDecoder(label);
      return true;
    } catch {
      return false;
    }
  };
  expect(IMPORT_ENCODINGS.filter((label) => !known(label))).toEqual([]);
  expect(new TextDecoder("utf-16be").decode(new Uint8Array([0x00, 0xf1, 0xd8, 0x3c, 0xdf, 0x5c]))).toBe("ñ🍜");
});
