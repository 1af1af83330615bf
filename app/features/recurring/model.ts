import { addDays, addYears, dayParts, daysBetween, utcDay } from "~/calendar/days";

// Schedules (issue 24): the pure date rules. A schedule's occurrences are numbered from its start
// (the 0th is the start date) and each is computed from the start, never from the one before,
// so a monthly schedule on the 31st clamps to a shorter month's last day and returns to the 31st
// after it (Jan 31 → Feb 28 → Mar 31), and a yearly one on Feb 29 posts on Feb 28 in common
// years and on Feb 29 again in leap years. Dates are yyyy-MM-dd; no Date.UTC (app/calendar/days.ts).

export const FREQUENCIES = ["daily", "weekly", "monthly", "yearly"] as const;
export type Frequency = (typeof FREQUENCIES)[number];

/** Every N days, weeks, months or years: the database's CHECK holds the same bounds. */
export const INTERVAL_MIN = 1;
export const INTERVAL_MAX = 365;
/** A schedule's number of occurrences, when it has one, is at most this (a daily schedule for 27 years). */
export const OCCURRENCE_LIMIT_MAX = 10_000;
/** How many upcoming dates a schedule shows (the page and the API's `upcoming`). */
export const UPCOMING_COUNT = 5;

export type ScheduleRule = {
  frequency: Frequency;
  interval: number;
  startDate: string;
  /** Inclusive: an occurrence on the end date is posted. */
  endDate: string | null;
  /** How many occurrences the schedule has in all (posted, skipped or to come). */
  occurrenceLimit: number | null;
};

/** The `index`th occurrence's date by the rule alone (no end, no limit); the 0th is the start. */
export function occurrenceAt(rule: Pick<ScheduleRule, "frequency" | "interval" | "startDate">, index: number): string {
  const step = index * rule.interval;
  switch (rule.frequency) {
    case "daily":
      return addDays(rule.startDate, step);
    case "weekly":
      return addDays(rule.startDate, step * 7);
    case "monthly": {
      const { year, month, day } = dayParts(rule.startDate);
      const lastOfMonth = dayParts(utcDay(year, month - 1 + step + 1, 0)).day;
      return utcDay(year, month - 1 + step, Math.min(day, lastOfMonth));
    }
    case "yearly":
      return addYears(rule.startDate, step);
  }
}

/** Whether the schedule has an `index`th occurrence (within its count and end date). */
function withinBounds(rule: ScheduleRule, index: number, date: string): boolean {
  if (rule.occurrenceLimit !== null && index >= rule.occurrenceLimit) return false;
  if (rule.endDate !== null && date > rule.endDate) return false;
  return true;
}

/** The index of the first occurrence on or after `from` (by the rule alone). */
function firstIndexFrom(rule: ScheduleRule, from: string): number {
  if (from <= rule.startDate) return 0;
  const start = dayParts(rule.startDate);
  const target = dayParts(from);
  // An estimate at or just below the answer, then walked up: occurrences only grow with the index.
  let estimate: number;
  switch (rule.frequency) {
    case "daily":
    case "weekly": {
      const days = daysBetween(rule.startDate, from);
      estimate = Math.floor(days / (rule.interval * (rule.frequency === "weekly" ? 7 : 1)));
      break;
    }
    case "monthly":
      estimate = Math.floor(((target.year - start.year) * 12 + (target.month - start.month)) / rule.interval) - 1;
      break;
    case "yearly":
      estimate = Math.floor((target.year - start.year) / rule.interval) - 1;
      break;
  }
  let index = Math.max(0, estimate);
  while (index > 0 && occurrenceAt(rule, index - 1) >= from) index--;
  while (occurrenceAt(rule, index) < from) index++;
  return index;
}

export type Occurrence = { index: number; date: string };

/**
 * The schedule's occurrences from `from` to `to` (both inclusive), in order, at most `max` of
 * them, within its end date and count.
 */
export function occurrencesBetween(rule: ScheduleRule, from: string, to: string, max = Number.POSITIVE_INFINITY): Occurrence[] {
  const found: Occurrence[] = [];
  for (let index = firstIndexFrom(rule, from); found.length < max; index++) {
    const date = occurrenceAt(rule, index);
    if (date > to || !withinBounds(rule, index, date)) break;
    found.push({ index, date });
  }
  return found;
}

/**
 * The first `count` occurrences on or after `from` that `consumed` (posted or skipped dates) does
 * not hold, within the schedule's end date and count: a schedule's next date and its upcoming ones.
 */
export function nextOccurrences(rule: ScheduleRule, from: string, count: number, consumed: ReadonlySet<string> = new Set()): string[] {
  const found: string[] = [];
  // Each consumed date is passed over at most once, so the walk ends.
  let passed = 0;
  for (let index = firstIndexFrom(rule, from); found.length < count && passed <= consumed.size; index++) {
    const date = occurrenceAt(rule, index);
    if (!withinBounds(rule, index, date)) break;
    if (consumed.has(date)) passed++;
    else found.push(date);
  }
  return found;
}

/** The first occurrence on or after `from` that is not consumed; null when the schedule has none left. */
export function nextOccurrence(rule: ScheduleRule, from: string, consumed: ReadonlySet<string> = new Set()): string | null {
  return nextOccurrences(rule, from, 1, consumed)[0] ?? null;
}

/** Whether `date` is one of the schedule's occurrences. */
export function isOccurrence(rule: ScheduleRule, date: string): boolean {
  return occurrencesBetween(rule, date, date, 1).length === 1;
}

/**
 * Where a schedule stands when it is written: its next date. A new schedule starting before
 * the user's today starts from its start when the past occurrences are to be posted (each on its
 * own date), else from today.
 */
export function firstNextDate(rule: ScheduleRule, today: string, postPast: boolean): string | null {
  return nextOccurrence(rule, postPast ? rule.startDate : today > rule.startDate ? today : rule.startDate);
}

/** The day after a date, for "the next occurrence after the one just posted". */
export function dayAfter(date: string): string {
  return addDays(date, 1);
}

/** Whether a rule's fields are within bounds: the interval, an end not before the start, at most one of end and count. */
export type RuleProblem = "intervalRange" | "endBeforeStart" | "endAndCount" | "countRange";
export function ruleProblems(rule: ScheduleRule): { field: keyof ScheduleRule; problem: RuleProblem }[] {
  const problems: { field: keyof ScheduleRule; problem: RuleProblem }[] = [];
  if (!Number.isInteger(rule.interval) || rule.interval < INTERVAL_MIN || rule.interval > INTERVAL_MAX) problems.push({ field: "interval", problem: "intervalRange" });
  if (rule.endDate !== null && rule.endDate < rule.startDate) problems.push({ field: "endDate", problem: "endBeforeStart" });
  if (rule.endDate !== null && rule.occurrenceLimit !== null) problems.push({ field: "occurrenceLimit", problem: "endAndCount" });
  if (rule.occurrenceLimit !== null && (!Number.isInteger(rule.occurrenceLimit) || rule.occurrenceLimit < 1 || rule.occurrenceLimit > OCCURRENCE_LIMIT_MAX))
    problems.push({ field: "occurrenceLimit", problem: "countRange" });
  return problems;
}
