import { listCurrencies } from "~/features/rates/queries.server";
import type { Db } from "~/platform/db/client.server";
import { listGoalEntries, listGoals } from "./queries.server";
import { goalFigures } from "./model";
import type { GoalView } from "./ui/goal-card";
import type { GoalCurrencyChoice } from "./ui/goal-form";
import { decimalsOf } from "~/money/currencies";

// What /budgets shows of the user's savings goals: each with its figures as of `today` and its
// history, and the currencies the form offers.

export type GoalsView = { goals: GoalView[]; currencies: GoalCurrencyChoice[] };

export async function loadGoals(db: Db, userId: string, today: string): Promise<GoalsView> {
  const [goals, entries, allCurrencies] = await Promise.all([listGoals(db, userId), listGoalEntries(db, userId), listCurrencies(db, { activeOnly: false })]);
  const byCode = new Map(allCurrencies.map((c) => [c.code, c]));
  return {
    goals: goals.map((goal) => {
      const currency = byCode.get(goal.currencyCode);
      return {
        id: goal.id,
        name: goal.name,
        description: goal.description,
        currency: { code: goal.currencyCode, symbol: currency?.symbol ?? goal.currencyCode, decimals: decimalsOf(goal.currencyCode, allCurrencies) },
        targetMinor: goal.targetMinor,
        savedMinor: goal.savedMinor,
        targetDate: goal.targetDate,
        ...goalFigures(goal, today),
        entries: entries.filter((e) => e.goalId === goal.id).map((e) => ({ id: e.id, date: e.date, amountMinor: e.amountMinor, note: e.note })),
      };
    }),
    currencies: allCurrencies.filter((c) => c.isActive).map((c) => ({ code: c.code, name: c.name, decimals: c.decimalPlaces })),
  };
}
