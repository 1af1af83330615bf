import { apiRoute, endpoint } from "~/platform/http/handler.server";
import { changePasswordOperation } from "~/features/accounts/api";
import { accountApiError } from "~/features/accounts/errors";
import { attemptPasswordChange } from "~/features/accounts/commands.server";
import { dbContext } from "~/context.server";

// Named exports, not a destructuring: React Router's build must see `loader` and `action` by name.
const route = apiRoute([
  endpoint(changePasswordOperation, async ({ context, auth, actor, body, t }) => {
    // Every other web session and API login of the user ends; the caller's login stays.
    const outcome = await attemptPasswordChange(context.get(dbContext), actor, { ...body, keep: { familyId: auth.familyId } });
    if (!outcome.ok) throw accountApiError(outcome);
    return { message: t("api.passwordChanged") };
  }),
]);

export const loader = route.loader;
export const action = route.action;
