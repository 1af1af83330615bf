import { z } from "zod";
import { CONTROL_CHARACTERS_MESSAGE, hasControlCharacters, hasInvisibleControlCharacters } from "~/text/plain-text";
import { DEFAULT_TAG_COLOR, TAG_COLORS, TAG_DESCRIPTION_MAX, TAG_NAME_MAX } from "./model";

const tagHexes = TAG_COLORS.map((c) => c.hex) as string[];

/** Input of the tag form and of POST/PUT /api/tags. Messages are locale keys. */
export const tagSchema = z.object({
  name: z
    .string({ error: "validation.tagNameRequired" })
    .trim()
    .min(1, "validation.tagNameRequired")
    .max(TAG_NAME_MAX, "validation.tooLong")
    .refine((name) => !hasControlCharacters(name), CONTROL_CHARACTERS_MESSAGE),
  // Trimmed, and omitted when empty (spec section 5).
  description: z
    .string({ error: "errors.invalidValue" })
    .trim()
    .max(TAG_DESCRIPTION_MAX, "validation.tooLong")
    .refine((description) => !hasInvisibleControlCharacters(description), CONTROL_CHARACTERS_MESSAGE)
    .nullish()
    .transform((d) => (d ? d : undefined)),
  color: z
    .string({ error: "validation.colorInvalid" })
    .trim()
    .toUpperCase()
    .refine((hex) => tagHexes.includes(hex), "validation.colorInvalid")
    .meta({ description: `Hex colour, one of: ${tagHexes.join(", ")}` })
    .default(DEFAULT_TAG_COLOR),
});
export type TagInput = z.output<typeof tagSchema>;
