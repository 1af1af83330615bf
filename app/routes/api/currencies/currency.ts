import { apiErrors } from "~/api/envelope";
import { apiRoute, endpoint } from "~/api/handler.server";
import { getCurrencyOperation } from "~/api/operations/currencies";
import { toApiCurrency } from "~/api/rate-json";
import { findCurrency } from "~/db/currencies.server";
import { dbContext } from "~/middleware/db";

// Named exports, not a destructuring: React Router's build must see `loader` and `action` by name.
const route = apiRoute([
  endpoint(getCurrencyOperation, async ({ context, params }) => {
    const code = (params.code ?? "").trim();
    const currency = code.length <= 10 ? await findCurrency(context.get(dbContext), code) : undefined;
    if (!currency) throw apiErrors.notFound();
    return { currency: toApiCurrency(currency) };
  }),
]);

export const loader = route.loader;
export const action = route.action;
