import { apiRoute, endpoint } from "~/platform/http/handler.server";
import { transactionsByDateRangeOperation } from "~/features/transactions/api";
import { totalsByDate } from "~/features/transactions/queries.server";
import { minorToNumber } from "~/money/amounts";
import { dbContext } from "~/context.server";

const usd = (cents: number) => minorToNumber(cents, 2);

// Named exports, not a destructuring: React Router's build must see `loader` and `action` by name.
const route = apiRoute([
  endpoint(transactionsByDateRangeOperation, async ({ context, auth, query }) => {
    const days = await totalsByDate(context.get(dbContext), auth.user.id, query);
    return { days: days.map((d) => ({ date: d.date, income: usd(d.incomeUsdCents), expenses: usd(d.expenseUsdCents) })) };
  }),
]);

export const loader = route.loader;
export const action = route.action;
