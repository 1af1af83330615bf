import { apiErrors } from "~/platform/http/envelope";
import { apiRoute, endpoint } from "~/platform/http/handler.server";
import { getCurrencyOperation, toApiCurrency } from "~/features/rates/api";
import { findCurrency } from "~/features/rates/queries.server";
import { dbContext } from "~/context.server";

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
