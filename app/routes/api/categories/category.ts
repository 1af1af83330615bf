import { deleteCategoryOperation, toApiCategory, updateCategoryOperation } from "~/features/categories/api";
import { deleteCategory, updateCategory } from "~/features/categories/commands.server";
import { categoryApiError } from "~/features/categories/errors";
import { apiRoute, endpoint } from "~/platform/http/handler.server";
import { dbContext } from "~/context.server";

// Named exports, not a destructuring: React Router's build must see `loader` and `action` by name.
const route = apiRoute([
  endpoint(updateCategoryOperation, async ({ context, params, actor, body }) => {
    const outcome = await updateCategory(context.get(dbContext), actor, { ...body, id: params.id ?? "" });
    if (outcome.kind !== "ok") throw categoryApiError(outcome.kind);
    return { category: toApiCategory(outcome.category) };
  }),
  endpoint(deleteCategoryOperation, async ({ context, params, actor, t }) => {
    const outcome = await deleteCategory(context.get(dbContext), actor, { id: params.id ?? "" });
    if (outcome.kind !== "ok") throw categoryApiError(outcome.kind, "usage" in outcome ? outcome.usage : undefined);
    return { id: outcome.category.id, message: t("categories.saved.deleted") };
  }),
]);

export const loader = route.loader;
export const action = route.action;
