import { env, SELF } from "cloudflare:test";
import { beforeAll, expect, test } from "vitest";
import { browser, registerViaForm, STRONG_PASSWORD, uniqueEmail } from "./helpers";

// The Worker's first answer is slow on a busy machine; pay it under the hook's longer timeout.
beforeAll(async () => {
  await SELF.fetch("http://localhost/auth/login");
});

const registration = (email: string) =>
  new URLSearchParams({
    firstName: "Eve",
    lastName: "Attacker",
    email,
    password: STRONG_PASSWORD,
    confirmPassword: STRONG_PASSWORD,
    terms: "on",
  });

async function countUsers(email: string) {
  const row = await env.DB.prepare("select count(*) as n from users where email = ?").bind(email).first<{ n: number }>();
  return row!.n;
}

for (const [name, headers] of [
  ["a cross-site Sec-Fetch-Site", { "Sec-Fetch-Site": "cross-site" }],
  ["a same-site (other subdomain) Sec-Fetch-Site", { "Sec-Fetch-Site": "same-site" }],
  ["a foreign Origin", { Origin: "https://evil.example" }],
  ["neither header", {}],
] as const) {
  test(`a cookie-route POST with ${name} is refused with 403 and changes nothing`, async () => {
    const email = uniqueEmail("csrf");
    const res = await SELF.fetch("http://localhost/auth/register", {
      method: "POST",
      redirect: "manual",
      headers: { "Content-Type": "application/x-www-form-urlencoded", "CF-Connecting-IP": "192.0.2.10", ...headers },
      body: registration(email),
    });
    expect(res.status).toBe(403);
    expect(await countUsers(email)).toBe(0);
  });
}

test("a POST with our own Origin and no Sec-Fetch-Site is accepted", async () => {
  const email = uniqueEmail("origin");
  const res = await SELF.fetch("http://localhost/auth/register", {
    method: "POST",
    redirect: "manual",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: "http://localhost", "CF-Connecting-IP": "192.0.2.11" },
    body: registration(email),
  });
  expect(res.status).toBe(302);
  expect(await countUsers(email)).toBe(1);
});

test("a cross-site logout cannot sign a user out", async () => {
  const b = browser();
  await registerViaForm(b);
  const res = await b.fetch("/auth/logout", { method: "POST", headers: { "Sec-Fetch-Site": "cross-site" } });
  expect(res.status).toBe(403);
  expect((await b.fetch("/dashboard")).status).toBe(200);
});

test("the cross-site refusal says why in the visitor's language", async () => {
  const refuse = (language: string) =>
    SELF.fetch("http://localhost/auth/logout", { method: "POST", headers: { "Sec-Fetch-Site": "cross-site", "Accept-Language": language } });
  const english = await refuse("en");
  expect(english.headers.get("Content-Type")).toContain("text/plain");
  expect(await english.text()).toBe("This form was sent from another site, so it was refused. Go back to the page and send it again.");
  expect(await (await refuse("es-VE")).text()).toBe("Este formulario se envió desde otro sitio, por eso se rechazó. Vuelve a la página y envíalo de nuevo.");
});

test("the 6th wrong password in a minute answers 429 with Retry-After, in the visitor's language", async () => {
  const email = uniqueEmail("throttle");
  await registerViaForm(browser(), { email });
  const b = browser();
  for (let i = 0; i < 5; i++) {
    const res = await b.fetch("/auth/login", { form: { email, password: `Wrong${i}abc` } });
    expect(res.status).toBe(400);
  }
  const sixth = await b.fetch("/auth/login", {
    form: { email, password: "Wrong5abc" },
    headers: { "Accept-Language": "es" },
  });
  expect(sixth.status).toBe(429);
  expect(Number(sixth.headers.get("Retry-After"))).toBeGreaterThan(0);
  expect(await sixth.text()).toContain("Demasiados intentos");
  // The right password is refused too while the account is throttled: the limit is on attempts.
  const right = await b.fetch("/auth/login", { form: { email, password: STRONG_PASSWORD } });
  expect(right.status).toBe(429);
});

test("the per-account limit holds across addresses", async () => {
  const email = uniqueEmail("spread");
  await registerViaForm(browser(), { email });
  for (let i = 0; i < 5; i++) await browser().fetch("/auth/login", { form: { email, password: "Nope12345" } });
  const res = await browser().fetch("/auth/login", { form: { email, password: "Nope12345" } });
  expect(res.status).toBe(429);
});

test("pages carry the security headers with a per-request CSP nonce on every script", async () => {
  const res = await SELF.fetch("http://localhost/auth/login");
  const csp = res.headers.get("Content-Security-Policy")!;
  expect(csp).toMatch(/script-src 'nonce-[^']+' 'strict-dynamic'/);
  expect(csp).toContain("object-src 'none'");
  expect(csp).toContain("base-uri 'none'");
  expect(csp).toContain("frame-ancestors 'none'");
  expect(res.headers.get("X-Content-Type-Options")).toBe("nosniff");
  expect(res.headers.get("Referrer-Policy")).toBe("strict-origin-when-cross-origin");
  const nonce = /'nonce-([^']+)'/.exec(csp)![1];
  const html = await res.text();
  const scripts = html.match(/<script\b[^>]*>/g) ?? [];
  expect(scripts.length).toBeGreaterThan(0);
  for (const s of scripts) expect(s).toContain(`nonce="${nonce}"`);
  const again = await SELF.fetch("http://localhost/auth/login");
  expect(again.headers.get("Content-Security-Policy")).not.toBe(csp);
});

test("the CSP falls back to this origin for everything it does not name (issue 9)", async () => {
  const res = await SELF.fetch("http://localhost/auth/login");
  const directives = res.headers.get("Content-Security-Policy")!.split(/;\s*/);
  expect(directives).toContain("default-src 'self'");
  // Colours of tags and categories are style attributes rendered on the server.
  expect(directives).toContain("style-src 'self' 'unsafe-inline'");
  // Nothing else widens what default-src allows.
  for (const d of directives) expect(d).not.toMatch(/\b(https?:|\*|data:|blob:)/);
});
