import { apiRoute, endpoint } from "~/platform/http/handler.server";
import { logoutOperation } from "~/features/accounts/api";
import { signOut } from "~/features/accounts/commands.server";
import { dbContext } from "~/context.server";

// Named exports, not a destructuring: React Router's build must see `loader` and `action` by name.
const route = apiRoute([
  endpoint(logoutOperation, async ({ context, auth, actor, t }) => {
    await signOut(context.get(dbContext), actor, { familyId: auth.familyId });
    return { message: t("api.signedOut") };
  }),
]);

export const loader = route.loader;
export const action = route.action;
