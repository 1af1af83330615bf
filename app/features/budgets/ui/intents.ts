import { listIntentsFor } from "~/components/editable-list";

// What /budgets' budget forms post, and the banners its writes redirect with (?saved=, ?copied=).

export const budgetIntents = listIntentsFor("budget");
export const COPY_INTENT = "budget-copy";
/** Where a budget's save lands: its element (budget-<id>), or the month's heading after a delete or a copy. */
export const budgetAnchors = { item: "budget", list: "budgets-heading" } as const;

/** The ?saved= flags of the page's writes (budgets' and goals'), and their banners. */
export const savedMessages: Record<string, string> = {
  "budget-created": "budgets.messages.created",
  "budget-updated": "budgets.messages.updated",
  "budget-deleted": "budgets.messages.deleted",
  "budget-restored": "common.undo.restored",
  "goal-created": "budgets.messages.goalCreated",
  "goal-updated": "budgets.messages.goalUpdated",
  "goal-deleted": "budgets.messages.goalDeleted",
  "goal-restored": "common.undo.restored",
  "goal-progress": "budgets.messages.goalProgress",
};
