import { z } from "zod";
import type { Translate } from "~/locales/translator";
import { splitMessage } from "~/text/message";

// ARCHITECTURE.md 6: every /api answer is one of two envelopes. Messages are carried as
// locale keys until the response is built, so one throw site serves every language.

export type FieldErrors = Record<string, string[]>;
export type SuccessEnvelope<T> = { status: "success"; data: T };
/** Figures an error gives beside its message, for a client to act on (e.g. how many transactions use a category). */
export type ErrorDetails = Record<string, number | string>;
export type ErrorEnvelope = { status: "error"; message: string; errors?: FieldErrors; details?: ErrorDetails };

// A locale key into text (the pages' and the API's one signature); anything that is not a known
// key is passed through as is.
export type { Translate };

export const errorEnvelopeSchema = z
  .object({
    status: z.literal("error"),
    message: z.string(),
    errors: z.record(z.string(), z.array(z.string())).optional(),
    details: z
      .record(z.string(), z.union([z.number(), z.string()]))
      .optional()
      .meta({ description: "Figures beside the message, e.g. a refused category delete's { transactions, budgets } counts" }),
  })
  .meta({ title: "ErrorEnvelope" });

export function successEnvelopeSchema<T extends z.ZodType>(data: T) {
  return z.object({ status: z.literal("success"), data });
}

export function successResponse<T>(data: T, init: { status?: number; headers?: HeadersInit } = {}): Response {
  const headers = new Headers(init.headers);
  if (!headers.has("Cache-Control")) headers.set("Cache-Control", "no-store");
  const body: SuccessEnvelope<T> = { status: "success", data };
  return Response.json(body, { status: init.status ?? 200, headers });
}

type ApiErrorOptions = {
  /** Interpolation values for the message key. */
  values?: Record<string, unknown>;
  /** Field → message keys. */
  errors?: FieldErrors;
  /** Figures the envelope carries beside the message (ErrorEnvelope.details). */
  details?: ErrorDetails;
  headers?: HeadersInit;
};

/**
 * An error answer that has not been translated yet. Handlers throw it; the request
 * wrapper (or errorResponse) turns it into the error envelope in the request's language.
 */
export class ApiError extends Error {
  readonly status: number;
  readonly messageKey: string;
  readonly values?: Record<string, unknown>;
  readonly errors?: FieldErrors;
  readonly details?: ErrorDetails;
  readonly headers?: HeadersInit;

  constructor(status: number, messageKey: string, options: ApiErrorOptions = {}) {
    super(messageKey);
    this.name = "ApiError";
    this.status = status;
    this.messageKey = messageKey;
    this.values = options.values;
    this.errors = options.errors;
    this.details = options.details;
    this.headers = options.headers;
  }
}

/**
 * How a feature's errors.ts describes a refused command (`<feature>Refusals: Record<Refusal kind,
 * Refusal>`): its status, message key and the field to blame, if any; `formStatus` when a web form
 * answers with another status than the API (a form answers a conflict with 400).
 */
export type Refusal<Field extends string = string> = { status: number; message: string; field?: Field; formStatus?: number };

/** A refusal as the API answers it: the message on the field when a field is to blame. */
export function refusalError({ status, message, field }: Refusal): ApiError {
  return new ApiError(status, message, field ? { errors: { [field]: [message] } } : {});
}

/** The status codes of ARCHITECTURE.md 6, each with its default message key and headers. */
export const apiErrors = {
  validation: (messageKey: string, errors?: FieldErrors) => new ApiError(400, messageKey, { errors }),
  malformedJson: () => new ApiError(400, "api.malformedJson"),
  /** No credentials at all: the client should authenticate. */
  unauthorized: () => new ApiError(401, "errors.unauthorized", { headers: { "WWW-Authenticate": "Bearer" } }),
  /** A token was presented but is bad, expired or revoked (RFC 6750 section 3.1). */
  invalidToken: () =>
    new ApiError(401, "api.invalidToken", {
      headers: { "WWW-Authenticate": 'Bearer error="invalid_token", error_description="The access token is invalid or expired"' },
    }),
  invalidCredentials: () => new ApiError(401, "errors.invalidCredentials", { headers: { "WWW-Authenticate": "Bearer" } }),
  forbidden: () => new ApiError(403, "api.forbidden"),
  notFound: () => new ApiError(404, "errors.notFound"),
  methodNotAllowed: (allow: string[]) => new ApiError(405, "api.methodNotAllowed", { headers: { Allow: allow.join(", ") } }),
  conflict: (messageKey: string, errors?: FieldErrors) => new ApiError(409, messageKey, { errors }),
  unsupportedMediaType: () => new ApiError(415, "api.unsupportedMediaType"),
  tooManyRequests: (retryAfterSeconds: number) =>
    new ApiError(429, "errors.tooManyAttempts", {
      values: { seconds: retryAfterSeconds },
      headers: { "Retry-After": String(retryAfterSeconds) },
    }),
  internal: () => new ApiError(500, "errors.internal"),
};

/** Zod issues → 400: the first failure is the message (spec section 5), every failure is listed per field. */
export function validationError(issues: readonly z.core.$ZodIssue[]): ApiError {
  const errors: FieldErrors = {};
  for (const issue of issues) {
    // A root issue (the body is not an object at all) has no field to hang on; the message says it.
    if (issue.path.length === 0) continue;
    const field = issue.path.map(String).join(".");
    const list = (errors[field] ??= []);
    if (!list.includes(issue.message)) list.push(issue.message);
  }
  const first = issues[0]?.message ?? "api.validationFailed";
  return apiErrors.validation(first, Object.keys(errors).length ? errors : undefined);
}

/** A message key, or a key carrying its values (~/text/message: "Enter a date between … and …"), in the request's language. */
function translateMessage(t: Translate, message: string, values?: Record<string, unknown>): string {
  const split = splitMessage(message);
  return t(split.key, split.values || values ? { ...split.values, ...values } : undefined);
}

export function errorResponse(t: Translate, error: ApiError): Response {
  const body: ErrorEnvelope = { status: "error", message: translateMessage(t, error.messageKey, error.values) };
  if (error.errors) {
    body.errors = Object.fromEntries(
      Object.entries(error.errors).map(([field, keys]) => [field, keys.map((key) => translateMessage(t, key))]),
    );
  }
  if (error.details) body.details = error.details;
  const headers = new Headers(error.headers);
  headers.set("Cache-Control", "no-store");
  if (error.status === 401 && !headers.has("WWW-Authenticate")) headers.set("WWW-Authenticate", "Bearer");
  return Response.json(body, { status: error.status, headers });
}
