import { apiErrors } from "~/api/envelope";
import { apiRoute, endpoint } from "~/api/handler.server";
import { rateHistoryOperation } from "~/api/operations/rates";
import { toApiStoredRate } from "~/api/rate-json";
import { findCurrency } from "~/db/currencies.server";
import { rateHistory } from "~/db/rates.server";
import { dbContext } from "~/middleware/db";

// Named exports, not a destructuring: React Router's build must see `loader` and `action` by name.
const route = apiRoute([
  endpoint(rateHistoryOperation, async ({ context, query }) => {
    const db = context.get(dbContext);
    const currency = await findCurrency(db, query.currency);
    if (!currency) throw apiErrors.validation("errors.currencyUnknown", { currency: ["errors.currencyUnknown"] });
    const { rows, total } = await rateHistory(db, { ...query, currencyCode: currency.code });
    return {
      rates: rows.map(toApiStoredRate),
      pagination: { page: query.page, limit: query.limit, total, totalPages: Math.ceil(total / query.limit) },
    };
  }),
]);

export const loader = route.loader;
export const action = route.action;
