import { ApiError, apiErrors, type FieldErrors } from "~/platform/http/envelope";

// Every refusal of an accounts command or flow, mapped once for both faces: the JSON API throws
// accountApiError, the web forms reply with accountFormRefusal.

export type AccountError =
  | "emailExists"
  | "currentPasswordWrong"
  | "invalidCredentials"
  | "notFound"
  | "lastSuperadmin"
  | "cannotChangeSelf"
  | "throttled";

export type AccountRefusal =
  | { ok: false; error: Exclude<AccountError, "throttled"> }
  | { ok: false; error: "throttled"; retryAfterSeconds: number };

type RefusalFaces = {
  /** The JSON API's status. */
  status: number;
  /** The web page's status: a form answers a conflict with 400, like any input it cannot take. */
  formStatus: number;
  message: string;
  /** The field the message belongs to; without one it is about the whole form. */
  field?: string;
};

export const accountRefusals = {
  emailExists: { status: 409, formStatus: 400, message: "errors.emailExists", field: "email" },
  currentPasswordWrong: { status: 400, formStatus: 400, message: "errors.currentPasswordWrong", field: "currentPassword" },
  invalidCredentials: { status: 401, formStatus: 400, message: "errors.invalidCredentials" },
  notFound: { status: 404, formStatus: 404, message: "errors.notFound" },
  lastSuperadmin: { status: 409, formStatus: 400, message: "errors.lastSuperadmin" },
  cannotChangeSelf: { status: 409, formStatus: 400, message: "errors.cannotChangeSelf" },
  throttled: { status: 429, formStatus: 429, message: "errors.tooManyAttempts" },
} satisfies Record<AccountError, RefusalFaces>;

function fieldErrors(faces: RefusalFaces): FieldErrors | undefined {
  return faces.field ? { [faces.field]: [faces.message] } : undefined;
}

/** The API's error envelope for a refusal (the caller throws it). */
export function accountApiError(refusal: AccountRefusal): ApiError {
  if (refusal.error === "throttled") return apiErrors.tooManyRequests(refusal.retryAfterSeconds);
  const faces: RefusalFaces = accountRefusals[refusal.error];
  return new ApiError(faces.status, faces.message, { errors: fieldErrors(faces) });
}

/**
 * A web form's answer to a refusal: Conform's reply options (spread into submission.reply with the
 * form's own hideFields), the status, and the Retry-After a throttled form shows and sends.
 */
export function accountFormRefusal(refusal: AccountRefusal) {
  const faces: RefusalFaces = accountRefusals[refusal.error];
  const errors = fieldErrors(faces);
  const retryAfter = refusal.error === "throttled" ? refusal.retryAfterSeconds : null;
  return {
    reply: errors ? { fieldErrors: errors } : { formErrors: [faces.message] },
    message: faces.message,
    status: faces.formStatus,
    retryAfter,
    headers: retryAfter === null ? undefined : { "Retry-After": String(retryAfter) },
  };
}
