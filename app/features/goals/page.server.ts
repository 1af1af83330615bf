import { findCurrency, listCurrencies } from "~/features/rates/queries.server";
import type { Db } from "~/platform/db/client.server";
import { findGoal, listGoalEntries, listGoals } from "./queries.server";
import { goalFigures } from "./model";
import type { GoalView } from "./ui/goal-card";
import type { GoalCurrencyChoice } from "./ui/goal-form";
import { decimalsOf } from "~/money/currencies";
import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import type { Actor } from "~/platform/db/activity.server";
import { recordGoalProgress } from "./commands.server";
import { goalFailures, goalRefusals } from "./errors";
import { goalProgressFormSchema } from "./schemas";
import { GOAL_PROGRESS_INTENT } from "./ui/intents";

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

// The web's progress form (deposit or withdraw) on /budgets: read at the goal's currency's
// decimals, written by recordGoalProgress (the API's progress endpoint calls it too).

/** What the page answers when the form is refused: the goal's form keeps what was typed and says why. */
export type GoalProgressRefusal = {
  status: number;
  answer: { intent: typeof GOAL_PROGRESS_INTENT; id: string; result?: SubmissionResult<string[]>; error?: string };
};

export async function submitGoalProgress(db: Db, actor: Actor, formData: FormData, locale: string): Promise<{ ok: true } | ({ ok: false } & GoalProgressRefusal)> {
  const id = String(formData.get("id") ?? "");
  const refused = (status: number, answer: Omit<GoalProgressRefusal["answer"], "intent" | "id">) =>
    ({ ok: false, status, answer: { intent: GOAL_PROGRESS_INTENT, id, ...answer } }) as const;
  const goal = await findGoal(db, actor.userId, id);
  // A goal that is not the user's (or gone) has no form to show the refusal on: the page's banner says it.
  if (!goal) return refused(404, { error: goalRefusals.notFound.message });
  const currency = await findCurrency(db, goal.currencyCode);
  const submission = parseWithZod(formData, { schema: goalProgressFormSchema({ decimals: decimalsOf(goal.currencyCode, currency ? [currency] : []), locale }) });
  if (submission.status !== "success") return refused(400, { result: submission.reply() });
  try {
    const outcome = await recordGoalProgress(db, actor, { id, ...submission.value });
    if (outcome.kind !== "ok") {
      const { status, message, field } = goalRefusals[outcome.kind];
      return refused(status, { result: submission.reply(field ? { fieldErrors: { [field]: [message] } } : { formErrors: [message] }) });
    }
  } catch (cause) {
    console.error("goal progress failed", cause);
    return refused(500, { result: submission.reply({ formErrors: [goalFailures.save] }) });
  }
  return { ok: true };
}
