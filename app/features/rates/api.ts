import { z } from "zod";
import { manualRateSchema } from "~/features/rates/schemas";
import { FIXED_SOURCE, type KnownRate } from "~/features/rates/model";
import type { StoredRate } from "~/features/rates/queries.server";
import type { Currency } from "~/features/rates/model";
import { BASE_CURRENCY } from "~/money/currencies";
import { optionalIsoDateField } from "~/calendar/fields";
import { defineOperation } from "~/platform/http/operation";
import { wholeNumberParam } from "~/platform/http/query-params";

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

/**
 * GET /api/exchange-rates' answer from the two per-USD legs and their cross rate. USD's fixed 1
 * says nothing about how old or where from; the other leg does.
 */
export function toApiExchangeRate(
  pair: { from: string; to: string; day: string; exact: string },
  fromLeg: KnownRate,
  toLeg: KnownRate,
): z.infer<typeof apiExchangeRateSchema> {
  const stored = [fromLeg, toLeg].filter((leg) => leg.source !== FIXED_SOURCE);
  const sources = [...new Set(stored.map((leg) => leg.source))];
  return {
    from: pair.from,
    to: pair.to,
    rate: Number(pair.exact),
    rateExact: pair.exact,
    date: stored.map((leg) => leg.date).sort()[0] ?? pair.day,
    requestedDate: pair.day,
    source: sources.length === 0 ? FIXED_SOURCE : sources.length === 1 ? sources[0]! : "mixed",
    legs: { from: toApiRateLeg(fromLeg), to: toApiRateLeg(toLeg) },
  };
}

/** GET /api/exchange-rates/latest's answer: each code's rate, or the code listed as missing (never 1). */
export function toApiLatestRates(codes: readonly string[], known: ReadonlyMap<string, KnownRate>, date: string) {
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
  return { base: BASE_CURRENCY, date, rates, exactRates, asOf, missing };
}

const currencyCode = (description: string) =>
  z
    .string({ error: "validation.currencyRequired" })
    .trim()
    .toUpperCase()
    .min(1, "validation.currencyRequired")
    .max(10, "api.currencyUnknown")
    .meta({ description });

const optionalDay = (description: string) =>
  optionalIsoDateField().meta({ description });

export const exchangeRateQuerySchema = z.object({
  from: currencyCode("The currency converted from; USD when omitted").default(BASE_CURRENCY),
  to: currencyCode("The currency converted to"),
  date: optionalDay("yyyy-MM-dd; today (UTC) when omitted. The rates used are the latest on or before it."),
});

export const rateHistoryQuerySchema = z
  .object({
    currency: currencyCode("The currency whose rates to list"),
    startDate: optionalDay("First day, yyyy-MM-dd (inclusive)"),
    endDate: optionalDay("Last day, yyyy-MM-dd (inclusive)"),
    page: wholeNumberParam({ min: 1, max: 100_000, default: 1, message: "api.pageRange", description: "Page number, from 1" }),
    limit: wholeNumberParam({ min: 1, max: 100, default: 50, message: "api.limitRange", description: "Rows per page (1–100)" }),
  })
  .refine((q) => !q.startDate || !q.endDate || q.startDate <= q.endDate, {
    message: "errors.dateRangeInvalid",
    path: ["endDate"],
  });

const paginationSchema = z.object({
  page: z.number().int(),
  limit: z.number().int(),
  total: z.number().int(),
  totalPages: z.number().int(),
});

export const getExchangeRateOperation = defineOperation({
  operationId: "getExchangeRate",
  method: "GET",
  path: "/api/exchange-rates",
  summary: "The rate between two currencies on a day (today by default)",
  description:
    "Units of `to` per 1 `from`. Every stored rate is per 1 USD, so a pair without USD is a cross rate: " +
    "rate(to) ÷ rate(from), computed exactly (integer arithmetic on the decimal digits) and rounded once to 12 fraction " +
    "digits, half away from zero; rateExact is that string and rate its nearest JSON number. Each leg is the latest " +
    "rate on or before the day (a manual rate wins over the provider's, which wins over the built-in snapshot, on the " +
    "same day). Any known currency may be used, active or not (400 for an unknown code); 404 when no rate is known " +
    "for a currency on or before the day. A missing rate is never taken as 1. A transaction's conversionRate for a " +
    "currency X (units of X per 1 USD) is therefore from=USD&to=X.",
  tag: "exchange-rates",
  access: "user",
  query: exchangeRateQuerySchema,
  response: z.object({ exchange_rate: apiExchangeRateSchema }),
  errorStatuses: [404],
});

