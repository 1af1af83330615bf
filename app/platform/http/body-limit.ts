// Decision 013: every request body has one documented ceiling, checked in the Worker before
// React Router reads anything (middleware/request-body.ts) and stated by the API's document
// (openapi.ts) and /llms.txt. The largest legitimate body (a transaction with 20 payments, 20 tags
// and a long description) is a few KiB, so 64 KiB leaves room without letting anyone make the
// Worker buffer megabytes. It lives in platform/http, below the middleware that enforces it, so
// the HTTP layer states it without importing middleware.

export const MAX_REQUEST_BODY_BYTES = 64 * 1024;
/** The limit as the messages say it. */
export const MAX_REQUEST_BODY_LABEL = "64 KiB";

/**
 * The one exception (issue 26): a CSV file's upload, POST /import and POST /api/imports. The
 * reader takes files up to 5 MB (IMPORT_MAX_BYTES) and refuses a larger one with its own
 * translated message, so the body may hold 5 MB plus a multipart envelope: 6 MiB.
 */
export const MAX_UPLOAD_BODY_BYTES = 6 * 1024 * 1024;
export const MAX_UPLOAD_BODY_LABEL = "6 MiB";

/** The upload paths (with React Router's single-fetch `.data` form of the web one). */
const UPLOAD_PATHS = new Set(["/import", "/import.data", "/api/imports"]);

export type BodyLimit = { bytes: number; label: string };

/** The ceiling of a request's body: the upload's for a POST to an upload path, the default everywhere else. */
export function bodyLimitFor(method: string, pathname: string): BodyLimit {
  if (method.toUpperCase() === "POST" && UPLOAD_PATHS.has(pathname)) return { bytes: MAX_UPLOAD_BODY_BYTES, label: MAX_UPLOAD_BODY_LABEL };
  return { bytes: MAX_REQUEST_BODY_BYTES, label: MAX_REQUEST_BODY_LABEL };
}
