import { z } from "zod";
import type { CategoryError } from "~/features/categories/commands.server";
import { CATEGORY_TYPES } from "~/features/categories/model";
import { ApiError, apiErrors } from "~/platform/http/envelope";

/** A category as the API shows it (spec section 3). Defaults are shared by everyone and read-only. */
export const apiCategorySchema = z
  .object({
    id: z.string(),
    name: z.string(),
    icon: z.string().meta({ description: "One of the 14 icon names, e.g. ShoppingCart" }),
    color: z.string().meta({ description: "Upper-case hex, one of the 17 offered colours, e.g. #3B82F6" }),
    type: z.enum(CATEGORY_TYPES),
    isDefault: z.boolean().meta({ description: "A shared default category: cannot be edited or deleted" }),
    createdAt: z.string().meta({ description: "ISO 8601 timestamp", format: "date-time" }),
  })
  .meta({ title: "Category" });

export type ApiCategory = z.infer<typeof apiCategorySchema>;

export function toApiCategory(category: {
  id: string;
  name: string;
  icon: string;
  color: string;
  type: "expense" | "income";
  isDefault: boolean;
  createdAt: Date;
}): ApiCategory {
  return {
    id: category.id,
    name: category.name,
    icon: category.icon,
    color: category.color,
    type: category.type,
    isDefault: category.isDefault,
    createdAt: category.createdAt.toISOString(),
  };
}

/**
 * A refused category write as the API answers it. Another user's category is "notFound",
 * exactly like a missing one, so ids of other users' categories cannot be probed.
 */
export function categoryApiError(error: CategoryError): ApiError {
  switch (error) {
    case "notFound":
      return apiErrors.notFound();
    case "defaultReadOnly":
      return new ApiError(403, "errors.defaultCategoryReadOnly");
    case "duplicate":
      return apiErrors.conflict("errors.categoryExists", { name: ["errors.categoryExists"] });
    case "inUse":
      return apiErrors.conflict("errors.categoryInUse");
    case "inUseByBudgets":
      return apiErrors.conflict("errors.categoryInUseByBudgets");
    case "typeInUse":
      return apiErrors.conflict("errors.categoryTypeInUse", { type: ["errors.categoryTypeInUse"] });
  }
}
