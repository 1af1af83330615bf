import { apiRoute, endpoint } from "~/api/handler.server";
import { listUsersOperation } from "~/api/operations/users";
import { toApiUser } from "~/api/user-json";
import { listUsers } from "~/db/users.server";
import { dbContext } from "~/middleware/db";

// Named exports, not a destructuring: React Router's build must see `loader` and `action` by name.
const route = apiRoute([
  endpoint(listUsersOperation, async ({ context, query }) => {
    const rows = await listUsers(context.get(dbContext), { search: query.search, role: query.role });
    return { users: rows.map(toApiUser) };
  }),
]);

export const loader = route.loader;
export const action = route.action;
