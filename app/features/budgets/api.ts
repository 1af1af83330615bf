import { z } from "zod";
import { minorToNumber } from "~/money/amounts";
import { userToday } from "~/calendar/time-zones";
import { monthStartOf, type MonthStart } from "~/calendar/months";
import { budgetFigures, budgetMonthTotals } from "~/features/budgets/model";
import { budgetApiSchema, monthField } from "~/features/budgets/schemas";
import { defineOperation, deletedResult, listedTwiceSchema } from "~/platform/http/operation";
import type { BudgetRow } from "./queries.server";

// A budget as the API shows it (spec section 3: id, category_id, amount, month, alert_threshold;
// the interface's spent). The spec's snake_case names and the camelCase ones are both given, as
// the transactions API gives both of its namings. Amounts are USD: a JSON number (the exact
// decimal) and the integer cents beside it, for clients that must never touch a float.

export const apiBudgetSchema = z
  .object({
    id: z.string(),
    categoryId: z.string(),
    category_id: z.string().meta({ description: "Same as categoryId" }),
    category: z.object({ id: z.string(), name: z.string(), color: z.string(), icon: z.string() }),
    amount: z.number().meta({ description: "The budget in USD" }),
    amountCents: z.number().int(),
    month: z.string().meta({ description: "The month's first day, yyyy-MM-01" }),
    alert_threshold: z.number().int().meta({ description: "Whole percent of the budget at which it warns (status near)" }),
    alertThreshold: z.number().int().meta({ description: "Same as alert_threshold" }),
    spent: z.number().meta({ description: "USD spent in the month: the month's expense payments in the category, from their stored USD cents" }),
    spentCents: z.number().int(),
    remaining: z.number().meta({ description: "amount − spent; negative by the amount over" }),
    remainingCents: z.number().int(),
    percent: z.number().int().meta({ description: "spent as a whole percent of amount, rounded down (so it reaches alert_threshold exactly when status does); above 100 when over; 1000 stands for more than 999" }),
    status: z.enum(["ok", "near", "over"]).meta({ description: "over: spent exceeds amount; near: percent reached alert_threshold; ok otherwise" }),
    createdAt: z.string().meta({ format: "date-time" }),
    updatedAt: z.string().meta({ format: "date-time" }),
  })
  .meta({ title: "Budget" });

export type ApiBudget = z.infer<typeof apiBudgetSchema>;

const usd = (cents: number | bigint) => minorToNumber(cents, 2);

export function toApiBudget(budget: BudgetRow): ApiBudget {
  const { percent, remainingCents, status } = budgetFigures(budget.amountCents, budget.spentCents, budget.alertThreshold);
  return {
    id: budget.id,
    categoryId: budget.categoryId,
    category_id: budget.categoryId,
    category: { id: budget.categoryId, name: budget.category.name, color: budget.category.color, icon: budget.category.icon },
    amount: usd(budget.amountCents),
    amountCents: budget.amountCents,
    month: budget.month,
    alert_threshold: budget.alertThreshold,
    alertThreshold: budget.alertThreshold,
    spent: usd(budget.spentCents),
    spentCents: budget.spentCents,
    remaining: usd(remainingCents),
    remainingCents,
    percent,
    status,
    createdAt: budget.createdAt.toISOString(),
    updatedAt: budget.updatedAt.toISOString(),
  };
}

export const apiBudgetTotalsSchema = z
  .object({
    budgeted: z.number(),
    budgetedCents: z.number().int(),
    spent: z.number(),
    spentCents: z.number().int(),
    remaining: z.number().meta({ description: "budgeted − spent; negative when the month is over in all" }),
    remainingCents: z.number().int(),
    overCount: z.number().int().meta({ description: "How many of the month's budgets are over" }),
  })
  .meta({ title: "BudgetMonthTotals" });

/**
 * The month's totals as JSON numbers. A month holds at most MAX_BUDGET_MONTH_CENTS of budgets
 * (decision 018), so each figure is exact, decimal and cents alike; a month filled past it
 * before that bound existed still answers, with its figures as near as a JSON number gets.
 */
export function toApiBudgetTotals(budgets: readonly BudgetRow[]): z.infer<typeof apiBudgetTotalsSchema> {
  const totals = budgetMonthTotals(budgets);
  return {
    budgeted: usd(totals.budgetedCents),
    budgetedCents: Number(totals.budgetedCents),
    spent: usd(totals.spentCents),
    spentCents: Number(totals.spentCents),
    remaining: usd(totals.remainingCents),
    remainingCents: Number(totals.remainingCents),
    overCount: totals.overCount,
  };
}

