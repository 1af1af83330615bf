import { apiNotFound } from "~/platform/http/handler.server";

// Any /api path without a route: a JSON 404, not the web app's catch-all redirect.
export const loader = apiNotFound;
export const action = apiNotFound;
