import { ApiError, apiErrors, type FieldErrors } from "~/platform/http/envelope";
import { apiRoute, endpoint } from "~/platform/http/handler.server";
import { createManualRateOperation, getExchangeRateOperation, toApiExchangeRate, toApiStoredRate } from "~/features/rates/api";
import { saveManualRate } from "~/features/rates/commands.server";
import { rateRefusals } from "~/features/rates/errors";
import { findCurrency, findRatesOn } from "~/features/rates/queries.server";
import { isoDay } from "~/calendar/days";
import { crossRate } from "~/money/rates";
import { dbContext } from "~/context.server";

// Named exports, not a destructuring: React Router's build must see `loader` and `action` by name.
const route = apiRoute([
  endpoint(getExchangeRateOperation, async ({ context, query }) => {
    const db = context.get(dbContext);
    const day = query.date ?? isoDay();
    const [from, to] = await Promise.all([findCurrency(db, query.from), findCurrency(db, query.to)]);
    if (!from || !to) {
      const errors: FieldErrors = {};
      if (!from) errors.from = ["api.currencyUnknown"];
      if (!to) errors.to = ["api.currencyUnknown"];
      throw apiErrors.validation("api.currencyUnknown", errors);
    }
    const known = await findRatesOn(db, [from.code, to.code], day);
    const fromLeg = known.get(from.code);
    const toLeg = known.get(to.code);
    if (!fromLeg || !toLeg) {
      throw new ApiError(404, "api.rateNotFound", { values: { code: fromLeg ? to.code : from.code, date: day } });
    }
    const exact = crossRate(fromLeg.rate, toLeg.rate);
    if (!exact) throw new ApiError(404, "api.rateOutOfRange");
    return { exchange_rate: toApiExchangeRate({ from: from.code, to: to.code, day, exact }, fromLeg, toLeg) };
  }),
  endpoint(createManualRateOperation, async ({ context, actor, body }) => {
    const outcome = await saveManualRate(context.get(dbContext), actor, body);
    if (outcome.kind !== "ok") {
      const { message, field = "currencyCode" } = rateRefusals[outcome.kind];
      throw apiErrors.validation(message, { [field]: [message] });
    }
    return { exchange_rate: toApiStoredRate(outcome.rate) };
  }),
]);

export const loader = route.loader;
export const action = route.action;
