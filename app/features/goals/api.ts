import { z } from "zod";
import { minorToNumber } from "~/money/amounts";
import { goalApiSchema, goalProgressApiSchema } from "~/features/goals/schemas";
import { goalFigures } from "~/features/goals/model";
import { bodyCheckedByHandler, defineOperation, deletedResult, listedTwiceSchema } from "~/platform/http/operation";
import type { GoalEntryRow, GoalRow } from "./queries.server";

// A savings goal as the API shows it (spec section 3: id, name, target_amount, current_amount,
// target_date, description), in its own currency. The spec's snake_case names and the camelCase
// ones are both given, as the transactions API gives both of its namings; amounts are JSON
// numbers (the exact decimal at the currency's places) with the integer minor units beside them.

export const apiGoalEntrySchema = z
  .object({
    id: z.string(),
    date: z.string().meta({ description: "yyyy-MM-dd the entry was recorded: the user's date in their time zone" }),
    amount: z.number().meta({ description: "Signed, in the goal's currency: positive added, negative withdrawn" }),
    amountMinor: z.number().int(),
    note: z.string().nullable(),
    createdAt: z.string().meta({ format: "date-time" }),
  })
  .meta({ title: "SavingsGoalEntry" });

export const apiGoalSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    currencyCode: z.string().meta({ description: "The goal's currency; every amount of the goal is in it" }),
    target_amount: z.number(),
    targetAmount: z.number().meta({ description: "Same as target_amount" }),
    targetAmountMinor: z.number().int(),
    current_amount: z.number().meta({ description: "Saved so far: the sum of the goal's entries" }),
    currentAmount: z.number().meta({ description: "Same as current_amount" }),
    currentAmountMinor: z.number().int(),
    remaining: z.number().meta({ description: "target − saved, never below 0" }),
    remainingMinor: z.number().int(),
    percent: z.number().int().meta({ description: "Saved as a whole percent of the target, rounded down; above 100 once exceeded; 1000 stands for more than 999" }),
    completed: z.boolean().meta({ description: "The target is reached" }),
    target_date: z.string().nullable().meta({ description: "yyyy-MM-dd, or null for a goal without a date" }),
    targetDate: z.string().nullable().meta({ description: "Same as target_date" }),
    description: z.string().nullable(),
    months_remaining: z
      .number()
      .int()
      .nullable()
      .meta({ description: "30-day months until target_date (the user's today), rounded up; 0 when it is today; null without a date or once past it" }),
    monthsRemaining: z.number().int().nullable().meta({ description: "Same as months_remaining" }),
    past_due: z.boolean().meta({ description: "target_date has passed ('Past due date')" }),
    pastDue: z.boolean().meta({ description: "Same as past_due" }),
    per_month_needed: z
      .number()
      .nullable()
      .meta({ description: "What to put aside each month to reach the target by its date (rounded up); null when completed, without a date, due today or past due" }),
    perMonthNeeded: z.number().nullable().meta({ description: "Same as per_month_needed" }),
    perMonthNeededMinor: z.number().int().nullable(),
    createdAt: z.string().meta({ format: "date-time" }),
    updatedAt: z.string().meta({ format: "date-time" }),
    entries: z.array(apiGoalEntrySchema).optional().meta({ description: "The goal's history, newest first; in the list only" }),
  })
  .meta({ title: "SavingsGoal" });

export type ApiGoal = z.infer<typeof apiGoalSchema>;

/**
 * A goal with its figures as of `today` (yyyy-MM-dd, the user's); `decimals` is its currency's places.
 * `entries`, when given, are the goal's own.
 */
export function toApiGoal(goal: GoalRow, options: { decimals: number; today: string; entries?: readonly GoalEntryRow[] }): ApiGoal {
  const { decimals, today, entries } = options;
  const amount = (minor: number) => minorToNumber(minor, decimals);
  const figures = goalFigures(goal, today);
  const { timeLeft, perMonthMinor } = figures;
  const months = timeLeft.kind === "months" ? timeLeft.months : timeLeft.kind === "dueToday" ? 0 : null;
  const pastDue = timeLeft.kind === "pastDue";
  const perMonth = perMonthMinor === null ? null : amount(perMonthMinor);
  return {
    id: goal.id,
    name: goal.name,
    currencyCode: goal.currencyCode,
    target_amount: amount(goal.targetMinor),
    targetAmount: amount(goal.targetMinor),
    targetAmountMinor: goal.targetMinor,
    current_amount: amount(goal.savedMinor),
    currentAmount: amount(goal.savedMinor),
    currentAmountMinor: goal.savedMinor,
    remaining: amount(figures.remainingMinor),
    remainingMinor: figures.remainingMinor,
    percent: figures.percent,
    completed: figures.completed,
    target_date: goal.targetDate,
    targetDate: goal.targetDate,
    description: goal.description,
    months_remaining: months,
    monthsRemaining: months,
    past_due: pastDue,
    pastDue,
    per_month_needed: perMonth,
    perMonthNeeded: perMonth,
    perMonthNeededMinor: perMonthMinor,
    createdAt: goal.createdAt.toISOString(),
    updatedAt: goal.updatedAt.toISOString(),
    ...(entries
      ? {
          entries: entries.map((entry) => ({
            id: entry.id,
            date: entry.date,
            amount: amount(entry.amountMinor),
            amountMinor: entry.amountMinor,
            note: entry.note,
            createdAt: entry.createdAt.toISOString(),
          })),
        }
      : {}),
  };
}

