import type { RouterContextProvider } from "react-router";
import { clientIp } from "~/auth/client-ip.server";
import type { Actor } from "~/platform/db/activity.server";
import type { z } from "zod";
import type { ApiAuth } from "~/auth/api-tokens.server";
import { requireApiSuperadmin, requireApiUser } from "./bearer-auth.server";
import { ApiError, apiErrors, errorResponse, successResponse, validationError, type Translate } from "./envelope";
import type { ApiOperation, BodyOf, HttpMethod, QueryOf, ResponseOf } from "./operation";
import { translatorFor } from "~/locales/server-translators";

// The request wrapper every /api resource route is built from:
//   export const { loader, action } = apiRoute([endpoint(someOperation, handler), …])
// It dispatches on the method (405 + Allow otherwise), authenticates per the
// operation's access, insists on JSON bodies (415), validates query and body with
// the operation's zod schemas (400 with translated messages), wraps the handler's
// result in the success envelope and turns anything unexpected into a bare 500.

/** What React Router hands a resource route's loader or action (the parts we use). */
export type ApiRouteArgs = {
  request: Request;
  context: Readonly<RouterContextProvider>;
  params: Record<string, string | undefined>;
};

export type ApiHandlerArgs<O extends ApiOperation> = ApiRouteArgs & {
  body: BodyOf<O>;
  query: QueryOf<O>;
  /** The caller; null only on public operations. */
  auth: O extends { access: "public" } ? null : ApiAuth;
  /** Who a command acts for (the caller and their address); null only on public operations. */
  actor: O extends { access: "public" } ? null : Actor;
  t: Translate;
};

/** Return the `data` of the success envelope, or a Response for anything else (its own status, headers, body). */
export type ApiHandler<O extends ApiOperation> = (args: ApiHandlerArgs<O>) => Promise<ResponseOf<O> | Response>;

export type ApiEndpoint = { operation: ApiOperation; handle: (args: ApiRouteArgs) => Promise<Response> };

const BODY_METHODS = new Set(["POST", "PUT", "PATCH", "DELETE"]);

export function isJsonContentType(value: string | null): boolean {
  if (!value) return false;
  const type = value.split(";")[0]!.trim().toLowerCase();
  return type === "application/json" || (type.startsWith("application/") && type.endsWith("+json"));
}

/** The parsed JSON body: 415 unless the request says it is JSON, 400 when it is not parseable. */
export async function readJsonBody(request: Request): Promise<unknown> {
  if (!isJsonContentType(request.headers.get("Content-Type"))) throw apiErrors.unsupportedMediaType();
  const text = await request.text();
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw apiErrors.malformedJson();
  }
}

/**
 * Parses with the schema; failures become a 400 whose messages are locale keys.
 * Issues without a message of their own (a number where a string belongs…) get a generic one.
 */
export async function validateInput<S extends z.ZodType>(schema: S, input: unknown): Promise<z.output<S>> {
  const result = await schema.safeParseAsync(input, { error: () => "errors.invalidValue" });
  if (!result.success) throw validationError(result.error.issues);
  return result.data;
}

function queryObject(request: Request): Record<string, string> {
  return Object.fromEntries(new URL(request.url).searchParams);
}

function withNoStore(response: Response): Response {
  if (!response.headers.has("Cache-Control")) response.headers.set("Cache-Control", "no-store");
  return response;
}

/** Turns whatever a handler threw into the answer: a Response as is, an ApiError translated, anything else a 500. */
export function toErrorResponse(error: unknown, t: Translate, operation?: ApiOperation): Response {
  if (error instanceof Response) return withNoStore(error);
  if (error instanceof ApiError) return errorResponse(t, error);
  console.error(`API ${operation ? `${operation.method} ${operation.path}` : "request"} failed`, error);
  return errorResponse(t, apiErrors.internal());
}

export function endpoint<const O extends ApiOperation>(operation: O, handler: ApiHandler<O>): ApiEndpoint {
  return {
    operation,
    async handle(args) {
      const { request, context } = args;
      const t = translatorFor(context).t;
      try {
        let auth: ApiAuth | null = null;
        if (operation.access === "user") auth = await requireApiUser(request, context);
        else if (operation.access === "superadmin") auth = await requireApiSuperadmin(request, context);

        let body: unknown;
        if (operation.body) {
          body = await readJsonBody(request);
        } else if (BODY_METHODS.has(request.method) && !operation.upload) {
          // No body expected; but whatever is sent to /api must not be a form (ARCHITECTURE.md 5).
          const type = request.headers.get("Content-Type");
          if (type && !isJsonContentType(type)) throw apiErrors.unsupportedMediaType();
        }
        const query = operation.query ? await validateInput(operation.query, queryObject(request)) : undefined;
        if (operation.body) body = await validateInput(operation.body, body);

        const actor: Actor | null = auth && { userId: auth.user.id, ip: clientIp(request), timeZone: auth.user.timeZone };
        const result = await handler({ ...args, body, query, auth, actor, t } as ApiHandlerArgs<O>);
        if (result instanceof Response) return withNoStore(result);
        return successResponse(result, { status: operation.successStatus ?? 200 });
      } catch (error) {
        return toErrorResponse(error, t, operation);
      }
    },
  };
}

/** A resource route's loader and action over its endpoints, one per method. */
export function apiRoute(endpoints: ApiEndpoint[]) {
  const byMethod = new Map<string, ApiEndpoint>(endpoints.map((e) => [e.operation.method, e]));
  const allow: string[] = [...byMethod.keys()];
  if (byMethod.has("GET")) allow.push("HEAD");
  const dispatch = async (args: ApiRouteArgs): Promise<Response> => {
    const method = args.request.method === "HEAD" ? "GET" : (args.request.method as HttpMethod);
    const target = byMethod.get(method);
    if (!target) return errorResponse(translatorFor(args.context).t, apiErrors.methodNotAllowed(allow));
    return target.handle(args);
  };
  return { loader: dispatch, action: dispatch };
}

/** Every method on a path the API does not have: a 404 envelope, never the web app's redirect. */
export function apiNotFound({ context }: ApiRouteArgs): Response {
  return errorResponse(translatorFor(context).t, apiErrors.notFound());
}
