import { addDays, dayParts, daysBetween, isIsoDate, utcDay, weekStartOf } from "~/calendar/days";
import { addMonths, monthEndOf, monthStartOf, type MonthStart } from "~/calendar/months";
import { acceptedDays, isDayInRange, readMonthInRange } from "~/calendar/range";

// A report's period (issue 13) and how its trend is grouped. Pure: the page, the API and the
// CSV export read the same period the same way.

/** The longest period a report covers: five years (from 2021-01-01, up to 2025-12-31). */
export const MAX_REPORT_YEARS = 5;

/** Spec: periods longer than 62 days group by week or month. */
export const DAILY_MAX_DAYS = 62;
/** Up to a year, weeks; beyond, months. */
export const WEEKLY_MAX_DAYS = 366;

export type Grouping = "daily" | "weekly" | "monthly";
export const GROUPINGS: readonly Grouping[] = ["daily", "weekly", "monthly"];

export type ReportPeriod = { startDate: string; endDate: string; month: MonthStart | null };
/** dateOutOfRange: a date before 1900-01-01 or more than ten years after today (decision 022). */
export type PeriodError = "dateInvalid" | "dateOutOfRange" | "dateRangeInvalid" | "rangeTooLong";

/** The last day a period starting on `startDate` may end on. */
export function latestEnd(startDate: string): string {
  // The day before the same day five years later; 29 February five years later is 1 March, so
  // a period from a leap day may end on 28 February.
  const { year, month, day } = dayParts(startDate);
  return utcDay(year + MAX_REPORT_YEARS, month - 1, day - 1);
}

/**
 * A custom range (both dates inclusive), checked: real dates, within the accepted dates on
 * `today`, the end not before the start, at most five years.
 */
export function readRange(from: unknown, to: unknown, today: string): { ok: true; period: ReportPeriod } | { ok: false; error: PeriodError } {
  if (typeof from !== "string" || typeof to !== "string" || !isIsoDate(from) || !isIsoDate(to)) return { ok: false, error: "dateInvalid" };
  const accepted = acceptedDays(today);
  if (!isDayInRange(from, accepted) || !isDayInRange(to, accepted)) return { ok: false, error: "dateOutOfRange" };
  if (to < from) return { ok: false, error: "dateRangeInvalid" };
  if (to > latestEnd(from)) return { ok: false, error: "rangeTooLong" };
  return { ok: true, period: { startDate: from, endDate: to, month: null } };
}

/** A calendar month as a period. */
export function monthPeriod(month: MonthStart): ReportPeriod {
  return { startDate: month, endDate: monthEndOf(month), month };
}

/**
 * The period a page's address asks for: ?from=&to= (a custom range), else ?month=yyyy-MM, else
 * this month. A month after the current one is not offered (spec section 2: "next" stops at the
 * current month) and reads as the current month.
 */
export function readPagePeriod(params: URLSearchParams, today: string): { ok: true; period: ReportPeriod } | { ok: false; error: PeriodError } {
  if (params.has("from") || params.has("to")) return readRange(params.get("from"), params.get("to"), today);
  const current = monthStartOf(today);
  // A month before 1900 reads as the current month, as one that is no month at all does.
  const month = readMonthInRange(params.get("month"), acceptedDays(today));
  return { ok: true, period: monthPeriod(month && month <= current ? month : current) };
}

/** How a period's trend is grouped when the reader does not choose: days up to 62, weeks up to a year, then months. */
export function defaultGrouping(period: ReportPeriod): Grouping {
  const days = daysBetween(period.startDate, period.endDate) + 1;
  return days <= DAILY_MAX_DAYS ? "daily" : days <= WEEKLY_MAX_DAYS ? "weekly" : "monthly";
}

/** The first day of the bucket `day` falls in: itself, its week's Monday (ISO weeks), or its month's first day. */
export function bucketOf(day: string, grouping: Grouping): string {
  if (grouping === "daily") return day;
  if (grouping === "monthly") return monthStartOf(day);
  return weekStartOf(day);
}

/** Every bucket of the period in order, the first one starting on or before the period's start. */
export function bucketsOf(period: ReportPeriod, grouping: Grouping): string[] {
  const buckets: string[] = [];
  let bucket = bucketOf(period.startDate, grouping);
  while (bucket <= period.endDate) {
    buckets.push(bucket);
    bucket =
      grouping === "monthly"
        ? addMonths(bucket as MonthStart, 1)
        : addDays(bucket, grouping === "weekly" ? 7 : 1);
  }
  return buckets;
}

/**
 * The days a bucket's figures count (issue 27: a bar or a trend's row links to them): from the
 * bucket's first day to the day before the next bucket, clipped to the period, as trendOf adds
 * them up (a week that starts before the period counts only the period's days).
 */
export function bucketRange(bucket: string, grouping: Grouping, period: Pick<ReportPeriod, "startDate" | "endDate">): { from: string; to: string } {
  const next = grouping === "monthly" ? addMonths(bucket as MonthStart, 1) : addDays(bucket, grouping === "weekly" ? 7 : 1);
  const last = addDays(next, -1);
  return { from: bucket < period.startDate ? period.startDate : bucket, to: last > period.endDate ? period.endDate : last };
}

export type DayTotals = { date: string; incomeUsdCents: number; expenseUsdCents: number };
export type TrendPoint = { date: string; incomeUsdCents: number; expenseUsdCents: number; balanceUsdCents: number };

/**
 * The trend: income and expenses per bucket (every bucket of the period, empty ones as zero) and
 * the running balance (income − expenses since the period's start) at each bucket's end. Integer
 * cents added up; nothing rounded.
 */
export function trendOf(days: readonly DayTotals[], period: ReportPeriod, grouping: Grouping): TrendPoint[] {
  const byBucket = new Map(bucketsOf(period, grouping).map((date) => [date, { date, incomeUsdCents: 0, expenseUsdCents: 0, balanceUsdCents: 0 }]));
  for (const day of days) {
    const point = byBucket.get(bucketOf(day.date, grouping));
    if (!point) continue;
    point.incomeUsdCents += day.incomeUsdCents;
    point.expenseUsdCents += day.expenseUsdCents;
  }
  let balance = 0;
  return [...byBucket.values()].map((point) => {
    balance += point.incomeUsdCents - point.expenseUsdCents;
    return { ...point, balanceUsdCents: balance };
  });
}
