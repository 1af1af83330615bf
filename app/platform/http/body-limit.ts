// Decision 013: every request body has one documented ceiling, checked in the Worker before
// React Router reads anything (middleware/request-body.ts) and stated by the API's document
// (openapi.ts) and /llms.txt. The largest legitimate body (a transaction with 20 payments, 20 tags
// and a long description) is a few KiB, so 64 KiB leaves room without letting anyone make the
// Worker buffer megabytes. It lives in platform/http, below the middleware that enforces it, so
// the HTTP layer states it without importing middleware.

export const MAX_REQUEST_BODY_BYTES = 64 * 1024;
/** The limit as the messages say it. */
export const MAX_REQUEST_BODY_LABEL = "64 KiB";
