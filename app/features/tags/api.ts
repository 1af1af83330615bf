import { z } from "zod";
import { tagSchema } from "~/features/tags/schemas";
import { TRANSACTION_TYPES } from "~/features/transactions/model/transaction";
import { defineOperation, deletedResult, listedTwiceSchema } from "~/platform/http/operation";

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
    type: z.enum(TRANSACTION_TYPES),
    usdCents: z.number().int().meta({ description: "The amount in US cents" }),
  })
  .meta({ title: "TagUsageTransaction" });

const tagResult = z.object({ tag: apiTagSchema });

export const deletedTagSchema = deletedResult("tag", "Tag deleted successfully!");

export const listTagsOperation = defineOperation({
  operationId: "listTags",
  method: "GET",
  path: "/api/tags",
  summary: "The user's tags by name, each with its usage count",
  description: "The list is at data.tags and, where the spec's client may also read it, at data.data.tags.",
  tag: "tags",
  access: "user",
  response: listedTwiceSchema("tags", apiTagSchema),
});

export const createTagOperation = defineOperation({
  operationId: "createTag",
  method: "POST",
  path: "/api/tags",
  summary: "Create a tag",
  description:
    "color defaults to #3B82F6; the description is trimmed and dropped when empty. " +
    "A name is unique among the user's tags, case-insensitively (409).",
  tag: "tags",
  access: "user",
  body: tagSchema,
  response: tagResult,
  successStatus: 201,
  errorStatuses: [409],
});

export const updateTagOperation = defineOperation({
  operationId: "updateTag",
  method: "PUT",
  path: "/api/tags/{id}",
  summary: "Replace a tag's name, colour and description",
  description:
    "The body is the same as for create; an omitted description clears it. Renaming onto another of the user's tags " +
    "(in any letter case) answers 409; another user's tag answers 404, like a missing one.",
  tag: "tags",
  access: "user",
  params: { id: "The tag's id" },
  body: tagSchema,
  response: tagResult,
  errorStatuses: [404, 409],
});

export const deleteTagOperation = defineOperation({
  operationId: "deleteTag",
  method: "DELETE",
  path: "/api/tags/{id}",
  summary: "Delete a tag",
  description: "The tag is removed from the transactions that carry it; the transactions stay.",
  tag: "tags",
  access: "user",
  params: { id: "The tag's id" },
  response: deletedTagSchema,
  errorStatuses: [404],
});

export const tagUsageOperation = defineOperation({
  operationId: "tagUsage",
  method: "GET",
  path: "/api/tags/{id}/usage",
  summary: "How many of the user's transactions carry the tag, and the latest of them",
  description: "count is the total; transactions lists the latest of them (at most 50), newest date first.",
  tag: "tags",
  access: "user",
  params: { id: "The tag's id" },
  response: z.object({
    count: z.number().int(),
    transactions: z.array(apiTagUsageTransactionSchema),
  }),
  errorStatuses: [404],
});

export const restoreTagOperation = defineOperation({
  operationId: "restoreTag",
  method: "POST",
  path: "/api/tags/{id}/restore",
  summary: "Undo the delete of a tag",
  description:
    "Undo of a delete within 24 hours of it (decision 035): the tag comes back exactly as it was, with the same id, on the transactions that carried it (those not deleted since). " +
    "Never deleted, already restored, deleted more than 24 hours ago, or another user's: 404, and nothing changes. " +
    "Refused with 409, changing nothing, when it cannot come back exactly: a tag of the same name exists again.",
  tag: "tags",
  access: "user",
  params: { id: "The tag's id" },
  response: tagResult,
  errorStatuses: [404, 409],
});

export const tagOperations = [listTagsOperation, createTagOperation, updateTagOperation, deleteTagOperation, restoreTagOperation, tagUsageOperation];
