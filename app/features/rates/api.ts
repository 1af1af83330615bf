import { z } from "zod";
import { manualRateSchema } from "~/features/rates/model";
import { isIsoDate } from "~/features/transactions/model";
import { defineOperation } from "~/platform/http/operation";
import { wholeNumberParam } from "~/platform/http/query-params";
import { apiExchangeRateSchema, apiStoredRateSchema } from "./api-json";

const currencyCode = (description: string) =>
  z
    .string({ error: "validation.currencyRequired" })
    .trim()
    .toUpperCase()
    .min(1, "validation.currencyRequired")
    .max(10, "errors.currencyUnknown")
    .meta({ description });

const optionalDay = (description: string) =>
  z.string().trim().refine(isIsoDate, "validation.dateInvalid").optional().meta({ description });

export const exchangeRateQuerySchema = z.object({
  from: currencyCode("The currency converted from; USD when omitted").default("USD"),
  to: currencyCode("The currency converted to"),
  date: optionalDay("yyyy-MM-dd; today (UTC) when omitted. The rates used are the latest on or before it."),
});

export const rateHistoryQuerySchema = z
  .object({
    currency: currencyCode("The currency whose rates to list"),
    startDate: optionalDay("First day, yyyy-MM-dd (inclusive)"),
    endDate: optionalDay("Last day, yyyy-MM-dd (inclusive)"),
    page: wholeNumberParam({ min: 1, max: 100_000, default: 1, message: "errors.pageRange", description: "Page number, from 1" }),
    limit: wholeNumberParam({ min: 1, max: 100, default: 50, message: "errors.limitRange", description: "Rows per page (1–100)" }),
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
    "rate(to) ÷ rate(from), computed in exact decimal arithmetic (big.js, 40 places) and rounded once to 12 fraction " +
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
    base: z.literal("USD"),
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
