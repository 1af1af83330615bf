import { expect, test } from "vitest";
import { accountApiError, accountFormRefusal } from "./errors";

test("a taken email is a 409 on the API and a 400 on the form, both on the email field", () => {
  const api = accountApiError({ ok: false, error: "emailExists" });
  expect([api.status, api.messageKey, api.errors]).toEqual([409, "errors.emailExists", { email: ["errors.emailExists"] }]);
  expect(accountFormRefusal({ ok: false, error: "emailExists" })).toMatchObject({
    status: 400,
    reply: { fieldErrors: { email: ["errors.emailExists"] } },
    retryAfter: null,
  });
});

test("a throttled door answers 429 with its wait on both faces", () => {
  const api = accountApiError({ ok: false, error: "throttled", retryAfterSeconds: 42 });
  expect([api.status, api.messageKey, api.values]).toEqual([429, "errors.tooManyAttempts", { seconds: 42 }]);
  expect(new Headers(api.headers).get("Retry-After")).toBe("42");
  expect(accountFormRefusal({ ok: false, error: "throttled", retryAfterSeconds: 42 })).toEqual({
    reply: { formErrors: ["errors.tooManyAttempts"] },
    message: "errors.tooManyAttempts",
    status: 429,
    retryAfter: 42,
    headers: { "Retry-After": "42" },
  });
});

test("an admin refusal without a field is about the whole request", () => {
  expect(accountApiError({ ok: false, error: "lastSuperadmin" })).toMatchObject({ status: 409, errors: undefined });
  expect(accountApiError({ ok: false, error: "notFound" })).toMatchObject({ status: 404, messageKey: "errors.notFound" });
  expect(accountFormRefusal({ ok: false, error: "cannotChangeSelf" })).toMatchObject({ status: 400, message: "errors.cannotChangeSelf" });
  expect(accountFormRefusal({ ok: false, error: "notFound" }).status).toBe(404);
});
