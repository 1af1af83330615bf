import { parseAmount } from "~/money/amounts";
import type { ImportMessage } from "./read";

// Issue 26, step 3: an amount cell as banks and apps write it → a sign and integer minor units,
// through the money kernel's parseAmount (never a float). Decision 036.
//
// The mapping says which sign separates the decimals ("," or "."); every other of . , space,
// no-break space and ' may group thousands, in groups of three ("1.234,56", "1,234.56",
// "1 234,56", "1'234.56"), one grouping sign per cell. Negative: "-12.50", "12.50-", "(12.50)"
// (and the Unicode minus). A currency sign or a three-letter code on either side ("$ 12.50",
// "-€12,50", "12.50 USD", "R$ 12,50") is ignored: the currency comes from the mapping.

export type DecimalSign = "." | ",";

const GROUP_SIGNS = [".", ",", " ", "\u00a0", "\u202f", "'"];
const MINUS = /^[-\u2212]$/;
// Around the number: spaces, currency signs, a letter prefix of a sign ("R$", "US$"), a code.
const EDGE = /^(?:\s+|[A-Za-z]{0,3}\p{Sc}|[A-Z]{3}(?![A-Za-z]))/u;
const EDGE_END = /(?:\s+|[A-Za-z]{0,3}\p{Sc}|(?<![A-Za-z])[A-Z]{3})$/u;

/** A cell's number as a sign and a plain decimal ("1234.56"), or null when it is not one. */
export function readSignedDecimal(cell: string, decimalSign: DecimalSign): { negative: boolean; decimal: string } | null {
  let text = cell.trim();
  let negative = false;
  let signs = 0;
  let parens = false;
  // Peel what surrounds the digits, from both ends, until only digits and separators are left.
  while (text !== "") {
    const head = EDGE.exec(text)?.[0];
    const tail = head ? undefined : EDGE_END.exec(text)?.[0];
    if (head) text = text.slice(head.length);
    else if (tail) text = text.slice(0, text.length - tail.length);
    else if (text.startsWith("(") && text.endsWith(")")) (text = text.slice(1, -1)), (parens = true);
    else if (MINUS.test(text[0]!)) (text = text.slice(1)), (negative = true), signs++;
    else if (MINUS.test(text.at(-1)!)) (text = text.slice(0, -1)), (negative = true), signs++;
    else if (text[0] === "+") (text = text.slice(1)), signs++;
    else break;
  }
  if (signs > 1 || (parens && signs > 0)) return null;
  const decimal = plainDecimal(text, decimalSign);
  return decimal === null ? null : { negative: negative || parens, decimal };
}

function plainDecimal(text: string, decimalSign: DecimalSign): string | null {
  if (!/^\d/.test(text) && !(text.startsWith(decimalSign) && /^\d$/.test(text[1] ?? ""))) return null;
  const at = text.lastIndexOf(decimalSign);
  const whole = at === -1 ? text : text.slice(0, at);
  const fraction = at === -1 ? "" : text.slice(at + 1);
  if (!/^\d*$/.test(fraction) || (at !== -1 && fraction === "")) return null;
  const groupSigns = new Set([...whole].filter((ch) => !/\d/.test(ch)));
  if (groupSigns.size > 1) return null;
  const [group] = [...groupSigns];
  if (group !== undefined) {
    if (!GROUP_SIGNS.includes(group) || group === decimalSign) return null;
    const groups = whole.split(group);
    if (!/^\d{1,3}$/.test(groups[0]!) || groups.slice(1).some((g) => !/^\d{3}$/.test(g))) return null;
  }
  const digits = (group === undefined ? whole : whole.split(group).join("")) || "0";
  return fraction ? `${digits}.${fraction}` : digits;
}

export type AmountReading = { ok: true; negative: boolean; minor: number } | { ok: false; error: ImportMessage };

/**
 * An amount cell → its sign and minor units in a currency of `decimals` places, or the row's
 * error: empty, unreadable, zero, more decimals than the currency has, or more than twelve whole
 * digits (the money kernel's MAX_AMOUNT_WHOLE_DIGITS).
 */
export function readAmountCell(cell: string, decimalSign: DecimalSign, currency: { code: string; decimals: number }): AmountReading {
  const value = cell.trim();
  if (value === "") return { ok: false, error: { key: "import.row.amountRequired" } };
  const signed = readSignedDecimal(value, decimalSign);
  if (!signed) return { ok: false, error: { key: "import.row.amountInvalid", values: { value } } };
  const parsed = parseAmount(signed.decimal, currency.decimals);
  if (parsed.ok) return { ok: true, negative: signed.negative, minor: parsed.minor };
  switch (parsed.error) {
    case "notPositive":
      return { ok: false, error: { key: "import.row.amountZero" } };
    case "tooManyDecimals":
      return { ok: false, error: { key: "import.row.amountTooManyDecimals", values: { value, currency: currency.code, decimals: currency.decimals } } };
    case "tooLarge":
      return { ok: false, error: { key: "import.row.amountTooLarge", values: { value } } };
    default:
      return { ok: false, error: { key: "import.row.amountInvalid", values: { value } } };
  }
}

/**
 * The decimal sign a column's values are written with, when they say: a "," or "." followed by
 * one, two or more than three digits at the end, or the last of two different signs, decides
 * ("1.234,56" → ","; "12,5" → ","; "1,234.56" → "."). Values that only ever show one sign before
 * exactly three digits ("1,234") say nothing; null then, and the user chooses.
 */
export function guessDecimalSign(values: readonly string[]): DecimalSign | null {
  const votes = { ".": 0, ",": 0 };
  for (const value of values) {
    const text = value.replace(/[^\d.,]/g, "");
    const last = Math.max(text.lastIndexOf("."), text.lastIndexOf(","));
    if (last === -1) continue;
    const sign = text[last] as DecimalSign;
    const other: DecimalSign = sign === "." ? "," : ".";
    const tail = text.length - last - 1;
    if (text.slice(0, last).includes(other) || tail !== 3 || text.split(sign).length > 2) {
      if (text.split(sign).length > 2) votes[other]++;
      else votes[sign]++;
    }
  }
  if (votes["."] === votes[","]) return null;
  return votes["."] > votes[","] ? "." : ",";
}
