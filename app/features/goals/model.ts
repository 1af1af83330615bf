import { daysBetween } from "~/calendar/days";
import { progressPercent } from "~/money/ratio";

// The savings-goals model without zod (the schemas are in schemas.ts): the figures a goal shows,
// pure, so the page and the API compute them alike.

export const GOAL_NAME_MAX = 100;
export const GOAL_DESCRIPTION_MAX = 500;
export const GOAL_NOTE_MAX = 200;

/** Spec section 9: a goal's months are 30 days each. */
export const GOAL_MONTH_DAYS = 30;

/** How long is left: no date set, past it, due today, or whole 30-day months (rounded up). */
export type GoalTimeLeft = { kind: "none" } | { kind: "pastDue" } | { kind: "dueToday" } | { kind: "months"; months: number };

export type GoalFigures = {
  /**
   * Saved as a whole percent of the target, rounded down (money/ratio.ts progressPercent): 99.9 %
   * saved never reads "100 %" before the goal is completed. Above 100 once exceeded; 1000 stands
   * for "more than 999 %".
   */
  percent: number;
  /** Target − saved in the goal's minor units, never below zero. */
  remainingMinor: number;
  completed: boolean;
  timeLeft: GoalTimeLeft;
  /**
   * What to put aside each month to reach the target by its date, in minor units; null when the
   * goal is reached, has no date, or the date is today or past. Rounded UP, unlike the
   * percents: months × this is never short of the target.
   */
  perMonthMinor: number | null;
};

/** The time left until `targetDate` (yyyy-MM-dd) seen from `today`: 1 to 30 days is 1 month, 31 is 2. */
export function goalTimeLeft(targetDate: string | null, today: string): GoalTimeLeft {
  if (!targetDate) return { kind: "none" };
  const days = daysBetween(today, targetDate);
  if (days < 0) return { kind: "pastDue" };
  if (days === 0) return { kind: "dueToday" };
  return { kind: "months", months: Math.ceil(days / GOAL_MONTH_DAYS) };
}

export function goalFigures(goal: { targetMinor: number; savedMinor: number; targetDate: string | null }, today: string): GoalFigures {
  const { targetMinor, savedMinor } = goal;
  if (!Number.isSafeInteger(targetMinor) || targetMinor <= 0) throw new RangeError("a target is a positive count of minor units");
  const remainingMinor = Math.max(0, targetMinor - savedMinor);
  const completed = remainingMinor === 0;
  const timeLeft = goalTimeLeft(goal.targetDate, today);
  const perMonthMinor = !completed && timeLeft.kind === "months" ? Math.ceil(remainingMinor / timeLeft.months) : null;
  return { percent: progressPercent(savedMinor, targetMinor), remainingMinor, completed, timeLeft, perMonthMinor };
}

export type GoalCurrency = { code: string; decimalPlaces: number };

/** What a goal write takes. `savedMinor` is what is saved so far: on create the first entry, on edit an adjustment. */
export type GoalInput = {
  name: string;
  currencyCode: string;
  targetMinor: number;
  savedMinor?: number;
  targetDate: string | null;
  description: string | null;
};

/** A deposit (positive) or withdrawal (negative) in the goal's currency. */
export type GoalProgressInput = { amountMinor: number; note: string | null };

/**
 * What a history entry was, said when the user left no note: the oldest entry is what the goal
 * started with (the "saved so far" of its creation, or its first deposit), the others money added
 * or withdrawn (a corrected "saved so far" is one of these too). No history line goes unlabelled.
 */
export type GoalEntryKind = "start" | "added" | "withdrawn";

export function goalEntryKind(amountMinor: number, oldest: boolean): GoalEntryKind {
  if (amountMinor < 0) return "withdrawn";
  return oldest ? "start" : "added";
}
