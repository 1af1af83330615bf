import { z } from "zod";
import { categorySchema } from "~/features/categories/schemas";
import { CATEGORY_TYPES } from "~/features/categories/model";
import { defineOperation, deletedResult } from "~/platform/http/operation";

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

const categoryResult = z.object({ category: apiCategorySchema });

export const deletedCategorySchema = deletedResult("category", "Category deleted successfully!");

export const listCategoriesOperation = defineOperation({
  operationId: "listCategories",
  method: "GET",
  path: "/api/categories",
  summary: "The user's categories and the shared default ones",
  description: "Defaults first (isDefault true, read-only), then the user's own; each group by type, then name.",
  tag: "categories",
  access: "user",
  response: z.object({ categories: z.array(apiCategorySchema) }),
});

export const createCategoryOperation = defineOperation({
  operationId: "createCategory",
  method: "POST",
  path: "/api/categories",
  summary: "Create a category",
  description:
    "type defaults to expense, icon to ShoppingCart, color to #3B82F6. A name is unique per type, case-insensitively, " +
    "among the user's categories and the defaults (409); a default's name in any language of the app, compared without " +
    "accents, case or extra spaces, is taken too (\"Educacion\" beside the default Education / Educación).",
  tag: "categories",
  access: "user",
  body: categorySchema,
  response: categoryResult,
  successStatus: 201,
  errorStatuses: [409],
});

export const updateCategoryOperation = defineOperation({
  operationId: "updateCategory",
  method: "PUT",
  path: "/api/categories/{id}",
  summary: "Replace a category's name, type, colour and icon",
  description:
    "The body is the same as for create, omitted fields take their defaults. Default categories answer 403; " +
    "another user's category answers 404, like a missing one.",
  tag: "categories",
  access: "user",
  params: { id: "The category's id" },
  body: categorySchema,
  response: categoryResult,
  errorStatuses: [403, 404, 409],
});

export const deleteCategoryOperation = defineOperation({
  operationId: "deleteCategory",
  method: "DELETE",
  path: "/api/categories/{id}",
  summary: "Delete a category",
  description:
    "Refused with 409 while any transaction, budget or recurring schedule uses the category; the error's details give how many of each " +
    "(details: { transactions, budgets, schedules }). Default categories answer 403; " +
    "another user's category answers 404, like a missing one.",
  tag: "categories",
  access: "user",
  params: { id: "The category's id" },
  response: deletedCategorySchema,
  errorStatuses: [403, 404, 409],
});

export const restoreCategoryOperation = defineOperation({
  operationId: "restoreCategory",
  method: "POST",
  path: "/api/categories/{id}/restore",
  summary: "Undo the delete of a category",
  description:
    "Undo of a delete within 24 hours of it (decision 035): the category comes back exactly as it was, with the same id, name, type, colour and icon. " +
    "Never deleted, already restored, deleted more than 24 hours ago, or another user's: 404, and nothing changes. " +
    "Refused with 409, changing nothing, when it cannot come back exactly: a category of the same name and type exists again. " +
    "A category deleted by moving what used it elsewhere (the web page's move-then-delete) comes back with the transactions, schedules and budgets that moved and are still in the other category; merged budgets give back exactly what was added. " +
    "409 when a budget they were merged into has been lowered since below what the merge added.",
  tag: "categories",
  access: "user",
  params: { id: "The category's id" },
  response: categoryResult,
  errorStatuses: [404, 409],
});

export const categoryOperations = [
  listCategoriesOperation,
  createCategoryOperation,
  updateCategoryOperation,
  deleteCategoryOperation,
  restoreCategoryOperation,
];
