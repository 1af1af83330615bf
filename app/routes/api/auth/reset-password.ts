import { apiRoute, endpoint } from "~/platform/http/handler.server";
import { resetPasswordOperation } from "~/features/accounts/api";
import { accountApiError } from "~/features/accounts/errors";
import { attemptPasswordReset } from "~/features/accounts/commands.server";
import { clientIp } from "~/auth/client-ip.server";
import { cloudflareContext, dbContext } from "~/context.server";
import { mailer } from "~/platform/mail/mailer.server";

// Named exports, not a destructuring: React Router's build must see `loader` and `action` by name.
const route = apiRoute([
  endpoint(resetPasswordOperation, async ({ request, context, body, t }) => {
    const { env, ctx } = context.get(cloudflareContext);
    const outcome = await attemptPasswordReset(context.get(dbContext), { ip: clientIp(request) }, body, { mailer: mailer(env, ctx) });
    if (!outcome.ok) throw accountApiError(outcome);
    return { message: t("auth.login.passwordWasReset") };
  }),
]);

export const loader = route.loader;
export const action = route.action;
