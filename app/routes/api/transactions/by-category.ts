import { apiRoute, endpoint } from "~/platform/http/handler.server";
import { transactionsByCategoryOperation } from "~/features/transactions/api";
import { totalsByCategory } from "~/features/transactions/queries.server";
import { minorToNumber } from "~/money/amounts";
import { dbContext } from "~/context.server";

// Named exports, not a destructuring: React Router's build must see `loader` and `action` by name.
const route = apiRoute([
  endpoint(transactionsByCategoryOperation, async ({ context, auth, query }) => {
    const rows = await totalsByCategory(context.get(dbContext), auth.user.id, query);
    return {
      categories: rows.map((r) => ({
        id: r.categoryId,
        name: r.name,
        color: r.color,
        type: r.type,
        count: r.count,
        totalAmount: minorToNumber(r.usdCents, 2),
        usdCents: r.usdCents,
      })),
    };
  }),
]);

export const loader = route.loader;
export const action = route.action;
