import { apiRoute, endpoint } from "~/api/handler.server";
import { listCurrenciesOperation } from "~/api/operations/currencies";
import { toApiCurrency } from "~/api/rate-json";
import { listCurrencies } from "~/db/currencies.server";
import { dbContext } from "~/middleware/db";

// Named exports, not a destructuring: React Router's build must see `loader` and `action` by name.
const route = apiRoute([
  endpoint(listCurrenciesOperation, async ({ context }) => {
    const rows = await listCurrencies(context.get(dbContext));
    return { currencies: rows.map(toApiCurrency) };
  }),
]);

export const loader = route.loader;
export const action = route.action;
