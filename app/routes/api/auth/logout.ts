import { apiRoute, endpoint } from "~/platform/http/handler.server";
import { logoutOperation } from "~/features/accounts/api";
import { logoutApiFamily } from "~/auth/api-tokens.server";
import { clientIp } from "~/auth/client-ip.server";
import { dbContext } from "~/context.server";

// Named exports, not a destructuring: React Router's build must see `loader` and `action` by name.
const route = apiRoute([
  endpoint(logoutOperation, async ({ request, context, auth, t }) => {
    await logoutApiFamily(context.get(dbContext), auth.user.id, auth.familyId, clientIp(request));
    return { message: t("errors.signedOut") };
  }),
]);

export const loader = route.loader;
export const action = route.action;
