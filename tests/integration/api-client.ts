import { SELF } from "cloudflare:test";
import { expect } from "vitest";
import { freshIp, ORIGIN, STRONG_PASSWORD, uniqueEmail } from "./helpers";

/** The envelope as a test reads it; `data` is whatever the endpoint returns. */
// The tests read arbitrary response shapes.
export type Envelope = { status: "success" | "error"; message?: string; errors?: Record<string, string[]>; details?: Record<string, number | string>; data?: any };

export type ApiRequest = {
  method?: string;
  /** Sent as JSON with Content-Type: application/json. */
  json?: unknown;
  /** Sent as is (for the 415 and malformed-JSON cases). */
  body?: BodyInit;
  token?: string;
  ip?: string;
  headers?: Record<string, string>;
};

export async function api(path: string, req: ApiRequest = {}) {
  const headers = new Headers(req.headers);
  headers.set("CF-Connecting-IP", req.ip ?? freshIp());
  if (req.token) headers.set("Authorization", `Bearer ${req.token}`);
  let body = req.body;
  if (req.json !== undefined) {
    body = JSON.stringify(req.json);
    if (!headers.has("Content-Type")) headers.set("Content-Type", "application/json");
  }
  const res = await SELF.fetch(`${ORIGIN}${path}`, {
    method: req.method ?? (body === undefined ? "GET" : "POST"),
    headers,
    body,
    redirect: "manual",
  });
  const type = res.headers.get("Content-Type") ?? "";
  const envelope = (type.includes("json") ? await res.json() : { status: "error", message: await res.text() }) as Envelope;
  return { res, status: res.status, body: envelope };
}

export type ApiAccount = {
  email: string;
  password: string;
  accessToken: string;
  refreshToken: string;
  user: { id: string; email: string; role: string };
};

export async function registerViaApi(overrides: Record<string, string> = {}): Promise<ApiAccount> {
  const email = overrides.email ?? uniqueEmail("api");
  const password = overrides.password ?? STRONG_PASSWORD;
  const { status, body } = await api("/api/auth/register", {
    json: { firstName: "Api", lastName: "Tester", email, password, ...overrides },
  });
  expect(status, JSON.stringify(body)).toBe(201);
  return { email, password, ...body.data };
}

export async function loginViaApi(email: string, password = STRONG_PASSWORD) {
  const { status, body } = await api("/api/auth/login", { json: { email, password } });
  expect(status, JSON.stringify(body)).toBe(200);
  return body.data as { accessToken: string; refreshToken: string; user: ApiAccount["user"] };
}

/** The claims of an access token, without checking it (the server does that). */
export function jwtClaims(token: string): Record<string, unknown> {
  const payload = token.split(".")[1]!.replace(/-/g, "+").replace(/_/g, "/");
  return JSON.parse(atob(payload.padEnd(Math.ceil(payload.length / 4) * 4, "="))) as Record<string, unknown>;
}
