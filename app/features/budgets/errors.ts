import { refusalError, type ApiError, type Refusal } from "~/platform/http/envelope";
import type { BudgetRefusal } from "./commands.server";

// A refused budget write answers alike on both faces: the same status and message key, on the
// field to blame. Another user's budget is "notFound", exactly like a missing one.

export const budgetRefusals: Record<BudgetRefusal, Refusal<"categoryId" | "amount">> = {
  notFound: { status: 404, message: "errors.notFound" },
  duplicate: { status: 409, message: "errors.budgetExists", field: "categoryId" },
  categoryInvalid: { status: 400, message: "validation.budgetCategoryInvalid", field: "categoryId" },
  // The month's budgets would add up past MAX_BUDGET_MONTH_CENTS (decision 018).
  monthTotalLimit: { status: 400, message: "validation.budgetMonthLimit", field: "amount" },
};

/** Spec section 8: what the page says when the database fails. */
export const budgetFailures = {
  load: "errors.failedToLoadBudgets",
  save: "errors.failedToSaveBudget",
  delete: "errors.failedToDeleteBudget",
} as const;

export function budgetApiError(refusal: BudgetRefusal): ApiError {
  return refusalError(budgetRefusals[refusal]);
}
