import { apiErrors } from "~/platform/http/envelope";
import { apiRoute, endpoint } from "~/platform/http/handler.server";
import { getProfileOperation, updateProfileOperation } from "~/features/accounts/api";
import { toApiUser } from "~/features/accounts/api-json";
import { updateProfile } from "~/features/accounts/commands.server";
import { clientIp } from "~/auth/client-ip.server";
import { findUserById } from "~/features/accounts/queries.server";
import { dbContext } from "~/context.server";

// Named exports, not a destructuring: React Router's build must see `loader` and `action` by name.
const route = apiRoute([
  endpoint(getProfileOperation, async ({ auth }) => ({ user: toApiUser(auth.user) })),
  endpoint(updateProfileOperation, async ({ request, context, auth, body }) => {
    const db = context.get(dbContext);
    const outcome = await updateProfile(db, auth.user.id, body, clientIp(request));
    if (!outcome.ok) throw apiErrors.conflict("errors.emailExists", { email: ["errors.emailExists"] });
    const user = await findUserById(db, auth.user.id);
    if (!user) throw apiErrors.notFound();
    return { user: toApiUser(user) };
  }),
]);

export const loader = route.loader;
export const action = route.action;
