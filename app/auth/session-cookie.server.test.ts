import { expect, test } from "vitest";
import { readSessionToken, serializeClearedSessionCookie, serializeHostCookie, serializeSessionCookie } from "./session-cookie.server";

const token = "abcdefghijklmnopqrstuvwxyz234567";
const https = (cookie: string) => new Request("https://tallyworth.example/", { headers: { Cookie: cookie } });
const http = (cookie: string) => new Request("http://localhost:5173/", { headers: { Cookie: cookie } });

test("over HTTPS only the __Host- session cookie is read: a plain `session` a sibling domain could set is ignored", () => {
  expect(readSessionToken(https(`session=${token}`))).toBeNull();
  expect(readSessionToken(https(`theme=dark; __Host-session=${token}; lng=es`))).toBe(token);
  expect(readSessionToken(http(`lng=es;session=${token}`))).toBe(token);
});

test("the first of two session cookies wins, and a value that is not a token is no session", () => {
  expect(readSessionToken(http(`session=${token}; session=${"a".repeat(32)}`))).toBe(token);
  expect(readSessionToken(http("session=not-a-token"))).toBeNull();
  expect(readSessionToken(http(""))).toBeNull();
});

test("over HTTPS every cookie is set host-only with the __Host- prefix, Secure, Path=/, HttpOnly and SameSite=Lax", () => {
  const request = https("");
  for (const cookie of [
    serializeSessionCookie(request, token, { expiresAt: new Date(Date.now() + 3_600_000), persistent: true }),
    serializeClearedSessionCookie(request),
    serializeHostCookie(request, "device", "n.s~m.t", { maxAge: 60 }),
  ]) {
    const [pair, ...attrs] = cookie.split("; ");
    expect(pair).toMatch(/^__Host-(session|device)=/);
    expect(attrs).toEqual(expect.arrayContaining(["Path=/", "HttpOnly", "Secure", "SameSite=Lax"]));
    expect(cookie).not.toMatch(/Domain=/i);
  }
  expect(serializeHostCookie(request, "device", "n.s~m.t")).toMatch(/^__Host-device=n\.s~m\.t;/);
});

test("over plain HTTP the cookie has its bare name and no Secure; a browser-lifetime session has no Max-Age", () => {
  const cookie = serializeSessionCookie(http(""), token, { expiresAt: new Date(Date.now() + 3_600_000), persistent: false });
  expect(cookie).toMatch(new RegExp(`^session=${token};`));
  expect(cookie).not.toMatch(/Secure|Max-Age|Expires/);
  expect(serializeClearedSessionCookie(http(""))).toMatch(/^session=; Max-Age=0;/);
});
