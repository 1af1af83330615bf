import { env, SELF } from "cloudflare:test";
import { expect } from "vitest";

export const ORIGIN = "http://localhost";
let ipCounter = 0;

/** A distinct client address per call site keeps per-IP throttling from leaking between tests. */
export function freshIp() {
  ipCounter += 1;
  return `203.0.113.${ipCounter % 250}-${Date.now() % 100000}`;
}

export type Browser = {
  cookies: Map<string, string>;
  ip: string;
  fetch(path: string, init?: RequestInit & { form?: Record<string, string> }): Promise<Response>;
  cookieHeader(): string;
};

/** A tiny cookie-keeping client that posts forms the way a same-origin browser page does. */
export function browser(): Browser {
  const cookies = new Map<string, string>();
  const b: Browser = {
    cookies,
    ip: freshIp(),
    cookieHeader: () => [...cookies].map(([k, v]) => `${k}=${v}`).join("; "),
    async fetch(path, init = {}) {
      const headers = new Headers(init.headers);
      if (cookies.size) headers.set("Cookie", b.cookieHeader());
      headers.set("CF-Connecting-IP", b.ip);
      let body = init.body;
      if (init.form) {
        body = new URLSearchParams(init.form);
        headers.set("Content-Type", "application/x-www-form-urlencoded");
        if (!headers.has("Sec-Fetch-Site") && !headers.has("Origin")) headers.set("Sec-Fetch-Site", "same-origin");
      }
      const res = await SELF.fetch(`${ORIGIN}${path}`, {
        ...init,
        method: init.method ?? (init.form ? "POST" : "GET"),
        headers,
        body,
        redirect: "manual",
      });
      for (const c of res.headers.getSetCookie()) {
        const [pair, ...attrs] = c.split(";");
        const [name, ...rest] = pair!.split("=");
        const value = rest.join("=");
        const expired = attrs.some((a) => /max-age=0\b/i.test(a.trim())) || value === "";
        if (expired) cookies.delete(name!.trim());
        else cookies.set(name!.trim(), value);
      }
      return res;
    },
  };
  return b;
}

/** A newly registered user signed in through the web form, in Spanish when asked: the client and the user's id. */
export async function signedIn(language?: "es") {
  const b = browser();
  const { email } = await registerViaForm(b);
  if (language) await b.fetch("/resources/language", { form: { lng: language, redirectTo: "/dashboard" } });
  const user = await env.DB.prepare("select id from users where email = ?").bind(email).first<{ id: string }>();
  return { b, userId: user!.id };
}

let userCounter = 0;
export function uniqueEmail(prefix = "user") {
  userCounter += 1;
  return `${prefix}${userCounter}-${crypto.randomUUID().slice(0, 8)}@example.com`;
}

export const STRONG_PASSWORD = "Sup3rSecret";

export async function registerViaForm(b: Browser, overrides: Record<string, string> = {}) {
  const email = overrides.email ?? uniqueEmail();
  const res = await b.fetch("/auth/register", {
    form: {
      firstName: "Test",
      lastName: "User",
      email,
      password: STRONG_PASSWORD,
      confirmPassword: STRONG_PASSWORD,
      terms: "on",
      ...overrides,
    },
  });
  return { res, email };
}

/**
 * Runs `call` while `table` is renamed away, so every query that needs it fails as a broken
 * database would; the table is back afterwards whatever happened.
 */
export async function withTableAway<T>(table: string, call: () => Promise<T>): Promise<T> {
  await env.DB.exec(`ALTER TABLE ${table} RENAME TO ${table}_away;`);
  try {
    return await call();
  } finally {
    await env.DB.exec(`ALTER TABLE ${table}_away RENAME TO ${table};`);
  }
}

/** A page's text as a reader sees it: without scripts and markup, entities decoded, spaces collapsed. Fails unless the page answers 200. */
export async function pageText(b: Browser, path: string) {
  const res = await b.fetch(path);
  expect(res.status).toBe(200);
  return (await res.text())
    .replace(/<script[\s\S]*?<\/script>/g, " ")
    .replace(/<[^>]+>/g, " ")
    .replace(/&amp;/g, "&")
    .replace(/&#x27;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/\s+/g, " ");
}
