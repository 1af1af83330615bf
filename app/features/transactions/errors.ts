// Each way a transaction command can fail, with its HTTP status and message key, once for both
// faces: the web actions answer with these in their page data, the API in its error envelope.
// A refused input (invalid, over a per-user limit) is a 400 whose messages are the issues' own.

export const transactionErrors = {
  /** Missing, or another user's: the two are never told apart (ARCHITECTURE.md 5). */
  notFound: { status: 404, message: "errors.notFound" },
  /** The API's single-payment fields on a transaction with several payments. */
  multiPayment: { status: 409, message: "errors.multiPaymentUpdate" },
  /** The checks before a save could not read the database: nothing was written. */
  unreadable: { status: 500, message: "errors.failedToSaveTransaction" },
  createFailed: { status: 500, message: "errors.failedToCreateTransaction" },
  updateFailed: { status: 500, message: "errors.failedToUpdateTransaction" },
  deleteFailed: { status: 500, message: "errors.failedToDeleteTransaction" },
} as const satisfies Record<string, { status: number; message: string }>;
