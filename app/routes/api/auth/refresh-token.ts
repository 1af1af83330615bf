import { apiErrors } from "~/platform/http/envelope";
import { apiRoute, endpoint } from "~/platform/http/handler.server";
import { refreshOperation } from "~/features/accounts/api";
import { refreshApiTokens } from "~/auth/api-tokens.server";
import { clientIp } from "~/auth/client-ip.server";
import { dbContext, envContext } from "~/context.server";

// Named exports, not a destructuring: React Router's build must see `loader` and `action` by name.
const route = apiRoute([
  endpoint(refreshOperation, async ({ request, context, body }) => {
    const outcome = await refreshApiTokens(
      context.get(dbContext),
      context.get(envContext).JWT_SECRET,
      body.refreshToken,
      clientIp(request),
    );
    if (outcome.kind === "throttled") throw apiErrors.tooManyRequests(outcome.retryAfterSeconds);
    // Unknown, expired, revoked and reused tokens all answer alike; reuse has already revoked the family.
    if (outcome.kind !== "ok") throw apiErrors.invalidToken();
    return { accessToken: outcome.accessToken, refreshToken: outcome.refreshToken };
  }),
]);

export const loader = route.loader;
export const action = route.action;
