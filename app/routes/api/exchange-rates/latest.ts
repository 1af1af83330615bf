import { apiRoute, endpoint } from "~/platform/http/handler.server";
import { latestRatesOperation } from "~/features/rates/api";
import { listCurrencies } from "~/features/rates/currencies.server";
import { findRatesOn } from "~/features/rates/commands.server";
import { isoDay } from "~/features/rates/model";
import { dbContext } from "~/context.server";

// Named exports, not a destructuring: React Router's build must see `loader` and `action` by name.
const route = apiRoute([
  endpoint(latestRatesOperation, async ({ context }) => {
    const db = context.get(dbContext);
    const date = isoDay(new Date());
    const codes = (await listCurrencies(db)).map((c) => c.code);
    const known = await findRatesOn(db, codes, date);
    const rates: Record<string, number> = {};
    const exactRates: Record<string, string> = {};
    const asOf: Record<string, { date: string; source: string }> = {};
    const missing: string[] = [];
    for (const code of codes) {
      const rate = known.get(code);
      if (!rate) {
        missing.push(code);
        continue;
      }
      rates[code] = Number(rate.rate);
      exactRates[code] = rate.rate;
      asOf[code] = { date: rate.date, source: rate.source };
    }
    return { base: "USD" as const, date, rates, exactRates, asOf, missing };
  }),
]);

export const loader = route.loader;
export const action = route.action;
