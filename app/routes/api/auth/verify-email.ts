import { apiRoute, endpoint } from "~/platform/http/handler.server";
import { verifyEmailOperation } from "~/features/accounts/api";
import { verifyEmail } from "~/features/accounts/commands.server";
import { accountApiError } from "~/features/accounts/errors";
import { clientIp } from "~/auth/client-ip.server";
import { dbContext } from "~/context.server";

// Named exports, not a destructuring: React Router's build must see `loader` and `action` by name.
const route = apiRoute([
  endpoint(verifyEmailOperation, async ({ request, context, body, t }) => {
    const outcome = await verifyEmail(context.get(dbContext), { ip: clientIp(request) }, body);
    if (!outcome.ok) throw accountApiError(outcome);
    return { message: t(outcome.purpose === "email_change" ? "api.emailChanged" : "api.emailVerified"), email: outcome.email };
  }),
]);

export const loader = route.loader;
export const action = route.action;
