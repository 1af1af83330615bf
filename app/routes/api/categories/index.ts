import { categoryApiError, toApiCategory } from "~/api/category-json";
import { apiRoute, endpoint } from "~/api/handler.server";
import { createCategoryOperation, listCategoriesOperation } from "~/api/operations/categories";
import { createCategory, listCategories } from "~/db/categories.server";
import { dbContext } from "~/middleware/db";

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
