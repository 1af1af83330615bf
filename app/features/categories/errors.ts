import { ApiError, refusalError, type Refusal } from "~/platform/http/envelope";
import type { CategoryRefusal } from "./commands.server";
import type { CategoryUsage } from "./model";

// A refused category write answers alike on both faces: the same status and message key, and
// on the same field when a field is to blame. Another user's category is "notFound", exactly
// like a missing one, so ids of other users' categories cannot be probed.

export const categoryRefusals: Record<CategoryRefusal, Refusal<"name" | "type" | "to">> = {
  notFound: { status: 404, message: "errors.notFound" },
  defaultReadOnly: { status: 403, message: "errors.defaultCategoryReadOnly" },
  duplicate: { status: 409, message: "errors.categoryExists", field: "name" },
  inUse: { status: 409, message: "errors.categoryInUse" },
  inUseByBudgets: { status: 409, message: "errors.categoryInUseByBudgets" },
  inUseBySchedules: { status: 409, message: "errors.categoryInUseBySchedules" },
  typeInUse: { status: 409, message: "errors.categoryTypeInUse", field: "type" },
  moveTargetInvalid: { status: 400, message: "validation.moveTargetInvalid", field: "to" },
};

/** What the web page says when a write fails unexpectedly (a 500). */
export const categoryFailures = {
  create: "errors.failedToCreateCategory",
  update: "errors.failedToUpdateCategory",
  delete: "errors.failedToDeleteCategory",
} as const;

/** The API's answer to a refusal; a delete refused because the category is in use says how many of each use it (details). */
export function categoryApiError(refusal: CategoryRefusal, usage?: CategoryUsage): ApiError {
  const error = refusalError(categoryRefusals[refusal]);
  return usage ? new ApiError(error.status, error.messageKey, { errors: error.errors, details: usage }) : error;
}
