import { userToday } from "~/calendar/time-zones";
import { decimalsOf } from "~/money/currencies";
import { toApiGoal } from "~/features/goals/api";
import { findGoal, type GoalEntryRow, type GoalRow } from "~/features/goals/queries.server";
import type { GoalCurrency } from "~/features/goals/model";
import { listCurrencies } from "~/features/rates/queries.server";
import type { Db } from "~/platform/db/client.server";
import { apiErrors } from "~/platform/http/envelope";

/**
 * What the goal endpoints need to know of currencies: every one's decimals, to read a body's
 * amounts. Which one a goal may be set in is the goals command's rule (an active one, or its own).
 */
export type GoalCurrencies = { decimals: ReadonlyMap<string, number>; all: GoalCurrency[] };

export async function goalCurrencies(db: Db): Promise<GoalCurrencies> {
  const all = await listCurrencies(db, { activeOnly: false });
  return { decimals: new Map(all.map((c) => [c.code, c.decimalPlaces])), all };
}

/** A goal as the API answers it, with its figures as of the caller's today (decision 032). */
export function apiGoal(goal: GoalRow, currencies: GoalCurrencies, caller: { timeZone: string }, entries?: readonly GoalEntryRow[]) {
  return toApiGoal(goal, { decimals: decimalsOf(goal.currencyCode, currencies.decimals), today: userToday(caller), entries });
}

/** The caller's goal, before its body is read (the body's decimals are its currency's); another user's answers 404 exactly like a missing one. */
export async function ownGoal(db: Db, userId: string, id: string | undefined): Promise<GoalRow> {
  const goal = await findGoal(db, userId, id ?? "");
  if (!goal) throw apiErrors.notFound();
  return goal;
}
