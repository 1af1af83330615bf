import { expect, test } from "vitest";
import { loginRedirect, safeRedirectPath } from "./guards.server";

test("only same-site paths are followed after login", () => {
  expect(safeRedirectPath("/profile?x=1")).toBe("/profile?x=1");
  expect(safeRedirectPath("//evil.example")).toBe("/dashboard");
  expect(safeRedirectPath("/\\evil.example")).toBe("/dashboard");
  expect(safeRedirectPath("https://evil.example")).toBe("/dashboard");
  expect(safeRedirectPath(null)).toBe("/dashboard");
  expect(safeRedirectPath("", "/")).toBe("/");
});

test("a path with a query, a fragment or encoded text in the query is kept as it is", () => {
  for (const path of ["/", "/expenses?q=caf%C3%A9%20bar&page=2", "/expenses?q=a+b", "/tags#new", "/expenses/edit/0b5e?x=%0A"]) {
    expect(safeRedirectPath(path)).toBe(path);
  }
});

test("control characters, whitespace and characters outside ASCII fall back, raw or percent-encoded in the path", () => {
  for (const path of [
    "/\t/evil.example",
    "/%09/evil.example",
    "/dashboard\n",
    "/dashboard\r\nSet-Cookie: x=1",
    "/%0D%0A",
    "/a b",
    "/a%20b",
    "/a%C2%A0b",
    " /dashboard",
    "/dashboard\u0000",
    "/caf\u00e9",
    "/\u2028",
  ]) {
    expect(safeRedirectPath(path), JSON.stringify(path)).toBe("/dashboard");
  }
});

test("a second slash or backslash, even percent-encoded, and broken encodings fall back", () => {
  for (const path of ["/%2F/evil.example", "/%2f%2fevil.example", "/%5Cevil.example", "/%", "/%E0%A4%A", "javascript:alert(1)", "evil"]) {
    expect(safeRedirectPath(path, "/"), path).toBe("/");
  }
});

test("single-fetch .data requests are never a return address", () => {
  expect(safeRedirectPath("/dashboard.data")).toBe("/dashboard");
  expect(safeRedirectPath("/_root.data?_routes=root")).toBe("/dashboard");
  expect(safeRedirectPath("/expenses%2Edata")).toBe("/dashboard");
  expect(safeRedirectPath("/expenses?file=report.data")).toBe("/expenses?file=report.data");
});

test("an address longer than 2,048 characters falls back", () => {
  expect(safeRedirectPath(`/expenses?q=${"a".repeat(2048)}`)).toBe("/dashboard");
});

test("a guest's data request is sent to login with the page it was loading", () => {
  const target = (url: string) => loginRedirect(new Request(url)).headers.get("Location");
  expect(target("http://x/expenses.data?month=2026-11&_routes=routes%2Ftransactions%2Flist")).toBe(
    "/auth/login?redirectTo=%2Fexpenses%3Fmonth%3D2026-11",
  );
  expect(target("http://x/dashboard.data?_routes=root")).toBe("/auth/login");
  expect(target("http://x/_root.data")).toBe("/auth/login");
  expect(target("http://x/profile")).toBe("/auth/login?redirectTo=%2Fprofile");
});
