import { categoryApiError, toApiCategory } from "~/features/categories/api-json";
import { apiRoute, endpoint } from "~/platform/http/handler.server";
import { createCategoryOperation, listCategoriesOperation } from "~/features/categories/api";
import { createCategory, listCategories } from "~/features/categories/commands.server";
import { dbContext } from "~/context.server";

// Named exports, not a destructuring: React Router's build must see `loader` and `action` by name.
const route = apiRoute([
  endpoint(listCategoriesOperation, async ({ context, auth }) => {
    const rows = await listCategories(context.get(dbContext), auth.user.id);
    return { categories: rows.map(toApiCategory) };
  }),
  endpoint(createCategoryOperation, async ({ context, auth, body }) => {
    const outcome = await createCategory(context.get(dbContext), auth.user.id, body);
    if (!outcome.ok) throw categoryApiError(outcome.error);
    return { category: toApiCategory(outcome.category) };
  }),
]);

export const loader = route.loader;
export const action = route.action;
