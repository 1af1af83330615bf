import { z } from "zod";
import { SEARCH_MAX } from "~/text/search-text";

/** A search parameter of the API: trimmed, at most SEARCH_MAX characters (the message says the limit). */
export const searchParamSchema = z.string().trim().max(SEARCH_MAX, "api.searchTooLong");

/**
 * A whole-number query parameter (page, limit) written as plain digits. z.coerce.number() reads
 * anything Number() reads, so "1e3" was page 1000 and "0x10" a limit of 16; those are refused
 * with the parameter's message. The JSON Schema is stated by hand because the check before
 * coercion hides the bounds from the OpenAPI generator.
 */
export function wholeNumberParam(options: { min: number; max: number; default: number; message: string; description: string }) {
  const { min, max, message, description } = options;
  const plainDigits = (value: unknown) => (typeof value === "string" && !/^\s*\d{1,9}\s*$/.test(value) ? Number.NaN : value);
  return z
    .preprocess(plainDigits, z.coerce.number({ error: message }).int(message).min(min, message).max(max, message).default(options.default))
    .meta({ type: "integer", minimum: min, maximum: max, default: options.default, description });
}
