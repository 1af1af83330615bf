import { apiRoute, endpoint } from "~/platform/http/handler.server";
import { listCurrenciesOperation, toApiCurrency } from "~/features/rates/api";
import { listCurrencies } from "~/features/rates/queries.server";
import { dbContext } from "~/context.server";

// Named exports, not a destructuring: React Router's build must see `loader` and `action` by name.
const route = apiRoute([
  endpoint(listCurrenciesOperation, async ({ context }) => {
    const rows = await listCurrencies(context.get(dbContext));
    return { currencies: rows.map(toApiCurrency) };
  }),
]);

export const loader = route.loader;
export const action = route.action;
