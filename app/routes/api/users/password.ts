import { apiErrors } from "~/platform/http/envelope";
import { apiRoute, endpoint } from "~/platform/http/handler.server";
import { changePasswordOperation } from "~/features/accounts/api";
import { changePassword } from "~/features/accounts/commands.server";
import { clientIp } from "~/auth/client-ip.server";
import { takeToken, throttleRules } from "~/auth/throttle.server";
import { dbContext } from "~/context.server";

// Named exports, not a destructuring: React Router's build must see `loader` and `action` by name.
const route = apiRoute([
  endpoint(changePasswordOperation, async ({ request, context, auth, body, t }) => {
    const db = context.get(dbContext);
    const throttle = await takeToken(db, `password:account:${auth.user.id}`, throttleRules.passwordAccount);
    if (!throttle.allowed) throw apiErrors.tooManyRequests(throttle.retryAfterSeconds);
    // Every other web session and API login of the user ends; the caller's login stays.
    const outcome = await changePassword(db, auth.user.id, body, clientIp(request), { familyId: auth.familyId });
    if (!outcome.ok) {
      throw apiErrors.validation("errors.currentPasswordWrong", { currentPassword: ["errors.currentPasswordWrong"] });
    }
    return { message: t("errors.passwordChanged") };
  }),
]);

export const loader = route.loader;
export const action = route.action;
