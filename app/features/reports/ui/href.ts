import { yearMonthOf } from "~/calendar/months";
import type { ReportPeriod } from "~/features/reports/model/period";

export type ReportChart = "pie" | "bar" | "trend";
export const REPORT_CHARTS: readonly ReportChart[] = ["pie", "bar", "trend"];

/** The period's part of a reports address: ?month=yyyy-MM for a month, ?from=&to= for a range. */
export function periodParams(period: ReportPeriod): Record<string, string> {
  return period.month ? { month: yearMonthOf(period.month) } : { from: period.startDate, to: period.endDate };
}

/** /reports for a period and chart: each chart has its own address, so it works without JavaScript. */
export function reportsHref(period: ReportPeriod, chart: ReportChart = "pie"): string {
  const params = new URLSearchParams(periodParams(period));
  if (chart !== "pie") params.set("chart", chart);
  return `/reports?${params}`;
}

/** The CSV of the period (the web export, signed in by the session), or with "xlsx" its spreadsheet. */
export function exportHref(period: ReportPeriod, format: "csv" | "xlsx" = "csv"): string {
  const params = new URLSearchParams({ from: period.startDate, to: period.endDate });
  if (format !== "csv") params.set("format", format);
  return `/reports/export?${params}`;
}
