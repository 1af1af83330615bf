import { z } from "zod";
import type { TagError } from "~/features/tags/commands.server";
import { ApiError, apiErrors } from "~/platform/http/envelope";

/** A tag as the API shows it (spec section 3). */
export const apiTagSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    color: z.string().meta({ description: "Upper-case hex, one of the 10 palette colours, e.g. #3B82F6" }),
    description: z.string().nullable().meta({ description: "null when the tag has none" }),
    createdAt: z.string().meta({ description: "ISO 8601 timestamp", format: "date-time" }),
    usageCount: z
      .number()
      .int()
      .optional()
      .meta({ description: "How many of the user's transactions carry the tag; in the list only" }),
  })
  .meta({ title: "Tag" });

export type ApiTag = z.infer<typeof apiTagSchema>;

export function toApiTag(tag: {
  id: string;
  name: string;
  color: string;
  description: string | null;
  createdAt: Date;
  usageCount?: number;
}): ApiTag {
  return {
    id: tag.id,
    name: tag.name,
    color: tag.color,
    description: tag.description ?? null,
    createdAt: tag.createdAt.toISOString(),
    ...(tag.usageCount === undefined ? {} : { usageCount: tag.usageCount }),
  };
}

/** A transaction as the tag usage call lists it. */
export const apiTagUsageTransactionSchema = z
  .object({
    id: z.string(),
    description: z.string(),
    date: z.string().meta({ description: "yyyy-MM-dd" }),
    type: z.enum(["INCOME", "EXPENSE"]),
    usdCents: z.number().int().meta({ description: "The amount in US cents" }),
  })
  .meta({ title: "TagUsageTransaction" });

/** A refused tag write as the API answers it; another user's tag is "notFound", exactly like a missing one. */
export function tagApiError(error: TagError): ApiError {
  switch (error) {
    case "notFound":
      return apiErrors.notFound();
    case "duplicate":
      return apiErrors.conflict("errors.tagExists", { name: ["errors.tagExists"] });
  }
}
