import { z } from "zod";
import { isoDay } from "~/calendar/days";
import { monthStartOf } from "~/calendar/months";
import { EARLIEST_DAY } from "~/calendar/range";
import { userToday } from "~/calendar/time-zones";
import { optionalIsoDateField } from "~/calendar/fields";
import { incomeExpenseFigures } from "~/features/transactions/model/transaction";
import type { Decimals, Summary } from "~/features/transactions/queries.server";
import { minorToNumber } from "~/money/amounts";
import { decimalsOf } from "~/money/currencies";
import { defineOperation } from "~/platform/http/operation";
import { reportRefusal } from "./errors";
import { GROUPINGS, monthPeriod, readRange, type Grouping, type ReportPeriod, type TrendPoint } from "./model/period";
import type { ReportCategory } from "./queries/report.server";
import { EXPORT_FORMATS, XLSX_CONTENT_TYPE } from "./model/formats";

// The reports API (SPEC section 7, issue 13). Every call takes a period: startDate and endDate
// (yyyy-MM-dd, both inclusive, at most five years), or neither for the caller's current month (in their time zone, decision 032), as
// the client's report screen opens on it. One date without the other is refused: a period
// silently stretched to "today" or to the start of time is not what a client that lost a
// parameter meant. USD figures come as decimals and as integer cents; per-currency figures in
// the currency's own decimals and minor units.

// Each date is checked on its own field (a real date from 1900-01-01 to ten years after today, decision
// 022) before the period is: a refused date is named where it was sent.
const day = (description: string) =>
  optionalIsoDateField().meta({ description });

const periodFields = {
  startDate: day(`First day, yyyy-MM-dd (inclusive), from ${EARLIEST_DAY}. Omit both dates for the current month (in the user's time zone)`),
  endDate: day("Last day, yyyy-MM-dd (inclusive), at most 5 years after startDate and 10 years after today"),
};

/**
 * The period the query names, null for the caller's current month (which the schema cannot know:
 * `askedPeriod` reads it from the caller), or an issue on the field to blame.
 */
function periodOf(query: { startDate?: string; endDate?: string }, ctx: z.RefinementCtx): ReportPeriod | null | typeof z.NEVER {
  const { startDate, endDate } = query;
  if (startDate === undefined && endDate === undefined) return null;
  if (startDate === undefined || endDate === undefined) {
    ctx.addIssue({ code: "custom", message: "validation.dateRequired", path: [startDate === undefined ? "startDate" : "endDate"] });
    return z.NEVER;
  }
  const today = isoDay();
  const read = readRange(startDate, endDate, today);
  if (read.ok) return read.period;
  ctx.addIssue({ code: "custom", message: reportRefusal(read.error, today).message, path: ["endDate"] });
  return z.NEVER;
}

/** The period a report call asked for: the one it named, else the caller's current month (decision 032). */
export function askedPeriod(period: ReportPeriod | null, caller: { timeZone: string }): ReportPeriod {
  return period ?? monthPeriod(monthStartOf(userToday(caller)));
}

export const reportPeriodQuerySchema = z.object(periodFields).transform((q, ctx) => ({ period: periodOf(q, ctx) }));

export const reportTrendsQuerySchema = z
  .object({
    ...periodFields,
    period: z
      .string()
      .trim()
      .toLowerCase()
      .pipe(z.enum(GROUPINGS, { error: "api.reportPeriodInvalid" }))
      .optional()
      .meta({
        type: "string",
        enum: [...GROUPINGS],
        description: "daily, weekly (ISO weeks, from Monday) or monthly, in any case; by default daily up to 62 days, weekly up to a year, then monthly",
      }),
  })
  .transform((q, ctx) => ({ period: periodOf(q, ctx), grouping: q.period }));

/** "true" or "false" (also 1 or 0), true when omitted. */
const flag = (description: string) =>
  z
    .string()
    .trim()
    .toLowerCase()
    .pipe(z.enum(["true", "false", "1", "0"], { error: "api.booleanInvalid" }))
    .optional()
    .transform((value) => value === undefined || value === "true" || value === "1")
    .meta({ type: "string", enum: ["true", "false", "1", "0"], description });

