import { apiRoute, endpoint } from "~/api/handler.server";
import { openApiDocument, openApiOperation } from "~/api/openapi";

export const { loader, action } = apiRoute([
  endpoint(openApiOperation, async () =>
    Response.json(openApiDocument(), { headers: { "Cache-Control": "public, max-age=300" } }),
  ),
]);
