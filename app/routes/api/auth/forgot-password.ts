import { apiRoute, endpoint } from "~/platform/http/handler.server";
import { forgotPasswordOperation } from "~/features/accounts/api";
import { accountApiError } from "~/features/accounts/errors";
import { requestPasswordReset } from "~/features/accounts/commands.server";
import { clientIp } from "~/auth/client-ip.server";
import { cloudflareContext, dbContext } from "~/context.server";
import { afterAnswer, mailer } from "~/platform/mail/mailer.server";

// Named exports, not a destructuring: React Router's build must see `loader` and `action` by name.
const route = apiRoute([
  endpoint(forgotPasswordOperation, async ({ request, context, body, t }) => {
    const { env, ctx } = context.get(cloudflareContext);
    const outcome = await requestPasswordReset(context.get(dbContext), { ip: clientIp(request) }, body, { mailer: mailer(env, ctx), defer: afterAnswer(ctx) });
    if (!outcome.ok) throw accountApiError(outcome);
    return { message: t("auth.forgot.sent") };
  }),
]);

export const loader = route.loader;
export const action = route.action;
