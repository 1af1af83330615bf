import { refusalError, type ApiError, type Refusal } from "~/platform/http/envelope";
import type { TagRefusal } from "./commands.server";

// A refused tag write answers alike on both faces: the same status and message key, and on the
// name field when the name is to blame. Another user's tag is "notFound", exactly like a missing one.

export const tagRefusals: Record<TagRefusal, Refusal<"name">> = {
  notFound: { status: 404, message: "errors.notFound" },
  duplicate: { status: 409, message: "errors.tagExists", field: "name" },
};

/** What the web page says when a write fails unexpectedly (a 500). */
export const tagFailures = {
  create: "errors.failedToCreateTag",
  update: "errors.failedToUpdateTag",
  delete: "errors.failedToDeleteTag",
} as const;

export function tagApiError(refusal: TagRefusal): ApiError {
  return refusalError(tagRefusals[refusal]);
}
