import { apiRoute, endpoint } from "~/platform/http/handler.server";
import { activityOperation, toApiActivity } from "~/features/accounts/api";
import { listRecentActivity } from "~/features/accounts/queries.server";
import { dbContext } from "~/context.server";

// Named exports, not a destructuring: React Router's build must see `loader` and `action` by name.
const route = apiRoute([
  endpoint(activityOperation, async ({ context, auth, query }) => {
    const rows = await listRecentActivity(context.get(dbContext), auth.user.id, query.limit);
    const activities = rows.map(toApiActivity);
    // Spec section 7 reads data.data.activities; data.activities is there for everyone else.
    return { data: { activities }, activities };
  }),
]);

export const loader = route.loader;
export const action = route.action;
