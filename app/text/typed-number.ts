import { readLocaleDecimal, type AmountError } from "~/money/amounts";
import { messageWithValues } from "./message";

// A web form's amount or rate field as the user's language writes numbers (readLocaleDecimal):
// the plain decimal the parsers take, or the message for an entry that reads two ways. The
// transaction form and the admin's manual-rate form share them; the JSON API does not.

/** A typed amount or rate as the parsers take it ("1.234,50" → "1234.50"); "" for an ambiguous entry. */
export function typedDecimal(text: unknown, locale: string): string {
  if (typeof text === "number") return String(text);
  if (typeof text !== "string") return "";
  const reading = readLocaleDecimal(text, locale);
  return reading.ok ? reading.decimal : "";
}

/** The error for an entry that reads two ways ("1.234"), showing both readings; null otherwise. */
export function ambiguousNumberMessage(text: unknown, locale: string): string | null {
  if (typeof text !== "string") return null;
  const reading = readLocaleDecimal(text, locale);
  if (reading.ok) return null;
  return messageWithValues("validation.numberAmbiguous", { input: text.trim(), whole: reading.asWhole, fraction: reading.asFraction });
}

/**
 * The message for an amount parseAmount refused (a locale key). Forms word two cases their own
 * way: an empty field (`required`: "Please fill in all required fields" on budgets and goals,
 * "Amount must be a positive number" on a transaction) and an amount that is not positive
 * (`notPositive`: a payment's or a saved amount's wording).
 */
export function amountMessage(error: AmountError, wording: { required: string; notPositive: string }): string {
  switch (error) {
    case "required":
      return wording.required;
    case "grouping":
      return "validation.amountGrouping";
    case "tooManyDecimals":
      return "validation.amountTooManyDecimals";
    case "tooLarge":
      return "validation.amountTooLarge";
    case "invalid":
    case "notPositive":
      return wording.notPositive;
  }
}
