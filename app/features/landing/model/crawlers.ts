// What the app tells machines that are not its own clients (issue 20): /robots.txt for search
// crawlers (it used to fall to the catch-all and answer the landing page's HTML) and /llms.txt
// for automated clients (what the app is, and where the API and its OpenAPI document are).
// Pure text, no I/O; the resource routes serve it. tests/integration/robots-llms.test.ts checks
// the lists against app/routes.ts: every page inside the signed-in layout is disallowed and
// every public page is allowed, so a new page cannot be left out.

/** The pages anyone may read, each with a meta description in both languages. */
export const PUBLIC_PAGES = ["/", "/auth/login", "/auth/register", "/auth/forgot-password", "/help"] as const;

/** Also allowed: this file's companion and the API's description, both meant for machines. */
const ALLOWED_FILES = ["/llms.txt", "/api/openapi.json"] as const;

/**
 * Path prefixes crawlers stay out of: the signed-in pages (which only redirect a crawler to sign
 * in), sign-out, the mailed links' pages, the theme and language form endpoints and the API.
 */
export const DISALLOWED_PREFIXES = [
  "/dashboard",
  "/expenses",
  "/categories",
  "/tags",
  "/budgets",
  "/recurring",
  "/reports",
  // Issue 26: the import pages.
  "/import",
  "/profile",
  "/admin",
  "/auth/logout",
  // A mailed link's page: its address carries a token, and it is nothing to find by search.
  "/auth/reset-password",
  // A mailed link's page (issue 25): its address carries a token, and it means nothing to a search engine.
  "/auth/verify-email",
  "/resources/",
  "/api/",
] as const;

export function robotsTxt(): string {
  const allow = PUBLIC_PAGES.map((path) => `Allow: ${path === "/" ? "/$" : path}`);
  return [
    "# Tallyworth: the public pages may be crawled; signed-in pages, form endpoints and the API may not.",
    "User-agent: *",
    ...allow,
    ...ALLOWED_FILES.map((path) => `Allow: ${path}`),
    ...DISALLOWED_PREFIXES.map((path) => `Disallow: ${path}`),
    "",
  ].join("\n");
}

/** The llms.txt of https://llmstxt.org: Markdown, links absolute on the origin that serves it. */
export function llmsTxt(origin: string, bodyLimit: string): string {
  const url = (path: string) => `${origin}${path}`;
  return `# Tallyworth

> Tallyworth is a multi-currency personal finance and expense tracker. Signed-in users record income and expenses in several currencies, with USD as the base currency, organise them with categories and tags, set monthly budgets and savings goals, and read reports with CSV export. The interface is in English and Spanish.

Every amount is kept exactly, as an integer count of its currency's minor units, with its USD equivalent computed once from the rate of the day and never rewritten. Every record belongs to one user; another user's record answers 404, as a missing one does.

The web pages are for people and need a browser session. Automated clients should use the JSON API below, with bearer tokens.

## API

- [OpenAPI 3.1 document](${url("/api/openapi.json")}): every endpoint under ${url("/api")}, its parameters, request and response shapes and its errors.
- Sign in with \`POST /api/auth/login\` and \`{"email": "…", "password": "…"}\`: \`data.accessToken\` is a JWT valid for 15 minutes, sent as \`Authorization: Bearer <accessToken>\`; \`data.refreshToken\` is single use, exchanged at \`POST /api/auth/refresh-token\` for a new pair. \`POST /api/auth/register\` creates an account.
- Request bodies are JSON (\`Content-Type: application/json\`), at most ${bodyLimit}.
- Answers are \`{"status": "success", "data": {…}}\`, or \`{"status": "error", "message": "…", "errors": {"field": ["…"]}}\` with 400, 401, 403, 404, 409, 413, 415 or 429. Messages follow \`Accept-Language\` (en or es).
- Amounts are decimal strings in the currency's units (\`"12.50"\`, \`"1529"\` yen); exchange rates are units of the currency per 1 USD.
- \`GET /api/reports/export\` answers a CSV file (UTF-8 with a byte-order mark).
- \`POST /api/imports\` takes a CSV file (\`Content-Type: text/csv\`, or \`multipart/form-data\` with the file in \`file\` and an optional \`mapping\`), up to 5 MB and 20,000 rows; it answers a staged preview to review, change (\`PUT /api/imports/{id}\`) and commit (\`POST /api/imports/{id}/commit\`). Our own export is read back as is.

## Public pages

- [Home](${url("/")}): what the app does, its plans and prices
- [Sign in](${url("/auth/login")})
- [Create an account](${url("/auth/register")}): a 14-day free trial, no credit card
- [Forgot password](${url("/auth/forgot-password")}): a link to choose a new password, by email
- [Help](${url("/help")}): how the app works, task by task
`;
}
