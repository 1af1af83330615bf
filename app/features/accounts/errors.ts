import { apiErrors, refusalError, type ApiError, type FieldErrors, type Refusal } from "~/platform/http/envelope";

// Every refusal of an accounts command, mapped once for both faces: the JSON API throws
// accountApiError, the web forms reply with accountFormRefusal.

export type AccountRefusal =
  | "emailExists"
  | "currentPasswordWrong"
  | "invalidCredentials"
  | "notFound"
  | "lastSuperadmin"
  | "cannotChangeSelf"
  | "throttled"
  | "resetTokenInvalid"
  | "accountInactive"
  | "linkInvalid"
  | "emailTaken";

/** A refused outcome as the commands return it; a throttled one says when to try again. */
export type RefusedOutcome =
  | { ok: false; error: Exclude<AccountRefusal, "throttled"> }
  | { ok: false; error: "throttled"; retryAfterSeconds: number };

/** The API's status, and the web page's (formStatus): a form answers a conflict with 400, like any input it cannot take. */
type AccountRefusalFaces = Refusal & { formStatus: number };

export const accountRefusals: Record<AccountRefusal, AccountRefusalFaces> = {
  emailExists: { status: 409, formStatus: 400, message: "errors.emailExists", field: "email" },
  currentPasswordWrong: { status: 400, formStatus: 400, message: "errors.currentPasswordWrong", field: "currentPassword" },
  invalidCredentials: { status: 401, formStatus: 400, message: "errors.invalidCredentials" },
  notFound: { status: 404, formStatus: 404, message: "errors.notFound" },
  lastSuperadmin: { status: 409, formStatus: 400, message: "errors.lastSuperadmin" },
  cannotChangeSelf: { status: 409, formStatus: 400, message: "errors.cannotChangeSelf" },
  throttled: { status: 429, formStatus: 429, message: "errors.tooManyAttempts" },
  resetTokenInvalid: { status: 400, formStatus: 400, message: "errors.resetTokenInvalid", field: "token" },
  accountInactive: { status: 409, formStatus: 400, message: "errors.accountInactive" },
  // A verification or email-change link (issue 25): expired, used or unknown; or its new address taken meanwhile.
  linkInvalid: { status: 400, formStatus: 400, message: "errors.verificationLinkInvalid", field: "token" },
  emailTaken: { status: 409, formStatus: 409, message: "errors.verificationEmailTaken", field: "token" },
};

function fieldErrors(faces: Refusal): FieldErrors | undefined {
  return faces.field ? { [faces.field]: [faces.message] } : undefined;
}

/** The API's error envelope for a refusal (the caller throws it). */
export function accountApiError(refusal: RefusedOutcome): ApiError {
  if (refusal.error === "throttled") return apiErrors.tooManyRequests(refusal.retryAfterSeconds);
  return refusalError(accountRefusals[refusal.error]);
}

/**
 * A web form's answer to a refusal: Conform's reply options (spread into submission.reply with the
 * form's own hideFields), the status, and the Retry-After a throttled form shows and sends.
 */
export function accountFormRefusal(refusal: RefusedOutcome) {
  const faces = accountRefusals[refusal.error];
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
