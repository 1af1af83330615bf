import { isoDay } from "~/money/dates";
import { toApiGoal } from "~/features/goals/api";
import { findGoal, type GoalEntryRow, type GoalRow } from "~/features/goals/queries.server";
import type { GoalCurrency } from "~/features/goals/model";
import { listCurrencies } from "~/features/rates/queries.server";
import type { Db } from "~/platform/db/client.server";
import { apiErrors } from "~/platform/http/envelope";

/** What the goal endpoints need to know of currencies: every one's decimals, and which a goal may be set in. */
export type GoalCurrencies = { decimals: ReadonlyMap<string, number>; active: GoalCurrency[] };

export async function goalCurrencies(db: Db): Promise<GoalCurrencies> {
  const all = await listCurrencies(db, { activeOnly: false });
  return { decimals: new Map(all.map((c) => [c.code, c.decimalPlaces])), active: all.filter((c) => c.isActive) };
}

/**
 * The currencies a write may name: the active ones, and the goal's own even once it is no
 * longer active, so a goal in a retired currency can still be edited.
 */
export function writableCurrencies(currencies: GoalCurrencies, goal?: GoalRow): GoalCurrency[] {
  if (!goal || currencies.active.some((c) => c.code === goal.currencyCode)) return currencies.active;
  return [...currencies.active, { code: goal.currencyCode, decimalPlaces: currencies.decimals.get(goal.currencyCode) ?? 2 }];
}

/** A goal as the API answers it, with its figures as of today (UTC). */
export function apiGoal(goal: GoalRow, currencies: GoalCurrencies, entries?: readonly GoalEntryRow[]) {
  return toApiGoal(goal, { decimals: currencies.decimals.get(goal.currencyCode) ?? 2, today: isoDay(), entries });
}

/** The caller's goal, before its body is read (the body's decimals are its currency's); another user's answers 404 exactly like a missing one. */
export async function ownGoal(db: Db, userId: string, id: string | undefined): Promise<GoalRow> {
  const goal = await findGoal(db, userId, id ?? "");
  if (!goal) throw apiErrors.notFound();
  return goal;
}