/** The month a list asks for; the caller's current month (in their time zone, decision 032) when it names none. */
export function requestedMonth(query: { month?: MonthStart }, caller: { timeZone: string }): MonthStart {
  return query.month ?? monthStartOf(userToday(caller));
}

const monthQuery = z.object({
  month: monthField.optional().meta({ description: "yyyy-MM (or yyyy-MM-01); the current month (in the user's time zone) when left out", example: "2026-11" }),
});

const budgetResult = z.object({
  budget: apiBudgetSchema,
  message: z.string().meta({ description: "Budget created (or updated) successfully!, in the request's language" }),
});
const idParam = { id: "The budget's id" };
const bodyNote =
  "The body is the spec client's {categoryId, amount, month, alert_threshold}; category_id and alertThreshold are accepted too. " +
  "amount is USD, a positive decimal number or string with at most 2 decimals; month is yyyy-MM-01 (or yyyy-MM); alert_threshold a whole percent " +
  "from 1 to 100, 80 when left out. The category must be an expense category: one of the user's or a default one (400 otherwise). " +
  "One budget per category and month: a second answers 409. A month's budgets add up to at most 10,000,000,000,000.00 " +
  "(400 on amount for a write that would pass it).";

export const listBudgetsOperation = defineOperation({
  operationId: "listBudgets",
  method: "GET",
  path: "/api/budgets",
  summary: "The month's budgets, each with what was spent, its percent and status",
  description: "The list is at data.budgets and, where the spec's client reads it, at data.data.budgets; ordered by category name.",
  tag: "budgets",
  access: "user",
  query: monthQuery,
  response: z.object({
    month: z.string().meta({ description: "The month listed, yyyy-MM-01" }),
    ...listedTwiceSchema("budgets", apiBudgetSchema).shape,
  }),
});

export const budgetProgressOperation = defineOperation({
  operationId: "budgetProgress",
  method: "GET",
  path: "/api/budgets/progress",
  summary: "The month's budgets with spent, remaining, percent and status, and the month's totals",
  tag: "budgets",
  access: "user",
  query: monthQuery,
  response: z.object({
    month: z.string().meta({ description: "The month, yyyy-MM-01" }),
    budgets: z.array(apiBudgetSchema),
    totals: apiBudgetTotalsSchema,
  }),
});

export const createBudgetOperation = defineOperation({
  operationId: "createBudget",
  method: "POST",
  path: "/api/budgets",
  summary: "Set a category's budget for a month",
  description: bodyNote,
  tag: "budgets",
  access: "user",
  body: budgetApiSchema,
  response: budgetResult,
  successStatus: 201,
  errorStatuses: [409],
});

export const updateBudgetOperation = defineOperation({
  operationId: "updateBudget",
  method: "PUT",
  path: "/api/budgets/{id}",
  summary: "Replace a budget's category, amount, month and threshold",
  description: `${bodyNote} Another user's budget answers 404, like a missing one.`,
  tag: "budgets",
  access: "user",
  params: idParam,
  body: budgetApiSchema,
  response: budgetResult,
  errorStatuses: [404, 409],
});

export const deleteBudgetOperation = defineOperation({
  operationId: "deleteBudget",
  method: "DELETE",
  path: "/api/budgets/{id}",
  summary: "Delete a budget",
  tag: "budgets",
  access: "user",
  params: idParam,
  response: deletedResult("budget", "Budget deleted successfully!"),
  errorStatuses: [404],
});

export const restoreBudgetOperation = defineOperation({
  operationId: "restoreBudget",
  method: "POST",
  path: "/api/budgets/{id}/restore",
  summary: "Undo the delete of a budget",
  description:
    "Undo of a delete within 24 hours of it (decision 035): the budget comes back exactly as it was, with the same id, amount and alert threshold. " +
    "Never deleted, already restored, deleted more than 24 hours ago, or another user's: 404, and nothing changes. " +
    "Refused with 409, changing nothing, when it cannot come back exactly: its category has been deleted since, " +
    "a budget for the same category and month exists again, or the month's budgets would pass their limit.",
  tag: "budgets",
  access: "user",
  params: idParam,
  response: budgetResult,
  errorStatuses: [404, 409],
});

export const budgetOperations = [listBudgetsOperation, budgetProgressOperation, createBudgetOperation, updateBudgetOperation, deleteBudgetOperation, restoreBudgetOperation];
