import { categoryApiError, toApiCategory } from "~/features/categories/api-json";
import { apiRoute, endpoint } from "~/platform/http/handler.server";
import { deleteCategoryOperation, updateCategoryOperation } from "~/features/categories/api";
import { deleteCategory, updateCategory } from "~/features/categories/commands.server";
import { dbContext } from "~/context.server";

// Named exports, not a destructuring: React Router's build must see `loader` and `action` by name.
const route = apiRoute([
  endpoint(updateCategoryOperation, async ({ context, params, auth, body }) => {
    const outcome = await updateCategory(context.get(dbContext), auth.user.id, params.id ?? "", body);
    if (!outcome.ok) throw categoryApiError(outcome.error);
    return { category: toApiCategory(outcome.category) };
  }),
  endpoint(deleteCategoryOperation, async ({ context, params, auth, t }) => {
    const outcome = await deleteCategory(context.get(dbContext), auth.user.id, params.id ?? "");
    if (!outcome.ok) throw categoryApiError(outcome.error);
    return { id: outcome.category.id, message: t("categories.saved.deleted") };
  }),
]);

export const loader = route.loader;
export const action = route.action;
