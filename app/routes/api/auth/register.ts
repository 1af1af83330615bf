import { apiRoute, endpoint } from "~/platform/http/handler.server";
import { registerOperation, toApiUser } from "~/features/accounts/api";
import { accountApiError } from "~/features/accounts/errors";
import { attemptRegistration } from "~/features/accounts/commands.server";
import { issueApiTokens } from "~/auth/api-tokens.server";
import { clientIp } from "~/auth/client-ip.server";
import { dbContext, envContext, languageContext } from "~/context.server";
import { contextMailer } from "~/platform/mail/context-mailer.server";

// Named exports, not a destructuring: React Router's build must see `loader` and `action` by name.
const route = apiRoute([
  endpoint(registerOperation, async ({ request, context, body }) => {
    const db = context.get(dbContext);
    // Mail is written in the request's language (its lng cookie, else Accept-Language; issue 25).
    const outcome = await attemptRegistration(db, { ip: clientIp(request) }, { ...body, language: context.get(languageContext) }, contextMailer(context));
    if (!outcome.ok) throw accountApiError(outcome);
    const tokens = await issueApiTokens(db, context.get(envContext).JWT_SECRET, outcome.user);
    return { accessToken: tokens.accessToken, refreshToken: tokens.refreshToken, user: toApiUser(outcome.user) };
  }),
]);

export const loader = route.loader;
export const action = route.action;
