import { expect, test } from "vitest";
import { apiOperations } from "~/routes/api/operations";
import { buildOpenApiDocument as buildFor } from "~/platform/http/openapi";

const buildOpenApiDocument = () => buildFor(apiOperations);

type Doc = ReturnType<typeof buildOpenApiDocument>;
type Op = {
  operationId: string;
  security: unknown[];
  parameters?: { name: string; in: string; required: boolean; schema: Record<string, unknown> }[];
  requestBody?: { content: { "application/json": { schema: { type: string; properties: Record<string, unknown> } } } };
  responses: Record<string, { content: { "application/json": { schema: Record<string, unknown> } } }>;
};
const op = (doc: Doc, path: string, method: string) => doc.paths[path]![method] as Op;

test("every registered operation appears once, under its path and method", () => {
  const doc = buildOpenApiDocument();
  const listed = Object.entries(doc.paths).flatMap(([path, ops]) => Object.keys(ops).map((m) => `${m} ${path}`));
  expect(listed.sort()).toEqual(apiOperations.map((o) => `${o.method.toLowerCase()} ${o.path}`).sort());
  expect(new Set(apiOperations.map((o) => o.operationId)).size).toBe(apiOperations.length);
});

test("request bodies are documented from the zod schemas' input side", () => {
  const doc = buildOpenApiDocument();
  const register = op(doc, "/api/auth/register", "post");
  expect(Object.keys(register.requestBody!.content["application/json"].schema.properties).sort()).toEqual([
    "email",
    "firstName",
    "lastName",
    "password",
    // Issue 24: the account's time zone, UTC when left out.
    "timeZone",
  ]);
  const password = op(doc, "/api/users/password", "put");
  expect(Object.keys(password.requestBody!.content["application/json"].schema.properties).sort()).toEqual([
    "currentPassword",
    "newPassword",
  ]);
});

test("protected operations require the bearer scheme and document 401; admin ones 403", () => {
  const doc = buildOpenApiDocument();
  expect(doc.components.securitySchemes.bearerAuth).toEqual({ type: "http", scheme: "bearer", bearerFormat: "JWT" });
  expect(op(doc, "/api/auth/login", "post").security).toEqual([]);
  const profile = op(doc, "/api/users/profile", "get");
  expect(profile.security).toEqual([{ bearerAuth: [] }]);
  expect(Object.keys(profile.responses)).toEqual(["200", "401", "500"]);
  expect(Object.keys(op(doc, "/api/users/{id}", "put").responses)).toEqual(["200", "400", "401", "403", "404", "409", "413", "415", "500"]);
});

test("responses are wrapped in the success envelope; query and path parameters are listed", () => {
  const doc = buildOpenApiDocument();
  const activity = op(doc, "/api/users/activity", "get");
  const schema = activity.responses["200"]!.content["application/json"].schema as {
    properties: { status: unknown; data: { properties: Record<string, unknown> } };
  };
  expect(schema.properties.status).toEqual({ type: "string", const: "success" });
  expect(Object.keys(schema.properties.data.properties).sort()).toEqual(["activities", "data"]);
  expect(activity.parameters).toEqual([
    expect.objectContaining({ name: "limit", in: "query", required: false, schema: expect.objectContaining({ maximum: 100 }) }),
  ]);
  expect(op(doc, "/api/users/{id}", "put").parameters).toEqual([expect.objectContaining({ name: "id", in: "path", required: true })]);
  expect(op(doc, "/api/auth/register", "post").responses["201"]).toBeDefined();
});

test("the document is JSON and declares OpenAPI 3.1", () => {
  const doc = buildOpenApiDocument();
  expect(doc.openapi).toBe("3.1.0");
  expect(JSON.parse(JSON.stringify(doc))).toEqual(doc);
});

test("savings-goal bodies, which their handlers validate with the currencies' decimals, are documented from their schemas all the same", () => {
  const doc = buildOpenApiDocument();
  const body = (path: string, method: string) => Object.keys(op(doc, path, method).requestBody!.content["application/json"].schema.properties).sort();
  const goalFields = ["currencyCode", "currency_code", "currentAmount", "current_amount", "description", "name", "targetAmount", "targetDate", "target_amount", "target_date"];
  expect(body("/api/savings-goals", "post")).toEqual(goalFields);
  expect(body("/api/savings-goals/{id}", "put")).toEqual(goalFields);
  expect(body("/api/savings-goals/{id}/progress", "put")).toEqual(["amount", "note"]);
  expect(body("/api/budgets", "post")).toEqual(["alertThreshold", "alert_threshold", "amount", "categoryId", "category_id", "month"]);
  expect(Object.keys(op(doc, "/api/savings-goals/{id}/progress", "put").responses)).toEqual(["200", "400", "401", "404", "413", "415", "500"]);
});

test("the reports operations document their query (dates, period, format, flags) and the export as a CSV file or a spreadsheet", () => {
  const doc = buildOpenApiDocument();
  const trends = op(doc, "/api/reports/trends", "get");
  expect(trends.parameters!.map((p) => [p.name, p.required])).toEqual([["startDate", false], ["endDate", false], ["period", false]]);
  expect(trends.parameters!.find((p) => p.name === "period")!.schema).toMatchObject({ enum: ["daily", "weekly", "monthly"] });
  const exported = op(doc, "/api/reports/export", "get");
  expect(exported.parameters!.map((p) => p.name)).toEqual(["format", "startDate", "endDate", "includeCategories", "includeCurrencyConversion"]);
  const success = exported.responses["200"] as unknown as { content: Record<string, { schema: { type: string } }> };
  // The CSV, and (format=xlsx, decision 038) the spreadsheet.
  expect(Object.keys(success.content)).toEqual(["text/csv", "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"]);
  expect(success.content["text/csv"]!.schema.type).toBe("string");
  expect(Object.keys(exported.responses).sort()).toEqual(["200", "400", "401", "500"]);
  const summary = op(doc, "/api/reports/summary", "get");
  expect(Object.keys(summary.responses["200"]!.content["application/json"].schema)).toContain("properties");
});
