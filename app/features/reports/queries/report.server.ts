import { totalsByCategory, totalsByDate, transactionSummary } from "~/features/transactions/queries.server";
import type { Db } from "~/platform/db/client.server";
import { trendOf, type Grouping, type ReportPeriod, type TrendPoint } from "../model/period";
import { sharesInTenths } from "../model/shares";

// The figures of one report (issue 13), read through the transactions feature's queries: the
// /reports page, the dashboard charts and the reports API show the same numbers. Every total is
// a SQL sum of stored integer cents (or minor units); only the shares are computed here, once.

export type ReportCurrency = {
  currencyCode: string;
  incomeMinor: number;
  expenseMinor: number;
  incomeUsdCents: number;
  expenseUsdCents: number;
};

export type ReportCategory = {
  categoryId: string | null;
  name: string | null;
  color: string | null;
  icon: string | null;
  usdCents: number;
  /** Percent of the period's expenses in tenths (sharesInTenths: they add up to 1000). */
  shareTenths: number;
};

export type ReportData = {
  incomeUsdCents: number;
  expenseUsdCents: number;
  netUsdCents: number;
  /** Per payment currency, ascending by code: amounts in that currency's minor units and their stored USD cents. */
  currencies: ReportCurrency[];
  /** EXPENSE categories, largest first (then by id), uncategorised expenses as a null category. */
  categories: ReportCategory[];
  trend: TrendPoint[];
  transactionCount: number;
};

/** The expense categories of a period, largest first, with their shares of the expenses (sharesInTenths). */
export async function expenseCategories(db: Db, userId: string, period: ReportPeriod): Promise<ReportCategory[]> {
  const totals = await totalsByCategory(db, userId, { startDate: period.startDate, endDate: period.endDate, type: "EXPENSE" });
  const shares = sharesInTenths(totals.map((c) => c.usdCents));
  return totals.map((c, index) => ({
    categoryId: c.categoryId,
    name: c.name,
    color: c.color,
    icon: c.icon,
    usdCents: c.usdCents,
    shareTenths: shares[index]!,
  }));
}

/** Income, expenses and the running balance per day, week or month of the period (every bucket, empty ones as zero). */
export async function reportTrend(db: Db, userId: string, period: ReportPeriod, grouping: Grouping): Promise<TrendPoint[]> {
  return trendOf(await totalsByDate(db, userId, { startDate: period.startDate, endDate: period.endDate }), period, grouping);
}

export async function reportData(db: Db, userId: string, period: ReportPeriod, grouping: Grouping): Promise<ReportData> {
  const [summary, categories, trend] = await Promise.all([
    transactionSummary(db, userId, { startDate: period.startDate, endDate: period.endDate }),
    expenseCategories(db, userId, period),
    reportTrend(db, userId, period, grouping),
  ]);
  return {
    incomeUsdCents: summary.incomeUsdCents,
    expenseUsdCents: summary.expenseUsdCents,
    netUsdCents: summary.incomeUsdCents - summary.expenseUsdCents,
    currencies: summary.byCurrency,
    categories,
    trend,
    transactionCount: summary.count,
  };
}
