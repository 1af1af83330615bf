import { env, SELF } from "cloudflare:test";
import { expect, test } from "vitest";
import { browser, registerViaForm, signedIn, STRONG_PASSWORD, uniqueEmail } from "./helpers";

async function sha256Hex(text: string) {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, "0")).join("");
}

async function signIn(remember: boolean) {
  const email = uniqueEmail();
  await registerViaForm(browser(), { email });
  const b = browser();
  const res = await b.fetch("/auth/login", {
    form: { email, password: STRONG_PASSWORD, ...(remember ? { remember: "on" } : {}) },
  });
  return { b, res, email, token: b.cookies.get("session")! };
}

test("the session cookie is HttpOnly, SameSite=Lax, Path=/ and lasts 30 days with remember me", async () => {
  const { res } = await signIn(true);
  const cookie = res.headers.get("Set-Cookie")!;
  expect(cookie).toMatch(/^session=[a-z2-7]{32};/);
  expect(cookie).toContain("HttpOnly");
  expect(cookie).toContain("SameSite=Lax");
  expect(cookie).toContain("Path=/");
  const maxAge = Number(/Max-Age=(\d+)/.exec(cookie)?.[1]);
  expect(maxAge).toBeGreaterThan(29 * 86400);
  expect(maxAge).toBeLessThanOrEqual(30 * 86400);
});

test("without remember me the cookie ends with the browser and the server keeps it one day", async () => {
  const { res, token } = await signIn(false);
  // The session cookie's own attributes (a device cookie, which does persist, comes alongside).
  const cookie = res.headers.getSetCookie().find((c) => c.startsWith("session="))!;
  expect(cookie).not.toContain("Max-Age");
  expect(cookie).not.toContain("Expires");
  const row = await env.DB.prepare("select expires_at from sessions where id = ?")
    .bind(await sha256Hex(token))
    .first<{ expires_at: number }>();
  expect(row!.expires_at - Date.now()).toBeLessThanOrEqual(86_400_000);
  expect(row!.expires_at - Date.now()).toBeGreaterThan(86_000_000);
});

test("over HTTPS the cookie carries the __Host- prefix and Secure", async () => {
  const email = uniqueEmail();
  await registerViaForm(browser(), { email });
  const res = await SELF.fetch("https://app.example/auth/login", {
    method: "POST",
    redirect: "manual",
    headers: {
      "Content-Type": "application/x-www-form-urlencoded",
      "Sec-Fetch-Site": "same-origin",
      "CF-Connecting-IP": "198.51.100.7",
    },
    body: new URLSearchParams({ email, password: STRONG_PASSWORD }),
  });
  const cookie = res.headers.get("Set-Cookie")!;
  expect(cookie).toMatch(/^__Host-session=/);
  expect(cookie).toContain("Secure");
  expect(res.headers.get("Strict-Transport-Security")).toContain("max-age=");
});

test("the database stores only the SHA-256 of the session token", async () => {
  const { token, email } = await signIn(true);
  const rows = await env.DB.prepare("select s.id from sessions s join users u on u.id = s.user_id where u.email = ?")
    .bind(email)
    .all<{ id: string }>();
  const ids = rows.results.map((r) => r.id);
  expect(ids).toContain(await sha256Hex(token));
  expect(ids).not.toContain(token);
});

test("a session with less than 15 days left is renewed to 30 and the cookie is sent again", async () => {
  const { b, token } = await signIn(true);
  const id = await sha256Hex(token);
  await env.DB.prepare("update sessions set expires_at = ? where id = ?").bind(Date.now() + 10 * 86_400_000, id).run();
  const res = await b.fetch("/dashboard");
  expect(res.status).toBe(200);
  expect(res.headers.get("Set-Cookie")).toContain(`session=${token}`);
  const row = await env.DB.prepare("select expires_at from sessions where id = ?").bind(id).first<{ expires_at: number }>();
  expect(row!.expires_at - Date.now()).toBeGreaterThan(29 * 86_400_000);
});

