import { apiRoute, endpoint } from "~/platform/http/handler.server";
import { openApiOperation } from "~/platform/http/openapi";
import { openApiDocument } from "./operations";

// Named exports, not a destructuring: React Router's build must see `loader` and `action` by name.
const route = apiRoute([
  endpoint(openApiOperation, async () =>
    Response.json(openApiDocument(), { headers: { "Cache-Control": "public, max-age=300" } }),
  ),
]);

export const loader = route.loader;
export const action = route.action;
