import { z } from "zod";
import { IMPORT_ENCODINGS } from "./model/encoding";
import { DATE_FORMATS } from "./model/dates";
import type { ImportMapping } from "./model/mapping";
import { IMPORT_DELIMITERS } from "./model/read";

// Issue 26: the shapes a client sends for reading a file (the API's multipart `mapping` JSON,
// PUT /api/imports/{id}, the mapping form, a saved mapping read back). Messages are locale keys.
// Whether a column exists in the file is the reader's check (applyMapping's mappingErrors),
// since only it knows the header.

const INVALID = "import.mapping.invalid";

const column = z.number({ error: INVALID }).int(INVALID).min(0, INVALID).max(999, INVALID);
const optionalColumn = column.nullish().transform((index) => index ?? null);
const decimalSign = z.enum([".", ","], { error: "import.mapping.decimalSign" });
const typeValues = z.array(z.string({ error: INVALID }).trim().min(1, INVALID).max(100, INVALID)).max(20, INVALID);

export const importMappingSchema = z.object({
  date: z.object({ column, format: z.enum(DATE_FORMATS, { error: "import.mapping.dateFormat" }) }),
  description: column,
  amount: z.discriminatedUnion(
    "kind",
    [z.object({ kind: z.literal("signed"), column, decimalSign }), z.object({ kind: z.literal("debitCredit"), debit: column, credit: column, decimalSign })],
    { error: INVALID },
  ),
  type: z.discriminatedUnion("kind", [z.object({ kind: z.literal("amount") }), z.object({ kind: z.literal("column"), column, income: typeValues, expense: typeValues })], {
    error: INVALID,
  }),
  currency: z.discriminatedUnion(
    "kind",
    [
      z.object({ kind: z.literal("fixed"), code: z.string({ error: INVALID }).trim().toUpperCase().regex(/^[A-Z]{3}$/, INVALID) }),
      z.object({ kind: z.literal("column"), column }),
    ],
    { error: INVALID },
  ),
  category: optionalColumn,
  tags: optionalColumn,
  rate: optionalColumn,
}) satisfies z.ZodType<ImportMapping, unknown>;

/** The reader's overrides: absent means detect. */
export const readOptionsSchema = z.object({
  encoding: z.enum(IMPORT_ENCODINGS, { error: INVALID }).optional(),
  delimiter: z.enum(IMPORT_DELIMITERS, { error: INVALID }).optional(),
});