// The bodies' amounts are read at the goal currency's decimals, which the database holds: the
// handlers validate with goalApiSchema / goalProgressApiSchema built for the request, and the
// document shows the same schemas (their shape does not depend on the currencies).
const goalBody = bodyCheckedByHandler(goalApiSchema([]));
const progressBody = bodyCheckedByHandler(goalProgressApiSchema(2));

const goalResult = (what: string) =>
  z.object({
    savings_goal: apiGoalSchema,
    message: z.string().meta({ description: `${what}, in the request's language` }),
  });
const idParam = { id: "The savings goal's id" };
const bodyNote =
  "The body is the spec client's {name, target_amount, current_amount, target_date or null, description}; targetAmount, currentAmount " +
  "and targetDate are accepted too, and currencyCode (an active currency, 400 otherwise; when left out, USD on POST and the goal's own on PUT). Amounts are decimal numbers or strings " +
  "at most at the currency's decimals: the target positive, the saved amount 0 or more. Name and target are required " +
  "('Please fill in all required fields').";

export const listGoalsOperation = defineOperation({
  operationId: "listSavingsGoals",
  method: "GET",
  path: "/api/savings-goals",
  summary: "The user's savings goals with their progress, time left and history",
  description:
    "The list is at data.savings_goals and, where the spec's client reads it, at data.data.savings_goals; oldest first. " +
    "months_remaining, past_due and per_month_needed are as of the user's today (the date in their time zone).",
  tag: "savings-goals",
  access: "user",
  response: listedTwiceSchema("savings_goals", apiGoalSchema),
});

export const createGoalOperation = defineOperation({
  operationId: "createSavingsGoal",
  method: "POST",
  path: "/api/savings-goals",
  summary: "Set a savings goal",
  description: `${bodyNote} What is saved already becomes the goal's first entry.`,
  tag: "savings-goals",
  access: "user",
  body: goalBody,
  response: goalResult("Savings goal created successfully!"),
  successStatus: 201,
});

export const updateGoalOperation = defineOperation({
  operationId: "updateSavingsGoal",
  method: "PUT",
  path: "/api/savings-goals/{id}",
  summary: "Replace a savings goal's details",
  description:
    `${bodyNote} A current_amount that differs from what is saved is recorded as an entry of the difference; left out, ` +
    "the saved amount stays. The currency cannot change once the goal has entries (409); a goal in a currency since turned off keeps it. Another user's goal answers 404, like a missing one.",
  tag: "savings-goals",
  access: "user",
  params: idParam,
  body: goalBody,
  response: goalResult("Savings goal updated successfully!"),
  errorStatuses: [404, 409],
});

export const deleteGoalOperation = defineOperation({
  operationId: "deleteSavingsGoal",
  method: "DELETE",
  path: "/api/savings-goals/{id}",
  summary: "Delete a savings goal with its history",
  tag: "savings-goals",
  access: "user",
  params: idParam,
  response: deletedResult("goal", "Savings goal deleted successfully!"),
  errorStatuses: [404],
});

export const goalProgressOperation = defineOperation({
  operationId: "recordSavingsGoalProgress",
  method: "PUT",
  path: "/api/savings-goals/{id}/progress",
  summary: "Add to a savings goal, or withdraw from it",
  description:
    "{amount, note?}: amount is signed, in the goal's currency at its decimals (positive adds, negative withdraws, never 0). " +
    "It is kept as an entry of the goal's history. A withdrawal of more than is saved answers 400 (on amount) and records nothing.",
  tag: "savings-goals",
  access: "user",
  params: idParam,
  body: progressBody,
  response: goalResult("Progress recorded"),
  errorStatuses: [404],
});

export const restoreGoalOperation = defineOperation({
  operationId: "restoreSavingsGoal",
  method: "POST",
  path: "/api/savings-goals/{id}/restore",
  summary: "Undo the delete of a savings goal",
  description:
    "Undo of a delete within 24 hours of it (decision 035): the goal comes back exactly as it was, with the same id and every entry of its history. " +
    "Never deleted, already restored, deleted more than 24 hours ago, or another user's: 404, and nothing changes.",
  tag: "savings-goals",
  access: "user",
  params: idParam,
  response: goalResult("Restored"),
  errorStatuses: [404],
});

export const goalOperations = [listGoalsOperation, createGoalOperation, updateGoalOperation, deleteGoalOperation, restoreGoalOperation, goalProgressOperation];
