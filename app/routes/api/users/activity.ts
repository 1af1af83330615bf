import { listedTwice } from "~/platform/http/operation";
import { apiRoute, endpoint } from "~/platform/http/handler.server";
import { activityOperation, toApiActivity } from "~/features/accounts/api";
import { listRecentActivity } from "~/features/accounts/queries.server";
import { dbContext } from "~/context.server";

// Named exports, not a destructuring: React Router's build must see `loader` and `action` by name.
const route = apiRoute([
  endpoint(activityOperation, async ({ context, auth, query }) => {
    const rows = await listRecentActivity(context.get(dbContext), auth.user.id, query.limit);
    return listedTwice("activities", rows.map(toApiActivity));
  }),
]);

export const loader = route.loader;
export const action = route.action;