export const reportExportQuerySchema = z
  .object({
    format: z
      .string()
      .trim()
      .toLowerCase()
      .pipe(z.enum(EXPORT_FORMATS, { error: "api.exportFormatInvalid" }))
      .optional()
      .transform((format) => format ?? "csv")
      .meta({
        type: "string",
        enum: [...EXPORT_FORMATS],
        description: "csv (the default: the machine format, the one to import back) or xlsx (a spreadsheet in the request's language)",
      }),
    ...periodFields,
    includeCategories: flag("The category column; true by default"),
    includeCurrencyConversion: flag("The exchange_rate, rate_date and rate_source columns; true by default"),
  })
  .transform((q, ctx) => ({
    period: periodOf(q, ctx),
    format: q.format,
    options: { includeCategories: q.includeCategories, includeCurrencyConversion: q.includeCurrencyConversion },
  }));

const usdFigures = {
  income: z.number(),
  expense: z.number(),
  total: z.number(),
  incomeCents: z.number().int(),
  expenseCents: z.number().int(),
  totalCents: z.number().int(),
};
const periodShape = z.object({ startDate: z.string(), endDate: z.string() });

export const reportSummaryOperation = defineOperation({
  operationId: "reportSummary",
  method: "GET",
  path: "/api/reports/summary",
  summary: "A period's totals per payment currency, with their USD equivalents",
  description:
    "summary: one item per currency paid in during the period (ascending by code): income, expense and total (income − expense) " +
    "in that currency at its decimals, also as integer minor units, and usdEquivalent, the sum of the same payments' stored USD " +
    "conversions. totals: the period's USD income, expenses and net over all currencies, and the number of transactions and currencies.",
  tag: "reports",
  access: "user",
  query: reportPeriodQuerySchema,
  response: z.object({
    summary: z.array(
      z.object({
        currency: z.string(),
        decimals: z.number().int(),
        income: z.number(),
        expense: z.number(),
        total: z.number(),
        incomeMinor: z.number().int(),
        expenseMinor: z.number().int(),
        totalMinor: z.number().int(),
        usdEquivalent: z.object(usdFigures),
      }),
    ),
    totals: z.object({ ...usdFigures, transactionCount: z.number().int(), currencyCount: z.number().int() }),
    period: periodShape,
  }),
});

export const reportCategoriesOperation = defineOperation({
  operationId: "reportCategories",
  method: "GET",
  path: "/api/reports/categories",
  summary: "A period's expenses per category in USD, largest first, with their percent of the total",
  description:
    "percent is in tenths rounded so that the column adds up to exactly 100.0 (largest remainder: every share rounded down, the " +
    "missing tenths to the largest remainders); percentTenths is the same as an integer. Expenses without a category have id null.",
  tag: "reports",
  access: "user",
  query: reportPeriodQuerySchema,
  response: z.object({
    categories: z.array(
      z.object({
        id: z.string().nullable(),
        name: z.string().nullable(),
        color: z.string().nullable(),
        icon: z.string().nullable(),
        totalAmount: z.number(),
        totalCents: z.number().int(),
        percent: z.number(),
        percentTenths: z.number().int(),
      }),
    ),
    period: periodShape,
  }),
});

export const reportTrendsOperation = defineOperation({
  operationId: "reportTrends",
  method: "GET",
  path: "/api/reports/trends",
  summary: "USD income, expenses and the running balance per day, week or month",
  description:
    "One item per bucket of the period, empty ones as zero; date is the bucket's first day (a week's Monday, which may fall before " +
    "startDate). balance is income − expenses from startDate to the bucket's end.",
  tag: "reports",
  access: "user",
  query: reportTrendsQuerySchema,
  response: z.object({
    trends: z.array(
      z.object({
        date: z.string(),
        income: z.number(),
        expenses: z.number(),
        balance: z.number(),
        incomeCents: z.number().int(),
        expensesCents: z.number().int(),
        balanceCents: z.number().int(),
      }),
    ),
    period: periodShape.extend({ grouping: z.enum(GROUPINGS) }),
  }),
});

