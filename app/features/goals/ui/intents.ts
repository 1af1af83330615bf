import { listIntentsFor } from "~/components/editable-list";

// What /budgets' goal forms post.

export const goalIntents = listIntentsFor("goal");
/** Where a goal's save lands: its element (goal-<id>), or the goals' heading after a delete. */
export const goalAnchors = { item: "goal", list: "goals-heading" } as const;
/** The progress form's intent (deposit or withdraw is its `direction`). */
export const GOAL_PROGRESS_INTENT = "goal-progress";
