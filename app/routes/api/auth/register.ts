import { apiErrors } from "~/platform/http/envelope";
import { apiRoute, endpoint } from "~/platform/http/handler.server";
import { registerOperation } from "~/features/accounts/auth-api";
import { toApiUser } from "~/features/accounts/api-json";
import { registerUser } from "~/features/accounts/commands.server";
import { issueApiTokens } from "~/auth/api-tokens.server";
import { clientIp } from "~/auth/client-ip.server";
import { takeToken, throttleRules } from "~/auth/throttle.server";
import { dbContext, envContext } from "~/context.server";

// Shares the web form's per-IP bucket, so switching faces does not double the allowance.
// Named exports, not a destructuring: React Router's build must see `loader` and `action` by name.
const route = apiRoute([
  endpoint(registerOperation, async ({ request, context, body }) => {
    const db = context.get(dbContext);
    const ip = clientIp(request);
    const throttle = await takeToken(db, `register:ip:${ip ?? "unknown"}`, throttleRules.registerIp);
    if (!throttle.allowed) throw apiErrors.tooManyRequests(throttle.retryAfterSeconds);
    const outcome = await registerUser(db, body, ip);
    if (!outcome.ok) throw apiErrors.conflict("errors.emailExists", { email: ["errors.emailExists"] });
    const tokens = await issueApiTokens(db, context.get(envContext).JWT_SECRET, outcome.user);
    return { accessToken: tokens.accessToken, refreshToken: tokens.refreshToken, user: toApiUser(outcome.user) };
  }),
]);

export const loader = route.loader;
export const action = route.action;
