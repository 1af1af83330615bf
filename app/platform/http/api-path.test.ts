import { expect, test } from "vitest";
import { isApiPath } from "./api-path";

test("the API is /api and everything under /api/, not a path that only starts with its letters", () => {
  for (const path of ["/api", "/api/", "/api/transactions", "/api/x/y"]) expect(isApiPath(path), path).toBe(true);
  for (const path of ["/", "/apix", "/apis/x", "/ap", "/dashboard/api", "/API", ""]) expect(isApiPath(path), path).toBe(false);
});
