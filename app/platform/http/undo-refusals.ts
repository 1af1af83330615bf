import type { Refusal } from "./envelope";

// Why an Undo (a restore of a deleted record, decision 035) was refused, in one vocabulary for
// every kind, with the same status and message on both faces. "notFound" covers never deleted,
// already restored, deleted more than 24 hours ago and another user's: never told apart.

export type UndoRefusal = "notFound" | "categoryGone" | "tagGone" | "budgetExists" | "monthTotalLimit" | "nameTaken" | "totalLimit" | "budgetChanged";

export const undoRefusals: Record<UndoRefusal, Refusal> = {
  notFound: { status: 404, message: "errors.nothingToUndo" },
  categoryGone: { status: 409, message: "errors.undoCategoryGone" },
  tagGone: { status: 409, message: "errors.undoTagGone" },
  budgetExists: { status: 409, message: "errors.undoBudgetExists" },
  monthTotalLimit: { status: 409, message: "errors.undoMonthLimit" },
  nameTaken: { status: 409, message: "errors.undoNameTaken" },
  totalLimit: { status: 409, message: "errors.undoTotalLimit" },
  budgetChanged: { status: 409, message: "errors.undoBudgetChanged" },
};
