import { z } from "zod";
import { MAX_REQUEST_BODY_BYTES, MAX_REQUEST_BODY_LABEL } from "~/platform/http/body-limit";
import { errorEnvelopeSchema, successEnvelopeSchema } from "./envelope";
import { defineOperation, type ApiOperation } from "./operation";

// /api/openapi.json is generated from the same zod schemas the endpoints validate
// with (ARCHITECTURE.md 6). Request schemas are documented as their input side
// (`io: "input"`: what a client sends, before trims and transforms), responses as
// their output side.

export const openApiOperation = defineOperation({
  operationId: "openApiDocument",
  method: "GET",
  path: "/api/openapi.json",
  summary: "This document",
  tag: "meta",
  access: "public",
  response: z.object({}).loose(),
  rawResponse: true,
});


type JsonSchema = Record<string, unknown> & { properties?: Record<string, JsonSchema>; required?: string[] };

function jsonSchema(schema: z.ZodType, io: "input" | "output"): JsonSchema {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, {
    io,
    target: "draft-2020-12",
    // A transform's output has no JSON Schema; say "anything" rather than fail the whole document.
    unrepresentable: "any",
  }) as JsonSchema;
  return rest;
}

const ERROR_DESCRIPTIONS: Record<number, string> = {
  400: "Validation failed or the body is not valid JSON; `errors` maps each field to its messages",
  401: "No valid access token (or bad credentials)",
  403: "Authenticated but not allowed",
  404: "No such resource",
  409: "Conflicts with existing data",
  413: `The body is larger than ${MAX_REQUEST_BODY_LABEL} (${MAX_REQUEST_BODY_BYTES} bytes)`,
  410: "No longer possible: the time allowed has passed",
  415: "The body is not JSON",
  429: "Too many attempts; wait Retry-After seconds",
  500: "Unexpected server error",
};

function errorResponseDoc(status: number, op?: ApiOperation) {
  const headers: Record<string, unknown> = {};
  if (status === 401) {
    headers["WWW-Authenticate"] = {
      description: 'Bearer, with error="invalid_token" when a token was presented but is invalid, expired or revoked',
      schema: { type: "string" },
    };
  }
  if (status === 429) headers["Retry-After"] = { description: "Seconds to wait", schema: { type: "integer" } };
  return {
    description:
      status === 413 && op?.upload
        ? `The body is larger than ${op.upload.maxBytes} bytes`
        : status === 415 && op?.upload
          ? `The body is none of ${Object.keys(op.upload.contentTypes).join(", ")}`
          : (ERROR_DESCRIPTIONS[status] ?? "Error"),
    ...(Object.keys(headers).length ? { headers } : {}),
    content: { "application/json": { schema: { $ref: "#/components/schemas/ErrorEnvelope" } } },
  };
}

function operationDoc(op: ApiOperation) {
  const parameters: Record<string, unknown>[] = [];
  for (const [name, description] of Object.entries(op.params ?? {})) {
    parameters.push({ name, in: "path", required: true, description, schema: { type: "string" } });
  }
  if (op.query) {
    const query = jsonSchema(op.query, "input");
    const required = new Set(query.required ?? []);
    for (const [name, schema] of Object.entries(query.properties ?? {})) {
      const { description, ...rest } = schema;
      parameters.push({ name, in: "query", required: required.has(name), ...(description ? { description } : {}), schema: rest });
    }
  }

  const success = op.rawResponse ? op.response : successEnvelopeSchema(op.response);
  const responses: Record<string, unknown> = {
    [String(op.successStatus ?? 200)]: {
      description: "Success",
      content: op.successContentType
        ? Object.fromEntries(
            [op.successContentType].flat().map((type) => [
              type,
              { schema: { type: "string", ...(type.startsWith("text/") ? {} : { format: "binary" }), ...(op.response.description ? { description: op.response.description } : {}) } },
            ]),
          )
        : { "application/json": { schema: jsonSchema(success, "output") } },
    },
  };
  const errorStatuses = new Set<number>(op.errorStatuses ?? []);
  if (op.body || op.query) errorStatuses.add(400);
  if (op.body || op.upload) {
    errorStatuses.add(400);
    errorStatuses.add(413);
    errorStatuses.add(415);
  }
  if (op.access !== "public") errorStatuses.add(401);
  if (op.access === "superadmin") errorStatuses.add(403);
  errorStatuses.add(500);
  for (const status of [...errorStatuses].sort((a, b) => a - b)) responses[String(status)] = errorResponseDoc(status, op);

  return {
    operationId: op.operationId,
    summary: op.summary,
    ...(op.description ? { description: op.description } : {}),
    tags: [op.tag],
    security: op.access === "public" ? [] : [{ bearerAuth: [] }],
    ...(parameters.length ? { parameters } : {}),
    ...(op.body
      ? { requestBody: { required: true, content: { "application/json": { schema: jsonSchema(op.body, "input") } } } }
      : {}),
    ...(op.upload
      ? {
          requestBody: {
            required: true,
            description: `At most ${op.upload.maxBytes} bytes (413 otherwise)`,
            content: Object.fromEntries(Object.entries(op.upload.contentTypes).map(([type, schema]) => [type, { schema: jsonSchema(schema, "input") }])),
          },
        }
      : {}),
    responses,
  };
}

export function buildOpenApiDocument(operations: readonly ApiOperation[]) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const op of operations) {
    (paths[op.path] ??= {})[op.method.toLowerCase()] = operationDoc(op);
  }
  return {
    openapi: "3.1.0",
    jsonSchemaDialect: "https://json-schema.org/draft/2020-12/schema",
    info: {
      title: "Tallyworth API",
      version: "1.0.0",
      description:
        'Every answer is an envelope: { "status": "success", "data": … } or { "status": "error", "message": …, "errors"?: { field: [messages] } }. ' +
        "Messages follow Accept-Language (en, es). Request bodies must be JSON (415 otherwise; the CSV upload, POST /api/imports, takes text/csv or multipart/form-data up to 6 MiB) and at most " +
        `${MAX_REQUEST_BODY_LABEL} (${MAX_REQUEST_BODY_BYTES} bytes; 413 otherwise, by Content-Length or counted while reading a chunked body).`,
    },
    tags: [...new Set(operations.map((op) => op.tag))].map((name) => ({ name })),
    paths,
    components: {
      securitySchemes: { bearerAuth: { type: "http", scheme: "bearer", bearerFormat: "JWT" } },
      schemas: { ErrorEnvelope: jsonSchema(errorEnvelopeSchema, "output") },
    },
  };
}
