import { apiErrors } from "~/platform/http/envelope";
import { adminEditUser } from "~/features/accounts/admin-edit.server";
import { apiRoute, endpoint } from "~/platform/http/handler.server";
import { updateUserOperation } from "~/features/accounts/api";
import { toApiUser } from "~/features/accounts/api-json";
import { clientIp } from "~/auth/client-ip.server";
import { dbContext } from "~/context.server";

// Named exports, not a destructuring: React Router's build must see `loader` and `action` by name.
const route = apiRoute([
  endpoint(updateUserOperation, async ({ request, context, params, auth, body }) => {
    const outcome = await adminEditUser(context.get(dbContext), auth.user.id, params.id ?? "", body, clientIp(request));
    if (!outcome.ok) {
      if (outcome.error === "notFound") throw apiErrors.notFound();
      throw apiErrors.conflict(outcome.error === "lastSuperadmin" ? "errors.lastSuperadmin" : "errors.cannotChangeSelf");
    }
    return { user: toApiUser(outcome.user) };
  }),
]);

export const loader = route.loader;
export const action = route.action;
