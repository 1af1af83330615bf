import { z } from "zod";
import type { Currency } from "~/features/rates/currencies.server";
import type { KnownRate, StoredRate } from "~/features/rates/commands.server";

// Currencies and exchange rates as the API shows them (spec section 3). A rate appears as a
// JSON number (`rate`, what the spec's client reads) and as the exact decimal string that
// is stored (`rateExact`), for clients that must never round-trip money through a float.

export const apiCurrencySchema = z
  .object({
    code: z.string().meta({ description: "ISO 4217 code, e.g. EUR" }),
    name: z.string(),
    symbol: z.string().meta({ description: "Shown before amounts, followed by a space" }),
    decimalPlaces: z.number().int().meta({ description: "Minor-unit digits: 2 for USD, 0 for JPY" }),
    isActive: z.boolean().meta({ description: "Offered for new transactions and refreshed from the provider" }),
  })
  .meta({ title: "Currency" });

export function toApiCurrency(c: Currency): z.infer<typeof apiCurrencySchema> {
  return { code: c.code, name: c.name, symbol: c.symbol, decimalPlaces: c.decimalPlaces, isActive: c.isActive };
}

const rateNumber = z.number().meta({ description: "The rate as a JSON number (nearest double of rateExact)" });
const rateExact = z.string().meta({ description: "The exact decimal string, at most 12 fraction digits" });
const source = z.string().meta({ description: "manual, provider, snapshot (the offline rates shipped with the app) or fixed (USD)" });
const day = (description: string) => z.string().meta({ description, format: "date" });

export const apiRateLegSchema = z.object({
  currencyCode: z.string(),
  rate: rateExact.meta({ description: "Units of the currency per 1 USD, exact" }),
  date: day("The day of this rate, yyyy-MM-dd"),
  source,
});

export const apiExchangeRateSchema = z
  .object({
    from: z.string(),
    to: z.string(),
    rate: rateNumber.meta({ description: "Units of `to` per 1 `from`, as a JSON number" }),
    rateExact,
    date: day("The day of the rate: the older of the two currencies' rate days"),
    requestedDate: day("The day asked for (today by default); each rate is the latest on or before it"),
    source: source.meta({ description: "The rates' source when both agree (USD's fixed 1 aside), else mixed" }),
    legs: z
      .object({ from: apiRateLegSchema, to: apiRateLegSchema })
      .meta({ description: "The two per-USD rates the answer is computed from" }),
  })
  .meta({ title: "ExchangeRate" });

export const apiStoredRateSchema = z
  .object({
    currencyCode: z.string(),
    date: day("yyyy-MM-dd"),
    rate: rateNumber.meta({ description: "Units of the currency per 1 USD, as a JSON number" }),
    rateExact,
    source,
    fetchedAt: z.string().meta({ description: "When it was stored (ISO 8601)", format: "date-time" }),
  })
  .meta({ title: "StoredExchangeRate" });

export function toApiStoredRate(r: StoredRate): z.infer<typeof apiStoredRateSchema> {
  return {
    currencyCode: r.currencyCode,
    date: r.date,
    rate: Number(r.rate),
    rateExact: r.rate,
    source: r.source,
    fetchedAt: r.fetchedAt.toISOString(),
  };
}

export function toApiRateLeg(r: KnownRate): z.infer<typeof apiRateLegSchema> {
  return { currencyCode: r.currencyCode, rate: r.rate, date: r.date, source: r.source };
}
