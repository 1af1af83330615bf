import { apiRoute, endpoint } from "~/platform/http/handler.server";
import { latestRatesOperation, toApiLatestRates } from "~/features/rates/api";
import { findRatesOn, listCurrencies } from "~/features/rates/queries.server";
import { isoDay } from "~/calendar/days";
import { dbContext } from "~/context.server";

// Named exports, not a destructuring: React Router's build must see `loader` and `action` by name.
const route = apiRoute([
  endpoint(latestRatesOperation, async ({ context }) => {
    const db = context.get(dbContext);
    const date = isoDay();
    const codes = (await listCurrencies(db)).map((c) => c.code);
    return toApiLatestRates(codes, await findRatesOn(db, codes, date), date);
  }),
]);

export const loader = route.loader;
export const action = route.action;
