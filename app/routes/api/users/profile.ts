import { apiErrors } from "~/platform/http/envelope";
import { apiRoute, endpoint } from "~/platform/http/handler.server";
import { getProfileOperation, toApiUser, updateProfileOperation } from "~/features/accounts/api";
import { updateProfile } from "~/features/accounts/commands.server";
import { accountApiError } from "~/features/accounts/errors";
import { findUserById } from "~/features/accounts/queries.server";
import { dbContext } from "~/context.server";
import { contextMailer } from "~/platform/mail/context-mailer.server";

// Named exports, not a destructuring: React Router's build must see `loader` and `action` by name.
const route = apiRoute([
  endpoint(getProfileOperation, async ({ auth }) => ({ user: toApiUser(auth.user) })),
  endpoint(updateProfileOperation, async ({ context, auth, actor, body }) => {
    const db = context.get(dbContext);
    const outcome = await updateProfile(db, actor, body, contextMailer(context));
    if (!outcome.ok) throw accountApiError(outcome);
    const user = await findUserById(db, auth.user.id);
    if (!user) throw apiErrors.notFound();
    return { user: toApiUser(user), pendingEmail: outcome.pendingEmail };
  }),
]);

export const loader = route.loader;
export const action = route.action;
