import { ApiError, apiErrors, type FieldErrors } from "~/platform/http/envelope";
import { apiRoute, endpoint } from "~/platform/http/handler.server";
import { createManualRateOperation, getExchangeRateOperation } from "~/features/rates/api";
import { toApiRateLeg, toApiStoredRate } from "~/features/rates/api-json";
import { clientIp } from "~/auth/client-ip.server";
import { findCurrency } from "~/features/rates/currencies.server";
import { findRatesOn, saveManualRate } from "~/features/rates/commands.server";
import { crossRate, isoDay } from "~/features/rates/model";
import { dbContext } from "~/context.server";

// Named exports, not a destructuring: React Router's build must see `loader` and `action` by name.
const route = apiRoute([
  endpoint(getExchangeRateOperation, async ({ context, query }) => {
    const db = context.get(dbContext);
    const day = query.date ?? isoDay(new Date());
    const [from, to] = await Promise.all([findCurrency(db, query.from), findCurrency(db, query.to)]);
    if (!from || !to) {
      const errors: FieldErrors = {};
      if (!from) errors.from = ["errors.currencyUnknown"];
      if (!to) errors.to = ["errors.currencyUnknown"];
      throw apiErrors.validation("errors.currencyUnknown", errors);
    }
    const known = await findRatesOn(db, [from.code, to.code], day);
    const fromLeg = known.get(from.code);
    const toLeg = known.get(to.code);
    if (!fromLeg || !toLeg) {
      throw new ApiError(404, "errors.rateNotFound", { values: { code: fromLeg ? to.code : from.code, date: day } });
    }
    const exact = crossRate(fromLeg.rate, toLeg.rate);
    if (!exact) throw new ApiError(404, "errors.rateOutOfRange");
    // USD's fixed 1 says nothing about how old or where from; the other leg does.
    const stored = [fromLeg, toLeg].filter((leg) => leg.source !== "fixed");
    const sources = [...new Set(stored.map((leg) => leg.source))];
    return {
      exchange_rate: {
        from: from.code,
        to: to.code,
        rate: Number(exact),
        rateExact: exact,
        date: stored.map((leg) => leg.date).sort()[0] ?? day,
        requestedDate: day,
        source: sources.length === 0 ? "fixed" : sources.length === 1 ? sources[0]! : "mixed",
        legs: { from: toApiRateLeg(fromLeg), to: toApiRateLeg(toLeg) },
      },
    };
  }),
  endpoint(createManualRateOperation, async ({ request, context, auth, body }) => {
    const db = context.get(dbContext);
    const currency = await findCurrency(db, body.currencyCode, { activeOnly: true });
    if (!currency) throw apiErrors.validation("validation.currencyInvalid", { currencyCode: ["validation.currencyInvalid"] });
    const actor = { userId: auth.user.id, ip: clientIp(request) };
    const saved = await saveManualRate(db, { currencyCode: currency.code, date: body.date, rate: body.rate }, actor);
    return { exchange_rate: toApiStoredRate(saved) };
  }),
]);

export const loader = route.loader;
export const action = route.action;
