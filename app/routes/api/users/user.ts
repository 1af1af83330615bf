import { apiRoute, endpoint } from "~/platform/http/handler.server";
import { toApiUser, updateUserOperation } from "~/features/accounts/api";
import { updateUser } from "~/features/accounts/commands.server";
import { accountApiError } from "~/features/accounts/errors";
import { dbContext } from "~/context.server";

// Named exports, not a destructuring: React Router's build must see `loader` and `action` by name.
const route = apiRoute([
  endpoint(updateUserOperation, async ({ context, params, actor, body }) => {
    const outcome = await updateUser(context.get(dbContext), actor, { ...body, id: params.id ?? "" });
    if (!outcome.ok) throw accountApiError(outcome);
    return { user: toApiUser(outcome.user) };
  }),
]);

export const loader = route.loader;
export const action = route.action;
