import { apiErrors } from "~/platform/http/envelope";
import { apiRoute, endpoint } from "~/platform/http/handler.server";
import { tagUsageOperation } from "~/features/tags/api";
import { tagUsage } from "~/features/tags/queries.server";
import { dbContext } from "~/context.server";

// Named exports, not a destructuring: React Router's build must see `loader` and `action` by name.
const route = apiRoute([
  endpoint(tagUsageOperation, async ({ context, params, auth }) => {
    const usage = await tagUsage(context.get(dbContext), auth.user.id, params.id ?? "");
    // Another user's tag answers exactly like a missing one.
    if (!usage) throw apiErrors.notFound();
    return { count: usage.count, transactions: usage.transactions };
  }),
]);

export const loader = route.loader;
export const action = route.action;
