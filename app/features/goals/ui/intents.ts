import { listIntentsFor } from "~/components/editable-list";

// What /budgets' goal forms post.

export const goalIntents = listIntentsFor("goal");
/** The progress form's intent (deposit or withdraw is its `direction`). */
export const GOAL_PROGRESS_INTENT = "goal-progress";