export const reportExportOperation = defineOperation({
  operationId: "reportExport",
  method: "GET",
  path: "/api/reports/export",
  summary: "The period's payments as a CSV file (or, with format=xlsx, a spreadsheet)",
  description:
    "UTF-8 with a byte-order mark, RFC 4180 with CRLF line ends (a cell holding a comma, a semicolon, a quote or a line break is " +
    "quoted), one row per payment in date order. Columns: date, description, type, category, tags, currency, original_amount, " +
    "exchange_rate, rate_date, rate_source, usd_amount, transaction_id. Tags: the names in name order joined with '; ', where a " +
    "backslash escapes a backslash, a ';' or a formula start inside a name (read: split at each unescaped '; ', then drop the " +
    "escaping backslashes). Amounts are plain decimals with a dot at the currency's decimals; expenses are negative, so usd_amount " +
    "adds up to the net balance of /api/reports/summary. In text cells an apostrophe is put before =, +, -, @, a tab or a carriage " +
    "return at the start of the cell or right after a comma, a semicolon or a line break in it (spaces skipped). Streamed: " +
    "Content-Disposition names the period (tallyworth-2026-11-01_2026-11-30.csv). With format=xlsx: the same rows and columns as an " +
    ".xlsx workbook for people, in the request's language (Accept-Language): translated headers, types and default category names, " +
    "amounts, rates and USD as number cells (expenses negative) with number formats, dates as date cells " +
    "(tallyworth-2026-11-01_2026-11-30.xlsx). The CSV is the format to import back.",
  tag: "reports",
  access: "user",
  query: reportExportQuerySchema,
  response: z.string().meta({ description: "The CSV file, or the .xlsx file with format=xlsx" }),
  successContentType: ["text/csv", XLSX_CONTENT_TYPE],
});

export const reportOperations = [reportSummaryOperation, reportCategoriesOperation, reportTrendsOperation, reportExportOperation];

// The JSON of each report, shaped here so a route only reads and returns: USD as decimals and as
// integer cents, a currency's amounts at its decimals and as integer minor units.

const periodJson = (period: ReportPeriod) => ({ startDate: period.startDate, endDate: period.endDate });
const usdJson = (incomeCents: number, expenseCents: number) => ({
  ...incomeExpenseFigures(incomeCents, expenseCents, 2),
  incomeCents,
  expenseCents,
  totalCents: incomeCents - expenseCents,
});

/** GET /api/reports/summary: per payment currency its figures and USD equivalent, the period's USD totals and counts. */
export function reportSummaryJson(summary: Summary, decimals: Decimals, period: ReportPeriod) {
  return {
    summary: summary.byCurrency.map((c) => {
      const places = decimalsOf(c.currencyCode, decimals);
      return {
        currency: c.currencyCode,
        decimals: places,
        ...incomeExpenseFigures(c.incomeMinor, c.expenseMinor, places),
        incomeMinor: c.incomeMinor,
        expenseMinor: c.expenseMinor,
        totalMinor: c.incomeMinor - c.expenseMinor,
        usdEquivalent: usdJson(c.incomeUsdCents, c.expenseUsdCents),
      };
    }),
    totals: { ...usdJson(summary.incomeUsdCents, summary.expenseUsdCents), transactionCount: summary.count, currencyCount: summary.byCurrency.length },
    period: periodJson(period),
  };
}

/** GET /api/reports/categories: the expense categories with their USD totals and shares. */
export function reportCategoriesJson(categories: readonly ReportCategory[], period: ReportPeriod) {
  return {
    categories: categories.map((c) => ({
      id: c.categoryId,
      name: c.name,
      color: c.color,
      icon: c.icon,
      totalAmount: minorToNumber(c.usdCents, 2),
      totalCents: c.usdCents,
      percent: minorToNumber(c.shareTenths, 1),
      percentTenths: c.shareTenths,
    })),
    period: periodJson(period),
  };
}

/** GET /api/reports/trends: income, expenses and the running balance per bucket of the grouping. */
export function reportTrendsJson(trend: readonly TrendPoint[], period: ReportPeriod, grouping: Grouping) {
  const usd = (cents: number) => minorToNumber(cents, 2);
  return {
    trends: trend.map((p) => ({
      date: p.date,
      income: usd(p.incomeUsdCents),
      expenses: usd(p.expenseUsdCents),
      balance: usd(p.balanceUsdCents),
      incomeCents: p.incomeUsdCents,
      expensesCents: p.expenseUsdCents,
      balanceCents: p.balanceUsdCents,
    })),
    period: { ...periodJson(period), grouping },
  };
}
