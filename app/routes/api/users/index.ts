import { apiRoute, endpoint } from "~/api/handler.server";
import { listUsersOperation } from "~/api/operations/users";
import { toApiUser } from "~/api/user-json";
import { listUsers } from "~/db/users.server";
import { dbContext } from "~/middleware/db";

export const { loader, action } = apiRoute([
  endpoint(listUsersOperation, async ({ context, query }) => {
    const rows = await listUsers(context.get(dbContext), { search: query.search, role: query.role });
    return { users: rows.map(toApiUser) };
  }),
]);
