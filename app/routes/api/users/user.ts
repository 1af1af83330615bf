import { apiErrors } from "~/api/envelope";
import { adminEditUser } from "~/api/admin-users.server";
import { apiRoute, endpoint } from "~/api/handler.server";
import { updateUserOperation } from "~/api/operations/users";
import { toApiUser } from "~/api/user-json";
import { clientIp } from "~/auth/client-ip.server";
import { dbContext } from "~/middleware/db";

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