test("the API, /api itself included, neither reads nor renews the web session; a page whose path starts with 'api' does", async () => {
  const { b, token } = await signIn(true);
  const id = await sha256Hex(token);
  const nearEnd = Date.now() + 10 * 86_400_000;
  await env.DB.prepare("update sessions set expires_at = ? where id = ?").bind(nearEnd, id).run();
  const expiresAt = async () => (await env.DB.prepare("select expires_at from sessions where id = ?").bind(id).first<{ expires_at: number }>())!.expires_at;
  for (const path of ["/api", "/api/", "/api/nope"]) {
    const res = await b.fetch(path);
    expect(res.status, path).toBe(404);
    expect(res.headers.get("Set-Cookie"), path).toBeNull();
    expect(await expiresAt(), path).toBe(nearEnd);
  }
  const page = await b.fetch("/apix");
  expect(page.headers.get("Set-Cookie")).toContain(`session=${token}`);
  expect((await expiresAt()) - Date.now()).toBeGreaterThan(29 * 86_400_000);
});

test("a fresh session is not renewed on every request", async () => {
  const { b } = await signIn(true);
  const res = await b.fetch("/dashboard");
  expect(res.headers.get("Set-Cookie")).toBeNull();
});

test("renewal never passes the 90-day absolute limit", async () => {
  const { b, token } = await signIn(true);
  const id = await sha256Hex(token);
  const absolute = Date.now() + 5 * 86_400_000;
  await env.DB.prepare("update sessions set expires_at = ?, absolute_expires_at = ? where id = ?")
    .bind(Date.now() + 86_400_000, absolute, id)
    .run();
  await b.fetch("/dashboard");
  const row = await env.DB.prepare("select expires_at from sessions where id = ?").bind(id).first<{ expires_at: number }>();
  expect(row!.expires_at).toBe(absolute);
});

test("an expired session sends the visitor to login and is deleted", async () => {
  const { b, token } = await signIn(true);
  const id = await sha256Hex(token);
  await env.DB.prepare("update sessions set expires_at = ? where id = ?").bind(Date.now() - 1000, id).run();
  const res = await b.fetch("/dashboard");
  expect(res.status).toBe(302);
  expect(res.headers.get("Location")).toBe("/auth/login");
  const row = await env.DB.prepare("select count(*) as n from sessions where id = ?").bind(id).first<{ n: number }>();
  expect(row!.n).toBe(0);
});

test("logout ends the session on the server, so a copied cookie stops working", async () => {
  const { b, token, email } = await signIn(true);
  const copy = browser();
  copy.cookies.set("session", token);
  expect((await copy.fetch("/dashboard")).status).toBe(200);
  const res = await b.fetch("/auth/logout", { form: {} });
  expect(res.status).toBe(302);
  expect(res.headers.get("Set-Cookie")).toMatch(/^session=;.*Max-Age=0/);
  expect(b.cookies.has("session")).toBe(false);
  const after = await copy.fetch("/dashboard");
  expect(after.status).toBe(302);
  expect(after.headers.get("Location")).toBe("/auth/login");
  const log = await env.DB.prepare(
    "select action from activity_log a join users u on u.id = a.user_id where u.email = ? order by a.created_at desc limit 1",
  )
    .bind(email)
    .first<{ action: string }>();
  expect(log!.action).toBe("logout");
});

test("after logout the landing page says the user is signed out, in their language, without JavaScript", async () => {
  const { b } = await signIn(true);
  const res = await b.fetch("/auth/logout", { form: {} });
  expect(res.headers.get("Location")).toBe("/?signedOut=1");
  const landing = await (await b.fetch("/?signedOut=1")).text();
  expect(landing).toMatch(/role="status"[^>]*>You have been signed out\.</);
  // The plain landing page has no banner.
  expect(await (await b.fetch("/")).text()).not.toContain("You have been signed out");
  const spanish = await signedIn("es");
  const out = await spanish.b.fetch("/auth/logout", { form: {} });
  const landingEs = await (await spanish.b.fetch(out.headers.get("Location")!)).text();
  expect(landingEs).toContain("Has cerrado sesión.");
});

test("logout without a session still clears the cookie and goes home", async () => {
  const b = browser();
  b.cookies.set("session", "a".repeat(32));
  const res = await b.fetch("/auth/logout", { form: {} });
  expect(res.status).toBe(302);
  expect(res.headers.get("Location")).toBe("/");
  expect(res.headers.get("Set-Cookie")).toContain("Max-Age=0");
});

test("signed-in pages are never cached", async () => {
  const { b } = await signIn(true);
  const res = await b.fetch("/dashboard");
  expect(res.headers.get("Cache-Control")).toBe("no-store");
});
