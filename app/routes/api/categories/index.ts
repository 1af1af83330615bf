import { createCategoryOperation, listCategoriesOperation, toApiCategory } from "~/features/categories/api";
import { createCategory } from "~/features/categories/commands.server";
import { categoryApiError } from "~/features/categories/errors";
import { listCategories } from "~/features/categories/queries.server";
import { apiRoute, endpoint } from "~/platform/http/handler.server";
import { dbContext } from "~/context.server";

// Named exports, not a destructuring: React Router's build must see `loader` and `action` by name.
const route = apiRoute([
  endpoint(listCategoriesOperation, async ({ context, auth }) => {
    const rows = await listCategories(context.get(dbContext), auth.user.id);
    return { categories: rows.map(toApiCategory) };
  }),
  endpoint(createCategoryOperation, async ({ context, actor, body }) => {
    const outcome = await createCategory(context.get(dbContext), actor, body);
    if (outcome.kind !== "ok") throw categoryApiError(outcome.kind);
    return { category: toApiCategory(outcome.category) };
  }),
]);

export const loader = route.loader;
export const action = route.action;
