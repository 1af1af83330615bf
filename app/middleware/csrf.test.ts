import { expect, test } from "vitest";
import { isCrossSiteWrite } from "./csrf";

const req = (method: string, path: string, headers: Record<string, string> = {}) =>
  new Request(`https://app.example${path}`, { method, headers });

test("reads are never refused", () => {
  expect(isCrossSiteWrite(req("GET", "/dashboard", { "Sec-Fetch-Site": "cross-site" }))).toBe(false);
});

test("writes need Sec-Fetch-Site same-origin, or else our own Origin", () => {
  expect(isCrossSiteWrite(req("POST", "/auth/login", { "Sec-Fetch-Site": "same-origin" }))).toBe(false);
  expect(isCrossSiteWrite(req("POST", "/auth/login", { Origin: "https://app.example" }))).toBe(false);
  expect(isCrossSiteWrite(req("POST", "/auth/login", { "Sec-Fetch-Site": "same-site", Origin: "https://app.example" }))).toBe(true);
  expect(isCrossSiteWrite(req("POST", "/auth/login", { Origin: "https://evil.example" }))).toBe(true);
  expect(isCrossSiteWrite(req("POST", "/auth/login", { Origin: "http://app.example" }))).toBe(true);
  expect(isCrossSiteWrite(req("DELETE", "/profile"))).toBe(true);
});

test("the bearer-token API is exempt: a cookie never authorises it", () => {
  expect(isCrossSiteWrite(req("POST", "/api/auth/login"))).toBe(false);
  expect(isCrossSiteWrite(req("POST", "/apiary"))).toBe(true);
});
