import { apiRoute, endpoint } from "~/platform/http/handler.server";
import { listUsersOperation, toApiUser } from "~/features/accounts/api";
import { listUsers } from "~/features/accounts/queries.server";
import { dbContext } from "~/context.server";

// Named exports, not a destructuring: React Router's build must see `loader` and `action` by name.
const route = apiRoute([
  endpoint(listUsersOperation, async ({ context, query }) => {
    const rows = await listUsers(context.get(dbContext), { search: query.search, role: query.role });
    return { users: rows.map(toApiUser) };
  }),
]);

export const loader = route.loader;
export const action = route.action;
