import { apiRoute, endpoint } from "~/api/handler.server";
import { transactionsByCategoryOperation } from "~/api/operations/transactions";
import { totalsByCategory } from "~/db/transaction-reports.server";
import { minorToDecimalString } from "~/domain/money";
import { dbContext } from "~/middleware/db";

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
        totalAmount: Number(minorToDecimalString(r.usdCents, 2)),
        usdCents: r.usdCents,
      })),
    };
  }),
]);

export const loader = route.loader;
export const action = route.action;
