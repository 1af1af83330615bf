import { apiRoute, endpoint } from "~/platform/http/handler.server";
import { resendVerificationOperation } from "~/features/accounts/api";
import { resendVerification } from "~/features/accounts/commands.server";
import { accountApiError } from "~/features/accounts/errors";
import { contextMailer } from "~/platform/mail/context-mailer.server";
import { dbContext } from "~/context.server";

// Named exports, not a destructuring: React Router's build must see `loader` and `action` by name.
const route = apiRoute([
  endpoint(resendVerificationOperation, async ({ context, actor, t }) => {
    const outcome = await resendVerification(context.get(dbContext), actor, contextMailer(context));
    if (!outcome.ok) throw accountApiError(outcome);
    return { message: t(outcome.alreadyVerified ? "api.alreadyVerified" : "api.verificationSent") };
  }),
]);

export const loader = route.loader;
export const action = route.action;
