import { apiErrors } from "~/platform/http/envelope";
import { apiRoute, endpoint } from "~/platform/http/handler.server";
import { rateHistoryOperation, toApiStoredRate } from "~/features/rates/api";
import { findCurrency, rateHistory } from "~/features/rates/queries.server";
import { dbContext } from "~/context.server";

// Named exports, not a destructuring: React Router's build must see `loader` and `action` by name.
const route = apiRoute([
  endpoint(rateHistoryOperation, async ({ context, query }) => {
    const db = context.get(dbContext);
    const currency = await findCurrency(db, query.currency);
    if (!currency) throw apiErrors.validation("api.currencyUnknown", { currency: ["api.currencyUnknown"] });
    const { rows, total } = await rateHistory(db, { ...query, currencyCode: currency.code });
    return {
      rates: rows.map(toApiStoredRate),
      pagination: { page: query.page, limit: query.limit, total, totalPages: Math.ceil(total / query.limit) },
    };
  }),
]);

export const loader = route.loader;
export const action = route.action;
