import { restoreCategoryOperation, toApiCategory } from "~/features/categories/api";
import { restoreCategory } from "~/features/categories/commands.server";
import { refusalError } from "~/platform/http/envelope";
import { apiRoute, endpoint } from "~/platform/http/handler.server";
import { undoRefusals } from "~/platform/http/undo-refusals";
import { dbContext } from "~/context.server";

// Undo of a delete (decision 035). Named exports: React Router's build must see `loader` and `action` by name.
const route = apiRoute([
  endpoint(restoreCategoryOperation, async ({ context, params, actor }) => {
    const outcome = await restoreCategory(context.get(dbContext), actor, { id: params.id ?? "" });
    if (outcome.kind !== "ok") throw refusalError(undoRefusals[outcome.kind]);
    return { category: toApiCategory(outcome.category) };
  }),
]);

export const loader = route.loader;
export const action = route.action;
