import type { Actor } from "~/platform/db/activity.server";
import type { Db } from "~/platform/db/client.server";
import { deleteTransaction, type DeleteOutcome } from "./commands.server";

export type DeleteIntentOutcome = DeleteOutcome | { kind: "failed" };

/**
 * The web pages' delete button (the list's row action and the edit form's): a failure to write
 * is shown on the page that asked (errors.ts deleteFailed), not as an error page, so it
 * is an outcome here. Each page answers "deleted" and "not found" its own way (redirect target, 404 shape).
 */
export async function deleteIntent(db: Db, actor: Actor, id: string): Promise<DeleteIntentOutcome> {
  try {
    return await deleteTransaction(db, actor, { id });
  } catch (cause) {
    console.error("transaction delete failed", cause);
    return { kind: "failed" };
  }
}
