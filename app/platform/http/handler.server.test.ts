import { RouterContextProvider } from "react-router";
import { expect, test, vi } from "vitest";
import { z } from "zod";
import { i18nMiddleware } from "~/middleware/i18n";
import { apiNotFound, apiRoute, endpoint } from "./handler.server";
import { defineOperation } from "./operation";

// Public operations only: these exercise the wrapper without a database.
const echo = defineOperation({
  operationId: "echo",
  method: "POST",
  path: "/api/echo",
  summary: "echo",
  tag: "test",
  access: "public",
  body: z.object({ name: z.string().trim().min(1, "validation.firstNameRequired") }),
  response: z.object({ name: z.string() }),
  successStatus: 201,
});
const list = defineOperation({
  operationId: "list",
  method: "GET",
  path: "/api/echo",
  summary: "list",
  tag: "test",
  access: "public",
  query: z.object({ limit: z.coerce.number().int().min(1).max(100).default(10) }),
  response: z.object({ limit: z.number() }),
});
const boom = defineOperation({
  operationId: "boom",
  method: "DELETE",
  path: "/api/echo",
  summary: "boom",
  tag: "test",
  access: "public",
  response: z.object({}),
});

const route = apiRoute([
  endpoint(echo, async ({ body }) => ({ name: body.name })),
  endpoint(list, async ({ query }) => ({ limit: query.limit })),
  endpoint(boom, async () => {
    throw new Error("database password is hunter2");
  }),
]);

/** Runs the route the way React Router does: behind the i18n middleware (which reads Accept-Language). */
async function call(init: RequestInit & { path?: string } = {}) {
  const request = new Request(`http://localhost${init.path ?? "/api/echo"}`, init);
  const context = new RouterContextProvider();
  const args = { request, context, params: {}, pattern: "/api/echo", url: new URL(request.url) };
  const handler = request.method === "GET" || request.method === "HEAD" ? route.loader : route.action;
  const response = (await i18nMiddleware(args, () => handler(args))) as Response;
  const body = (await response.clone().json()) as { status: string; message?: string; errors?: Record<string, string[]>; data?: unknown };
  return { response, body };
}

const json = (value: unknown, headers: Record<string, string> = {}) => ({
  method: "POST",
  headers: { "Content-Type": "application/json", ...headers },
  body: JSON.stringify(value),
});

test("a valid JSON body reaches the handler, trimmed, and its result is wrapped with the operation's status", async () => {
  const { response, body } = await call(json({ name: "  Ada " }));
  expect(response.status).toBe(201);
  expect(response.headers.get("Cache-Control")).toBe("no-store");
  expect(body).toEqual({ status: "success", data: { name: "Ada" } });
});

test("application/json with a charset, and +json types, are JSON", async () => {
  const { response } = await call(json({ name: "Ada" }, { "Content-Type": "application/json; charset=utf-8" }));
  expect(response.status).toBe(201);
  const { response: vendor } = await call(json({ name: "Ada" }, { "Content-Type": "application/vnd.api+json" }));
  expect(vendor.status).toBe(201);
});

test("a method the route does not have answers 405 with Allow", async () => {
  const { response, body } = await call({ method: "PATCH", headers: { "Content-Type": "application/json" }, body: "{}" });
  expect(response.status).toBe(405);
  expect(response.headers.get("Allow")).toBe("POST, GET, DELETE, HEAD");
  expect(body).toEqual({ status: "error", message: "Method not allowed" });
});

test("a form body is 415; no Content-Type is 415; broken JSON is 400", async () => {
  const form = await call({ method: "POST", body: new URLSearchParams({ name: "Ada" }) });
  expect(form.response.status).toBe(415);
  expect(form.body).toEqual({ status: "error", message: "Request body must be JSON" });
  const text = await call({ method: "POST", body: JSON.stringify({ name: "Ada" }), headers: { "Content-Type": "text/plain" } });
  expect(text.response.status).toBe(415);
  const broken = await call({ method: "POST", headers: { "Content-Type": "application/json" }, body: '{"name":' });
  expect(broken.response.status).toBe(400);
  expect(broken.body).toEqual({ status: "error", message: "Request body is not valid JSON" });
});

test("even an operation without a body refuses a form post with 415", async () => {
  const { response } = await call({ method: "DELETE", body: "a=1", headers: { "Content-Type": "application/x-www-form-urlencoded" } });
  expect(response.status).toBe(415);
});

test("validation failures are 400 with translated messages, in Spanish for Accept-Language: es", async () => {
  const en = await call(json({ name: " " }));
  expect(en.response.status).toBe(400);
  expect(en.body).toEqual({ status: "error", message: "First name is required", errors: { name: ["First name is required"] } });
  const es = await call(json({ name: 7 }, { "Accept-Language": "es" }));
  expect(es.body).toEqual({ status: "error", message: "Valor no válido", errors: { name: ["Valor no válido"] } });
});

test("query strings are validated too, with defaults", async () => {
  expect((await call({ path: "/api/echo" })).body).toEqual({ status: "success", data: { limit: 10 } });
  expect((await call({ path: "/api/echo?limit=25" })).body).toEqual({ status: "success", data: { limit: 25 } });
  const bad = await call({ path: "/api/echo?limit=abc" });
  expect(bad.response.status).toBe(400);
  expect(Object.keys(bad.body.errors ?? {})).toEqual(["limit"]);
});

test("an unexpected error is logged and answered with a bare 500", async () => {
  const log = vi.spyOn(console, "error").mockImplementation(() => {});
  const { response, body } = await call({ method: "DELETE" });
  expect(response.status).toBe(500);
  expect(body).toEqual({ status: "error", message: "Internal server error" });
  expect(JSON.stringify(body)).not.toContain("hunter2");
  expect(log).toHaveBeenCalledOnce();
});

test("unknown API paths answer a JSON 404", async () => {
  const request = new Request("http://localhost/api/nowhere");
  const context = new RouterContextProvider();
  const args = { request, context, params: {}, pattern: "/api/*", url: new URL(request.url) };
  const response = (await i18nMiddleware(args, async () => apiNotFound(args))) as Response;
  expect(response.status).toBe(404);
  expect(await response.json()).toEqual({ status: "error", message: "Not found" });
});
