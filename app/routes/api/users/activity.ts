import { apiRoute, endpoint } from "~/api/handler.server";
import { activityOperation } from "~/api/operations/users";
import { listRecentActivity } from "~/db/activity.server";
import { dbContext } from "~/middleware/db";

// Named exports, not a destructuring: React Router's build must see `loader` and `action` by name.
const route = apiRoute([
  endpoint(activityOperation, async ({ context, auth, query }) => {
    const rows = await listRecentActivity(context.get(dbContext), auth.user.id, query.limit);
    const activities = rows.map((row) => ({
      id: row.id,
      action: row.action,
      description: row.description,
      timestamp: row.timestamp.toISOString(),
      ipAddress: row.ipAddress,
    }));
    // Spec section 7 reads data.data.activities; data.activities is there for everyone else.
    return { data: { activities }, activities };
  }),
]);

export const loader = route.loader;
export const action = route.action;
