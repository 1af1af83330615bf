import { expect, test } from "vitest";
import { z } from "zod";
import { messageWithValues } from "~/text/message";
import { ApiError, apiErrors, errorResponse, successResponse, validationError, type Translate } from "./envelope";

const t: Translate = (key, values) => `<${key}${values ? ` ${JSON.stringify(values)}` : ""}>`;

test("a success answer is { status: 'success', data } with no-store", async () => {
  const res = successResponse({ user: { id: "1" } }, { status: 201 });
  expect(res.status).toBe(201);
  expect(res.headers.get("Content-Type")).toContain("application/json");
  expect(res.headers.get("Cache-Control")).toBe("no-store");
  expect(await res.json()).toEqual({ status: "success", data: { user: { id: "1" } } });
});

test("an error answer translates its message and every field message", async () => {
  const res = errorResponse(t, new ApiError(409, "errors.emailExists", { errors: { email: ["errors.emailExists"] } }));
  expect(res.status).toBe(409);
  expect(res.headers.get("Cache-Control")).toBe("no-store");
  expect(await res.json()).toEqual({
    status: "error",
    message: "<errors.emailExists>",
    errors: { email: ["<errors.emailExists>"] },
  });
});

test("an error without field errors has no errors key", async () => {
  const body = await errorResponse(t, apiErrors.notFound()).json();
  expect(body).toEqual({ status: "error", message: "<errors.notFound>" });
});

test("every 401 carries a Bearer challenge; a bad token says invalid_token", () => {
  expect(errorResponse(t, apiErrors.unauthorized()).headers.get("WWW-Authenticate")).toBe("Bearer");
  expect(errorResponse(t, new ApiError(401, "x")).headers.get("WWW-Authenticate")).toBe("Bearer");
  const invalid = errorResponse(t, apiErrors.invalidToken());
  expect(invalid.status).toBe(401);
  expect(invalid.headers.get("WWW-Authenticate")).toMatch(/^Bearer error="invalid_token"/);
});

test("429 says when to come back, in the header and in the message", async () => {
  const res = errorResponse(t, apiErrors.tooManyRequests(42));
  expect(res.status).toBe(429);
  expect(res.headers.get("Retry-After")).toBe("42");
  expect(((await res.json()) as { message: string }).message).toBe('<errors.tooManyAttempts {"seconds":42}>');
});

test("405 lists the allowed methods; 415 and 500 have their own messages and nothing else", async () => {
  const res = errorResponse(t, apiErrors.methodNotAllowed(["GET", "PUT"]));
  expect(res.status).toBe(405);
  expect(res.headers.get("Allow")).toBe("GET, PUT");
  expect(await errorResponse(t, apiErrors.unsupportedMediaType()).json()).toEqual({
    status: "error",
    message: "<api.unsupportedMediaType>",
  });
  const internal = errorResponse(t, apiErrors.internal());
  expect(internal.status).toBe(500);
  expect(await internal.json()).toEqual({ status: "error", message: "<errors.internal>" });
});

test("zod issues become a 400 whose message is the first failure and whose errors group messages by field", () => {
  const schema = z.object({
    name: z.string().min(1, "validation.firstNameRequired"),
    email: z.string().min(1, "validation.emailRequired").includes("@", "validation.emailInvalid"),
    nested: z.object({ n: z.number("errors.invalidValue") }),
  });
  const result = schema.safeParse({ name: "", email: "", nested: { n: "x" } });
  if (result.success) throw new Error("expected a failure");
  const error = validationError(result.error.issues);
  expect(error.status).toBe(400);
  expect(error.messageKey).toBe("validation.firstNameRequired");
  expect(error.errors).toEqual({
    name: ["validation.firstNameRequired"],
    email: ["validation.emailRequired", "validation.emailInvalid"],
    "nested.n": ["errors.invalidValue"],
  });
});

test("a root-level issue is the message but no field", () => {
  const result = z.object({ a: z.string() }).safeParse([], { error: () => "errors.invalidValue" });
  if (result.success) throw new Error("expected a failure");
  const error = validationError(result.error.issues);
  expect(error.messageKey).toBe("errors.invalidValue");
  expect(error.errors).toBeUndefined();
});

test("a message that carries values (the accepted dates) is translated with them, as the answer's message and on its field", async () => {
  const message = messageWithValues("validation.dateOutOfRange", { from: "1900-01-01", to: "2036-11-27" });
  const body = await errorResponse(t, validationError([{ code: "custom", message, path: ["date"], input: "1899-12-31" }])).json();
  const translated = '<validation.dateOutOfRange {"from":"1900-01-01","to":"2036-11-27"}>';
  expect(body).toEqual({ status: "error", message: translated, errors: { date: [translated] } });
});
