import { expect, test } from "vitest";
import { safeRedirectPath } from "./guards.server";

test("only same-site paths are followed after login", () => {
  expect(safeRedirectPath("/profile?x=1")).toBe("/profile?x=1");
  expect(safeRedirectPath("//evil.example")).toBe("/dashboard");
  expect(safeRedirectPath("/\\evil.example")).toBe("/dashboard");
  expect(safeRedirectPath("https://evil.example")).toBe("/dashboard");
  expect(safeRedirectPath(null)).toBe("/dashboard");
  expect(safeRedirectPath("", "/")).toBe("/");
});
