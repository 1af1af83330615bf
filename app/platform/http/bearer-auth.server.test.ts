import { expect, test } from "vitest";
import { readBearerToken } from "./bearer-auth.server";

test("the bearer token is read from the Authorization header, any case of the scheme", () => {
  const req = (value?: string) => new Request("http://x/api", value ? { headers: { Authorization: value } } : {});
  expect(readBearerToken(req("Bearer abc.def.ghi"))).toBe("abc.def.ghi");
  expect(readBearerToken(req("bearer   abc"))).toBe("abc");
  expect(readBearerToken(req("Basic dXNlcjpwYXNz"))).toBeNull();
  expect(readBearerToken(req())).toBeNull();
});
