import { z } from "zod";
import { CONTROL_CHARACTERS_MESSAGE, hasControlCharacters } from "~/text/plain-text";
import { CATEGORY_COLORS, CATEGORY_ICONS, CATEGORY_NAME_MAX, CATEGORY_TYPES, DEFAULT_CATEGORY_COLOR, DEFAULT_CATEGORY_ICON } from "./model";

const categoryHexes = CATEGORY_COLORS.map((c) => c.hex) as string[];

/** Input of the category form and of POST/PUT /api/categories. Messages are locale keys. */
export const categorySchema = z.object({
  name: z
    .string({ error: "validation.categoryNameRequired" })
    .trim()
    .min(1, "validation.categoryNameRequired")
    .max(CATEGORY_NAME_MAX, "validation.tooLong")
    .refine((name) => !hasControlCharacters(name), CONTROL_CHARACTERS_MESSAGE),
  type: z.enum(CATEGORY_TYPES, { error: "validation.categoryTypeInvalid" }).default("expense"),
  color: z
    .string({ error: "validation.colorInvalid" })
    .trim()
    .toUpperCase()
    .refine((hex) => categoryHexes.includes(hex), "validation.colorInvalid")
    .meta({ description: `Hex colour, one of: ${categoryHexes.join(", ")}` })
    .default(DEFAULT_CATEGORY_COLOR),
  icon: z.enum(CATEGORY_ICONS, { error: "validation.iconInvalid" }).default(DEFAULT_CATEGORY_ICON),
});
export type CategoryInput = z.output<typeof categorySchema>;
