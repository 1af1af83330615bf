import type { RouteConfigEntry } from "@react-router/dev/routes";
import { beforeAll, expect, test } from "vitest";
import routeConfig from "~/routes";
import { en } from "~/locales/en";
import { es } from "~/locales/es";
import { PUBLIC_PAGES } from "~/features/landing/model/crawlers";
import { browser, ORIGIN, signedIn } from "./helpers";

// Issue 20: /robots.txt fell to the catch-all (a redirect to the landing page, which Lighthouse
// read as 109 errors), the sign-in and registration pages had no meta description, and nothing
// told an automated client where the API is described.

beforeAll(async () => {
  await browser().fetch("/");
});

/** The paths of the route table under the signed-in layout, parameters filled in. */
function signedInPaths(entries: RouteConfigEntry[], inside = false, parent = ""): string[] {
  return entries.flatMap((entry) => {
    const path = entry.path === undefined ? parent : `${parent}/${entry.path}`.replace(/\/+/g, "/");
    const within = inside || entry.file === "routes/app-layout.tsx";
    const own = within && entry.path !== undefined ? [path.replace(/:\w+/g, "x")] : [];
    return [...own, ...signedInPaths(entry.children ?? [], within, path)];
  });
}

/** Robots rules as Google reads them: the longest matching pattern wins, Allow on a tie; `$` anchors the end. */
function allowed(robots: string, path: string): boolean {
  const rules = robots
    .split("\n")
    .map((line) => /^(Allow|Disallow):\s*(\S+)/.exec(line))
    .filter((m): m is RegExpExecArray => m !== null)
    .map(([, kind, pattern]) => ({ allow: kind === "Allow", pattern: pattern! }));
  const matches = rules.filter(({ pattern }) => (pattern.endsWith("$") ? path === pattern.slice(0, -1) : path.startsWith(pattern)));
  if (!matches.length) return true;
  const longest = Math.max(...matches.map((m) => m.pattern.length));
  return matches.some((m) => m.allow && m.pattern.length === longest);
}

test("/robots.txt is plain text that allows the public pages and disallows every signed-in page of the route table", async () => {
  const res = await browser().fetch("/robots.txt");
  expect(res.status).toBe(200);
  expect(res.headers.get("Content-Type")).toBe("text/plain; charset=utf-8");
  expect(res.headers.get("Cache-Control")).toBe("public, max-age=86400");
  const robots = await res.text();
  expect(robots).toMatch(/^# .*\nUser-agent: \*\n/);
  for (const line of robots.trim().split("\n")) expect(line).toMatch(/^(#.*|User-agent: \*|(Allow|Disallow): \/\S*)$/);

  const privatePaths = signedInPaths(routeConfig);
  expect(privatePaths).toEqual(expect.arrayContaining(["/dashboard", "/expenses/edit/x", "/admin/users", "/reports/export"]));
  for (const path of privatePaths) expect(allowed(robots, path), path).toBe(false);
  for (const path of ["/api/transactions", "/resources/theme", "/auth/logout", "/expenses/rate", "/auth/reset-password?token=x"]) expect(allowed(robots, path), path).toBe(false);
  for (const path of [...PUBLIC_PAGES, "/llms.txt", "/api/openapi.json"]) expect(allowed(robots, path), path).toBe(true);
});

function metaDescription(html: string) {
  const tag = /<meta name="description" content="([^"]*)"\s*\/?>/.exec(html);
  return tag?.[1]?.replace(/&#x27;/g, "'").replace(/&quot;/g, '"').replace(/&amp;/g, "&");
}

test("every public page has its meta description, in English and in Spanish", async () => {
  const expected: Record<(typeof PUBLIC_PAGES)[number], [string, string]> = {
    "/": [en.landing.metaDescription, es.landing.metaDescription],
    "/auth/login": [en.auth.login.metaDescription, es.auth.login.metaDescription],
    "/auth/register": [en.auth.register.metaDescription, es.auth.register.metaDescription],
    "/auth/forgot-password": [en.auth.forgot.metaDescription, es.auth.forgot.metaDescription],
    "/help": [en.help.metaDescription, es.help.metaDescription],
  };
  for (const path of PUBLIC_PAGES) {
    const [english, spanish] = expected[path];
    expect(english).not.toBe(spanish);
    for (const [lang, text] of [["en", english], ["es", spanish]] as const) {
      const res = await browser().fetch(path, { headers: { "Accept-Language": lang } });
      expect(res.status, `${lang} ${path}`).toBe(200);
      const html = await res.text();
      expect(metaDescription(html), `${lang} ${path}`).toBe(text);
      expect(html.match(/<meta name="description"/g), `${lang} ${path}: one description`).toHaveLength(1);
    }
  }
});

test("/llms.txt says what the app is and where the API and its OpenAPI document are; its links answer", async () => {
  const res = await browser().fetch("/llms.txt");
  expect(res.status).toBe(200);
  expect(res.headers.get("Content-Type")).toBe("text/plain; charset=utf-8");
  const text = await res.text();
  expect(text).toMatch(/^# Tallyworth\n\n> .*multi-currency personal finance/);
  expect(text).toContain(`[OpenAPI 3.1 document](${ORIGIN}/api/openapi.json)`);
  expect(text).toContain("POST /api/auth/login");
  expect(text).toContain("Authorization: Bearer");
  expect(text).toContain("at most 64 KiB");
  // Issue 26: the one body that is not JSON.
  expect(text).toContain("`POST /api/imports` takes a CSV file");

  const links = [...text.matchAll(/\]\((http[^)]+)\)/g)].map((m) => m[1]!);
  expect(links).toEqual(expect.arrayContaining(PUBLIC_PAGES.map((path) => `${ORIGIN}${path}`)));
  for (const link of links) {
    const answer = await browser().fetch(link.slice(ORIGIN.length));
    expect(answer.status, link).toBe(200);
  }
  const doc = (await (await browser().fetch("/api/openapi.json")).json()) as { openapi: string };
  expect(doc.openapi).toBe("3.1.0");
});

test("robots.txt and llms.txt are the same for a signed-in user", async () => {
  const { b } = await signedIn();
  const robots = await b.fetch("/robots.txt");
  expect(robots.status).toBe(200);
  expect(await robots.text()).toContain("Disallow: /dashboard");
  expect((await b.fetch("/llms.txt")).status).toBe(200);
});
