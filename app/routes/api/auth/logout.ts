import { apiRoute, endpoint } from "~/api/handler.server";
import { logoutOperation } from "~/api/operations/auth";
import { logoutApiFamily } from "~/auth/api-tokens.server";
import { clientIp } from "~/auth/client-ip.server";
import { dbContext } from "~/middleware/db";

export const { loader, action } = apiRoute([
  endpoint(logoutOperation, async ({ request, context, auth, t }) => {
    await logoutApiFamily(context.get(dbContext), auth.user.id, auth.familyId, clientIp(request));
    return { message: t("errors.signedOut") };
  }),
]);