export const latestRatesOperation = defineOperation({
  operationId: "latestExchangeRates",
  method: "GET",
  path: "/api/exchange-rates/latest",
  summary: "The latest rate of every active currency, per 1 USD",
  description:
    "rates maps each code to a JSON number (USD is 1); exactRates holds the exact strings; asOf says, per code, " +
    "which day's rate that is and where it came from. A currency with no rate at all is left out of the maps and " +
    "listed in missing, never given 1.",
  tag: "exchange-rates",
  access: "user",
  response: z.object({
    base: z.literal(BASE_CURRENCY),
    date: z.string().meta({ description: "Today (UTC): each rate is the latest on or before it", format: "date" }),
    rates: z.record(z.string(), z.number()),
    exactRates: z.record(z.string(), z.string()),
    asOf: z.record(z.string(), z.object({ date: z.string(), source: z.string() })),
    missing: z.array(z.string()),
  }),
});

export const rateHistoryOperation = defineOperation({
  operationId: "exchangeRateHistory",
  method: "GET",
  path: "/api/exchange-rates/history",
  summary: "The stored rates of one currency over a date range, newest first",
  description:
    "Every stored rate, all sources (a day can have a snapshot, a provider and a manual rate); on one day the rate " +
    "that lookups use comes first. Paged: 50 rows by default, at most 100. Unknown currency: 400.",
  tag: "exchange-rates",
  access: "user",
  query: rateHistoryQuerySchema,
  response: z.object({ rates: z.array(apiStoredRateSchema), pagination: paginationSchema }),
});

export const createManualRateOperation = defineOperation({
  operationId: "createManualRate",
  method: "POST",
  path: "/api/exchange-rates",
  summary: "Enter a rate by hand (superadmin)",
  description:
    "Stored with source manual for the currency and day; a manual rate already there for that day is replaced. " +
    "On its day a manual rate wins over the provider's. The currency must be active and not USD (always 1); the " +
    "rate is > 0 with at most 12 fraction digits, best sent as a string.",
  tag: "exchange-rates",
  access: "superadmin",
  body: manualRateSchema,
  response: z.object({ exchange_rate: apiStoredRateSchema }),
  successStatus: 201,
});

export const rateOperations = [getExchangeRateOperation, latestRatesOperation, rateHistoryOperation, createManualRateOperation];

export const listCurrenciesOperation = defineOperation({
  operationId: "listCurrencies",
  method: "GET",
  path: "/api/currencies",
  summary: "The active currencies, by code",
  description: "The built-in list of spec section 3 unless a superadmin changed it.",
  tag: "currencies",
  access: "user",
  response: z.object({ currencies: z.array(apiCurrencySchema) }),
});

export const getCurrencyOperation = defineOperation({
  operationId: "getCurrency",
  method: "GET",
  path: "/api/currencies/{code}",
  summary: "One currency, active or not",
  tag: "currencies",
  access: "user",
  params: { code: "The currency code, in any letter case" },
  response: z.object({ currency: apiCurrencySchema }),
  errorStatuses: [404],
});

export const currencyOperations = [listCurrenciesOperation, getCurrencyOperation];

// --- Rates for past dates (issue 26, decision 037) ---

/**
 * A missing rate's suggestion as the API's error envelope carries it in `details` (a flat map of
 * figures): per currency with no rate, the nearest known rate, its day and source, and the
 * label the form shows, in the request's language. Never applied: a client sends it back as
 * `exchangeRate` if the user accepts it.
 */
export function rateSuggestionDetails(suggestions: readonly (KnownRate & { label: string })[]): Record<string, string> {
  const details: Record<string, string> = {};
  for (const s of suggestions) {
    details[`suggestedRate.${s.currencyCode}`] = s.rate;
    details[`suggestedRateDate.${s.currencyCode}`] = s.date;
    details[`suggestedRateSource.${s.currencyCode}`] = s.source;
    details[`suggestedRateLabel.${s.currencyCode}`] = s.label;
  }
  return details;
}
