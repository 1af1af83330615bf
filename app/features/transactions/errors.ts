import { refusalError, type ApiError, type Refusal } from "~/platform/http/envelope";

// A refused transaction write answers alike on both faces: the same status and message key (the
// web actions in their page data, the API in its error envelope). A refused input (invalid, over a
// per-user limit) is a 400 whose messages are the issues' own (api.ts apiRefusal).

export type TransactionRefusal = "notFound" | "multiPayment";

export const transactionRefusals: Record<TransactionRefusal, Refusal> = {
  /** Missing, or another user's: the two are never told apart (ARCHITECTURE.md 5). */
  notFound: { status: 404, message: "errors.notFound" },
  /** The API's single-payment fields on a transaction with several payments. */
  multiPayment: { status: 409, message: "errors.multiPaymentUpdate" },
};

/** What the web page says when a write fails unexpectedly (a 500). */
export const transactionFailures = {
  /** The checks before a save could not read the database: nothing was written. */
  unreadable: "errors.failedToSaveTransaction",
  create: "errors.failedToCreateTransaction",
  update: "errors.failedToUpdateTransaction",
  delete: "errors.failedToDeleteTransaction",
} as const;

export function transactionApiError(refusal: TransactionRefusal): ApiError {
  return refusalError(transactionRefusals[refusal]);
}
