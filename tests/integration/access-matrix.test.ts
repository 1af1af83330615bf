import type { RouteConfigEntry } from "@react-router/dev/routes";
import { env, SELF } from "cloudflare:test";
import { beforeAll, describe, expect, test } from "vitest";
import { apiOperations } from "~/routes/api/operations";
import type { ApiOperation } from "~/platform/http/operation";
import { signAccessToken } from "~/auth/api-tokens.server";
import routeConfig from "~/routes";
import { api, jwtClaims, loginViaApi, registerViaApi, type ApiRequest } from "./api-client";
import { dumpDatabase, diffDumps, type DumpDiff } from "./db-dump";
import { browser, ORIGIN, STRONG_PASSWORD, type Browser } from "./helpers";

// The access matrix of issue 9, generated from app/routes.ts and the API's operation registry
// (app/api/openapi.ts), so a new route cannot be forgotten: a route without an entry in WEB
// below, an /api route without its operations, or an operation without an entry in API fails
// the coverage tests.
//
// Every case sends a request that would change something if its access check were missing
// (a valid body, the victim's ids), checks the status ARCHITECTURE.md 5 names, and compares a
// dump of the database before and after (tests/integration/db-dump.ts says what it leaves out
// and why). The last describe proves the bodies are good: the owner sending the same requests
// succeeds, so each refusal above is the access check and not a validation error.
//
// Who asks:
// - guest: no cookie, no token;
// - deactivated: a user signed in on the web and the API, then deactivated by a superadmin
//   (ARCHITECTURE.md 5: that ends their sessions and token families, so their old cookie is a
//   guest's and their old access token is refused);
// - another user (a plain user, and a superadmin, who sees no one's records either) sending the
//   victim's ids: the same answer as for unknown ids, and none of the victim's data in it;
// - a plain user on admin routes;
// - on /api: no token, only a web session cookie, an expired, a tampered (payload, signature,
//   alg none) access token, the access token of a family revoked by a reused refresh token, the
//   deactivated user's token, and that of a user deactivated in the database alone.
// Protected web requests are also sent as React Router's client sends them with JavaScript
// (`.data`), which runs the same loaders and actions behind another encoding.

// ---------------------------------------------------------------------------------------------
// Fixtures

/**
 * The records a request can name: the victim's (or unknown ones, for comparison), and the
 * caller's own transaction and budget (an edit of one's own record may still try to reach the
 * victim's category or tag). The spare category has no transactions: deleting a used one is
 * refused whoever asks, which would hide a missing owner check.
 */
type Ids = {
  transactionId: string;
  categoryId: string;
  spareCategoryId: string;
  tagId: string;
  budgetId: string;
  goalId: string;
  scheduleId: string;
  userId: string;
  attackerId: string;
  ownTransactionId: string;
  ownBudgetId: string;
  /** Issue 27: the victim's records deleted within the undo window, one set for the API's restore and one for the pages' Undo. */
  deleted: Deleted;
  deletedForWeb: Deleted;
  /** Issue 26: the victim's imports, one staged and one committed (for its undo). */
  imports: Imports;
};
type Imports = { stagedId: string; committedId: string };
type Deleted = { transactionId: string; budgetId: string; goalId: string; categoryId: string; tagId: string };
type Records = Pick<Ids, "transactionId" | "categoryId" | "spareCategoryId" | "tagId" | "budgetId" | "goalId" | "scheduleId">;

type Person = { id: string; email: string; web: Browser; accessToken: string; refreshToken: string };

const MARK = crypto.randomUUID().slice(0, 8);
/** Strings only the victim's records hold: none may appear in an answer to anyone else. */
const VICTIM_MARKERS = [`Victim rent ${MARK}`, `VictimCat${MARK}`, `VictimTag${MARK}`, `VictimGoal${MARK}`, `VictimSchedule${MARK}`, `victim-${MARK}@example.com`];

let victim: Person;
let victimRecords: Records;
let victimDeleted: Deleted;
let victimDeletedForWeb: Deleted;
let victimImports: Imports;
let attacker: Person & { own: Records };
let admin: Person & { own: Records };
let deactivated: Person;
/** Deactivated straight in the database, without the revocations the admin screens do. */
let deactivatedInDb: Person;
/** The deactivated user's cookies as they were when signed in (an answer may clear them in the helper's jar). */
let deactivatedCookies: [string, string][];
const TODAY = new Date().toISOString().slice(0, 10);

/** What a caller's requests name: the victim's records and user, and the caller's own transaction and budget. */
function idsFor(caller?: { own: Records }): Ids {
  return {
    ...victimRecords,
    userId: victim.id,
    attackerId: attacker.id,
    ownTransactionId: (caller?.own ?? victimRecords).transactionId,
    ownBudgetId: (caller?.own ?? victimRecords).budgetId,
    deleted: victimDeleted,
    deletedForWeb: victimDeletedForWeb,
    imports: victimImports,
  };
}

/** The same requests, with ids nobody owns in place of the victim's. */
function unknownIds(ids: Ids): Ids {
  return {
    ...ids,
    transactionId: crypto.randomUUID(),
    categoryId: crypto.randomUUID(),
    spareCategoryId: crypto.randomUUID(),
    tagId: crypto.randomUUID(),
    budgetId: crypto.randomUUID(),
    goalId: crypto.randomUUID(),
    scheduleId: crypto.randomUUID(),
    userId: crypto.randomUUID(),
    deleted: unknownDeleted(),
    deletedForWeb: unknownDeleted(),
    imports: { stagedId: crypto.randomUUID(), committedId: crypto.randomUUID() },
  };
}

function unknownDeleted(): Deleted {
  return { transactionId: crypto.randomUUID(), budgetId: crypto.randomUUID(), goalId: crypto.randomUUID(), categoryId: crypto.randomUUID(), tagId: crypto.randomUUID() };
}

/** One record of each kind Undo restores (issue 27), created and then deleted by the token's user; `month` keeps their budgets apart. */
async function deletedRecordsOf(token: string, label: string, month: string): Promise<Deleted> {
  const created = async (path: string, json: unknown) => {
    const res = await api(path, { token, json });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body.data;
  };
  const category = await created("/api/categories", { name: `VictimCat${MARK} ${label}`, type: "expense", color: "#3B82F6" });
  const tag = await created("/api/tags", { name: `VictimTag${MARK} ${label}`, color: "#3B82F6" });
  // Without the tag: each Undo then stands alone, in whatever order the control sends them.
  const transaction = await created("/api/transactions", { ...fixtureTransaction("Victim", "default-food", tag.tag.id), tags: [] });
  const budget = await created("/api/budgets", { categoryId: "default-food", amount: "500", month });
  const goal = await created("/api/savings-goals", { name: `VictimGoal${MARK} ${label}`, target_amount: 100, current_amount: 5 });
  const ids: Deleted = {
    transactionId: transaction.transaction.id,
    budgetId: budget.budget.id,
    goalId: goal.savings_goal.id,
    categoryId: category.category.id,
    tagId: tag.tag.id,
  };
  for (const path of [`/api/transactions/${ids.transactionId}`, `/api/budgets/${ids.budgetId}`, `/api/savings-goals/${ids.goalId}`, `/api/categories/${ids.categoryId}`, `/api/tags/${ids.tagId}`]) {
    expect((await api(path, { method: "DELETE", token })).status, path).toBe(200);
  }
  return ids;
}

async function person(email?: string, role?: string): Promise<Person> {
  const account = await registerViaApi(email ? { email } : {});
  if (role) await env.DB.prepare("update users set role = ? where id = ?").bind(role, account.user.id).run();
  // A fresh login after a role change, so the tokens are the new role's from the start.
  const tokens = role ? await loginViaApi(account.email) : account;
  const web = browser();
  const res = await web.fetch("/auth/login", { form: { email: account.email, password: STRONG_PASSWORD } });
  expect(res.status).toBe(302);
  return { id: account.user.id, email: account.email, web, accessToken: tokens.accessToken, refreshToken: tokens.refreshToken };
}

/** The body a transaction of the fixtures was created with. */
function fixtureTransaction(prefix: "Victim" | "Own", categoryId: string, tagId: string) {
  return { description: `${prefix} rent ${MARK}`, date: "2026-11-10", categoryId, amount: "1234.56", tags: [tagId] };
}
/** A schedule of the fixtures: next year, so nothing of it is due when the matrix runs. */
function fixtureSchedule(prefix: "Victim" | "Own", categoryId: string, tagId: string, label = "") {
  return {
    type: "EXPENSE",
    description: `${prefix}Schedule${MARK}${label}`,
    categoryId,
    tagIds: [tagId],
    payments: [{ currencyCode: "USD", amount: "50.00", method: "cash" }],
    frequency: "monthly",
    startDate: SCHEDULE_START,
  };
}
/** The /recurring page's create form for a schedule like the fixtures' (plain fields, as a browser posts them). */
function recurringForm(categoryId: string, tagId: string): Record<string, string> {
  return {
    intent: "create",
    type: "EXPENSE",
    description: "Mallory schedule",
    categoryId,
    ...(tagId ? { tagIds: tagId } : {}),
    "payments[0].currencyCode": "USD",
    "payments[0].amount": "50.00",
    "payments[0].method": "cash",
    frequency: "monthly",
    interval: "1",
    startDate: SCHEDULE_START,
    ends: "never",
  };
}
const SCHEDULE_START = `${Number(new Date().toISOString().slice(0, 4)) + 1}-01-15`;
/** The month of the fixtures' budgets (a request that creates one uses the next month, free for any category). */
const BUDGET_MONTH = "2026-11-01";
/** The Idempotency-Key a fixture transaction was created with: a replay must stay its owner's. */
const replayKey = (categoryId: string) => `replay-${categoryId}`;

/**
 * Two categories (one unused), a tag and a transaction carrying both, the first category's
 * budget for the fixtures' month and a savings goal with something saved, owned by the token's user.
 */
async function recordsOf(token: string, prefix: "Victim" | "Own", label = ""): Promise<Records> {
  const created = async (path: string, json: unknown, headers?: Record<string, string>) => {
    const res = await api(path, { token, json, headers });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body.data;
  };
  const category = await created("/api/categories", { name: `${prefix}Cat${MARK}${label}`, type: "expense", color: "#3B82F6" });
  const spare = await created("/api/categories", { name: `${prefix}Cat${MARK}${label} spare`, type: "income", color: "#3B82F6" });
  const tag = await created("/api/tags", { name: `${prefix}Tag${MARK}${label}`, color: "#3B82F6" });
  const transaction = await created("/api/transactions", fixtureTransaction(prefix, category.category.id, tag.tag.id), {
    "Idempotency-Key": replayKey(category.category.id),
  });
  const budget = await created("/api/budgets", { categoryId: category.category.id, amount: "500", month: BUDGET_MONTH });
  const goal = await created("/api/savings-goals", { name: `${prefix}Goal${MARK}${label}`, target_amount: 100, current_amount: 5 });
  // A monthly schedule starting next year: nothing of it is due, so no request here posts by the calendar.
  const schedule = await created("/api/recurring-transactions", fixtureSchedule(prefix, category.category.id, tag.tag.id, label));
  return {
    transactionId: transaction.transaction.id,
    categoryId: category.category.id,
    spareCategoryId: spare.category.id,
    tagId: tag.tag.id,
    budgetId: budget.budget.id,
    goalId: goal.savings_goal.id,
    scheduleId: schedule.recurring_transaction.id,
  };
}

/** Issue 26: a bank statement the victim imports (its description is one only the victim's records hold), and the mapping it needs. */
const IMPORT_CSV = `Date,Description,Debit,Credit\n10/11/2026,Victim rent ${MARK},12.34,\n10/12/2026,Victim rent ${MARK},,56.78\n`;
const IMPORT_MAPPING = {
  date: { column: 0, format: "MM/dd/yyyy" },
  description: 1,
  amount: { kind: "debitCredit", debit: 2, credit: 3, decimalSign: "." },
  type: { kind: "amount" },
  currency: { kind: "fixed", code: "USD" },
};

/** Two imports of the token's user: one staged (mapped, with its preview), one committed. */
async function importsOf(token: string): Promise<Imports> {
  const upload = async () => {
    const res = await api("/api/imports?fileName=statement.csv", { token, headers: { "Content-Type": "text/csv" }, body: IMPORT_CSV });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const id = res.body.data.import.id as string;
    const mapped = await api(`/api/imports/${id}`, { method: "PUT", token, json: { mapping: IMPORT_MAPPING, rows: [{ line: 2, included: true }, { line: 3, included: true }] } });
    expect(mapped.status, JSON.stringify(mapped.body)).toBe(200);
    return id;
  };
  const stagedId = await upload();
  const committedId = await upload();
  const committed = await api(`/api/imports/${committedId}/commit`, { method: "POST", token });
  expect(committed.status, JSON.stringify(committed.body)).toBe(200);
  return { stagedId, committedId };
}

/** Fresh records of the victim, for a control request that may delete what it names. */
async function freshVictimIds(): Promise<Ids> {
  const records = await recordsOf(victim.accessToken, "Victim", `-${crypto.randomUUID().slice(0, 6)}`);
  return { ...idsFor(), ...records, ownTransactionId: records.transactionId, ownBudgetId: records.budgetId, imports: await importsOf(victim.accessToken) };
}

// The first request loads the whole app into workerd (30 s and more on a busy machine): its own hook, its own timeout.
beforeAll(async () => {
  await SELF.fetch(`${ORIGIN}/`);
});

beforeAll(async () => {
  let plainAttacker: Person;
  let superadmin: Person;
  [victim, plainAttacker, superadmin, deactivated, deactivatedInDb] = await Promise.all([
    person(`victim-${MARK}@example.com`),
    person(),
    person(undefined, "superadmin"),
    person(),
    person(),
  ]);
  await env.DB.prepare("update users set is_active = 0 where id = ?").bind(deactivatedInDb.id).run();
  victimRecords = await recordsOf(victim.accessToken, "Victim");
  victimDeleted = await deletedRecordsOf(victim.accessToken, "api", "2027-01-01");
  victimDeletedForWeb = await deletedRecordsOf(victim.accessToken, "web", "2027-02-01");
  victimImports = await importsOf(victim.accessToken);
  attacker = { ...plainAttacker, own: await recordsOf(plainAttacker.accessToken, "Own") };
  admin = { ...superadmin, own: await recordsOf(superadmin.accessToken, "Own") };
  deactivatedCookies = [...deactivated.web.cookies];
  const off = await admin.web.fetch("/admin/users", { form: { intent: "deactivate", userId: deactivated.id } });
  expect(off.status).toBe(302);
});

/** Runs the requests, then checks that the database is as it was (or changed only as allowed). */
async function unchanged<T>(send: () => Promise<T>, allowed: (diff: DumpDiff) => DumpDiff = (d) => d): Promise<T> {
  const before = await dumpDatabase();
  const result = await send();
  expect(allowed(diffDumps(before, await dumpDatabase()))).toEqual({});
  return result;
}

function expectNoVictimData(text: string, what: string) {
  for (const marker of VICTIM_MARKERS) expect(text.includes(marker), `${what} shows the victim's "${marker}"`).toBe(false);
}

/**
 * Only the victim's failed sign-in is recorded (the activity log a user reads on /profile).
 * The matrix makes three such attempts on the victim's account in all; five would lock it
 * (the per-account throttle), and the victim signs in again for the refresh-token case.
 */
function allowFailedSignIn(diff: DumpDiff): DumpDiff {
  const { activity_log: log, ...rest } = diff;
  expect(log?.removed ?? []).toEqual([]);
  expect(log?.added ?? []).toHaveLength(1);
  expect(log?.added[0]).toMatchObject({ user_id: victim.id, action: "login_failed" });
  return rest;
}

/** Stand-in ids, for looking at a table's requests before the fixtures exist. */
function placeholderIds(label: string): Ids {
  return {
    transactionId: `${label}-transaction`,
    categoryId: `${label}-category`,
    spareCategoryId: `${label}-spare-category`,
    tagId: `${label}-tag`,
    budgetId: `${label}-budget`,
    goalId: `${label}-goal`,
    scheduleId: `${label}-schedule`,
    userId: `${label}-user`,
    attackerId: "attacker",
    ownTransactionId: "own-transaction",
    ownBudgetId: "own-budget",
    deleted: placeholderDeleted(`${label}-deleted`),
    deletedForWeb: placeholderDeleted(`${label}-deleted-web`),
    imports: { stagedId: `${label}-import`, committedId: `${label}-committed-import` },
  };
}

function placeholderDeleted(label: string): Deleted {
  return { transactionId: `${label}-transaction`, budgetId: `${label}-budget`, goalId: `${label}-goal`, categoryId: `${label}-category`, tagId: `${label}-tag` };
}
const PLACEHOLDER_IDS = placeholderIds("one");

/** Whether a request names the victim's records: its text changes with the ids it is given. */
function carriesIds<T>(make: (ids: Ids) => T[], index: number) {
  return JSON.stringify(make(PLACEHOLDER_IDS)[index]) !== JSON.stringify(make(placeholderIds("two"))[index]);
}

// ---------------------------------------------------------------------------------------------
// The web routes: every route of app/routes.ts with a path (and any layout with a loader or an
// action), except /api resource routes (their operations are below). Keyed by path pattern (a
// layout by `layout <file>`). `access` is the guard ARCHITECTURE.md 5 and SPEC.md section 2 name.

type Outcome = { status: number; location?: string };
type WebRequest = {
  path: string;
  form?: Record<string, string>;
  /** When the request names the victim's records: what another user gets (the same as for unknown ids). */
  foreign?: number;
  /** On a public route: the answer for a guest. */
  expect?: Outcome;
};

type WebEntry = {
  access: "public" | "user" | "superadmin";
  requests: (ids: Ids) => WebRequest[];
  /** A guest's answer on a protected route when it is not the redirect to sign in. */
  guest?: Outcome;
  /** What a public route's requests may record. */
  allowed?: (diff: DumpDiff) => DumpDiff;
};

/** A form's fields (a literal per call keeps TypeScript from widening a list of forms with different fields). */
const fields = (values: Record<string, string>) => values;

/** The transaction form's fields for a USD expense (tests/integration/transaction-form.test.ts). */
function transactionForm(categoryId: string, tagId: string, intent = "save"): Record<string, string> {
  return {
    type: "EXPENSE",
    description: "Mallory was here",
    date: "2026-11-12",
    categoryId,
    tagIds: tagId,
    "payments[0].currencyCode": "USD",
    "payments[0].amount": "1",
    "payments[0].method": "cash",
    intent,
  };
}

const WEB: Record<string, WebEntry> = {
  "/": { access: "public", requests: () => [{ path: "/", expect: { status: 200 } }] },
  "/login": { access: "public", requests: () => [{ path: "/login", expect: { status: 302, location: "/auth/login" } }] },
  "/register": { access: "public", requests: () => [{ path: "/register", expect: { status: 302, location: "/auth/register" } }] },
  "/auth/login": {
    access: "public",
    requests: () => [
      { path: "/auth/login", expect: { status: 200 } },
      { path: "/auth/login", form: { email: victim.email, password: "Wr0ngPassword" }, expect: { status: 400 } },
    ],
    allowed: allowFailedSignIn,
  },
  "/auth/register": {
    access: "public",
    requests: () => [
      { path: "/auth/register", expect: { status: 200 } },
      {
        path: "/auth/register",
        form: { firstName: "Mal", lastName: "Lory", email: victim.email, password: STRONG_PASSWORD, confirmPassword: STRONG_PASSWORD, terms: "on" },
        expect: { status: 400 },
      },
    ],
  },
  // Issue 25: password reset by mail, for anyone; an unknown address and an unknown link change nothing.
  "/auth/forgot-password": {
    access: "public",
    requests: () => [
      { path: "/auth/forgot-password", expect: { status: 200 } },
      { path: "/auth/forgot-password", form: { email: `nobody-${MARK}@example.com` }, expect: { status: 302, location: "/auth/forgot-password?sent=1" } },
    ],
  },
  "/auth/reset-password": {
    access: "public",
    requests: () => [
      { path: `/auth/reset-password?token=${"A".repeat(43)}`, expect: { status: 400 } },
      { path: `/auth/reset-password?token=${"A".repeat(43)}`, form: { token: "A".repeat(43), password: "N3wSecret99", confirmPassword: "N3wSecret99" }, expect: { status: 400 } },
    ],
  },
  // Issue 23: the footer's help page, the same for everyone.
  "/help": { access: "public", requests: () => [{ path: "/help", expect: { status: 200 } }] },
  // Issue 20: text for crawlers and automated clients, the same for everyone.
  "/robots.txt": { access: "public", requests: () => [{ path: "/robots.txt", expect: { status: 200 } }] },
  "/llms.txt": { access: "public", requests: () => [{ path: "/llms.txt", expect: { status: 200 } }] },
  // Issue 27: the web app manifest, the same for everyone.
  "/manifest.webmanifest": { access: "public", requests: () => [{ path: "/manifest.webmanifest", expect: { status: 200 } }] },
  "/auth/logout": {
    access: "public",
    requests: () => [
      { path: "/auth/logout", expect: { status: 302, location: "/" } },
      { path: "/auth/logout", form: {}, expect: { status: 302, location: "/" } },
    ],
  },
  "/dashboard": {
    access: "user",
    requests: () => [
      { path: "/dashboard" },
      // Issue 25: the verification banner's Send again and dismiss, each about the caller's own address.
      { path: "/dashboard", form: fields({ intent: "resend-verification" }) },
      { path: "/dashboard", form: fields({ intent: "dismiss-verification" }) },
      // Issue 27: "Hide this list" under the first-run checklist.
      { path: "/dashboard", form: fields({ intent: "dismiss-checklist" }) },
      // Issue 27: "Explore with sample data" and "Remove sample data", each about the caller's own account.
      { path: "/dashboard", form: fields({ intent: "sample-add" }) },
      { path: "/dashboard", form: fields({ intent: "sample-remove" }) },
    ],
  },
  // Issue 25: a mailed link's page; GET shows a button, POST uses the token (an unknown one here, which changes nothing).
  "/auth/verify-email": {
    access: "public",
    requests: () => [
      { path: `/auth/verify-email?token=${"A".repeat(43)}`, expect: { status: 200 } },
      { path: "/auth/verify-email", form: { token: "A".repeat(43) }, expect: { status: 400 } },
    ],
  },
  "/expenses": {
    access: "user",
    requests: (ids) => [
      { path: `/expenses?category=${ids.categoryId}&tag=${ids.tagId}`, foreign: 200 },
      { path: "/expenses", form: fields({ intent: "delete", id: ids.transactionId }), foreign: 404 },
      // Issue 27: Undo of a delete.
      { path: "/expenses", form: fields({ intent: "undo", id: ids.deletedForWeb.transactionId }), foreign: 404 },
    ],
  },
  "/expenses/new": {
    access: "user",
    requests: (ids) => [
      { path: "/expenses/new" },
      // Issue 27's "Repeat today": a copy of another user's transaction is not found.
      { path: `/expenses/new?from=${ids.transactionId}`, foreign: 404 },
      { path: "/expenses/new", form: transactionForm(ids.categoryId, ids.tagId), foreign: 400 },
      { path: "/expenses/new", form: transactionForm("default-food", ids.tagId), foreign: 400 },
    ],
  },
  "/expenses/edit/:id": {
    access: "user",
    requests: (ids) => [
      { path: `/expenses/edit/${ids.transactionId}`, foreign: 404 },
      { path: `/expenses/edit/${ids.transactionId}?delete=1`, foreign: 404 },
      { path: `/expenses/edit/${ids.transactionId}`, form: transactionForm(ids.categoryId, ids.tagId), foreign: 404 },
      { path: `/expenses/edit/${ids.transactionId}`, form: transactionForm(ids.categoryId, ids.tagId, "type:INCOME"), foreign: 404 },
      { path: `/expenses/edit/${ids.transactionId}?delete=1`, form: fields({ intent: "delete" }), foreign: 404 },
      // One's own transaction moved into the victim's category, or tagged with their tag.
      { path: `/expenses/edit/${ids.ownTransactionId}`, form: transactionForm(ids.categoryId, ""), foreign: 400 },
      { path: `/expenses/edit/${ids.ownTransactionId}`, form: transactionForm("default-food", ids.tagId), foreign: 400 },
    ],
  },
  "/categories": {
    access: "user",
    requests: (ids) => [
      { path: `/categories?edit=${ids.categoryId}`, foreign: 200 },
      { path: `/categories?delete=${ids.spareCategoryId}`, foreign: 200 },
      { path: "/categories", form: fields({ intent: "create", name: "Mallory category", type: "expense", color: "#EF4444" }) },
      {
        path: "/categories",
        form: fields({ intent: "update", id: ids.categoryId, name: `Hijacked ${ids.categoryId.slice(0, 8)}`, type: "expense", color: "#EF4444" }),
        foreign: 404,
      },
      { path: "/categories", form: fields({ intent: "delete", id: ids.spareCategoryId }), foreign: 404 },
      // Issue 23: the in-use confirmation (counts, links, move) of a used category, and its move-then-delete.
      { path: `/categories?delete=${ids.categoryId}`, foreign: 200 },
      { path: `/categories?delete=${ids.categoryId}`, form: fields({ intent: "move-delete", id: ids.categoryId, to: "default-food" }), foreign: 404 },
      // Issue 27: Undo of a delete.
      { path: "/categories", form: fields({ intent: "undo", id: ids.deletedForWeb.categoryId }), foreign: 404 },
    ],
  },
  "/tags": {
    access: "user",
    requests: (ids) => [
      { path: `/tags?usage=${ids.tagId}`, foreign: 200 },
      { path: `/tags?edit=${ids.tagId}&delete=${ids.tagId}`, foreign: 200 },
      { path: "/tags?new", form: fields({ intent: "create", name: "Mallory tag", color: "#EF4444" }) },
      { path: "/tags", form: fields({ intent: "update", id: ids.tagId, name: `Hijacked ${ids.tagId.slice(0, 8)}`, color: "#EF4444" }), foreign: 404 },
      { path: "/tags", form: fields({ intent: "delete", id: ids.tagId }), foreign: 404 },
      // Issue 27: Undo of a delete.
      { path: "/tags", form: fields({ intent: "undo", id: ids.deletedForWeb.tagId }), foreign: 404 },
    ],
  },
  "/budgets": {
    access: "user",
    requests: (ids) => [
      { path: `/budgets?month=2026-10&editBudget=${ids.budgetId}&deleteGoal=${ids.goalId}`, foreign: 200 },
      { path: "/budgets?month=2026-10&newBudget", form: fields({ intent: "budget-create", month: "2026-10", categoryId: "default-food", amount: "25", alertThreshold: "80" }) },
      {
        path: "/budgets?month=2026-10",
        form: fields({ intent: "budget-update", id: ids.budgetId, month: "2026-10", categoryId: ids.categoryId, amount: "1", alertThreshold: "5" }),
        foreign: 404,
      },
      { path: "/budgets?month=2026-10", form: fields({ intent: "budget-delete", id: ids.budgetId }), foreign: 404 },
      { path: "/budgets?month=2026-11", form: fields({ intent: "budget-copy", month: "2026-11" }) },
      { path: "/budgets?newGoal", form: fields({ intent: "goal-create", name: "Mallory goal", currencyCode: "USD", targetAmount: "10" }) },
      { path: "/budgets", form: fields({ intent: "goal-update", id: ids.goalId, name: "Hijacked goal", currencyCode: "USD", targetAmount: "1" }), foreign: 404 },
      { path: "/budgets", form: fields({ intent: "goal-progress", id: ids.goalId, amount: "25", direction: "deposit" }), foreign: 404 },
      { path: "/budgets", form: fields({ intent: "goal-delete", id: ids.goalId }), foreign: 404 },
      // Issue 27: Undo of a delete.
      { path: "/budgets?month=2027-02", form: fields({ intent: "budget-undo", id: ids.deletedForWeb.budgetId }), foreign: 404 },
      { path: "/budgets", form: fields({ intent: "goal-undo", id: ids.deletedForWeb.goalId }), foreign: 404 },
    ],
  },
  "/recurring": {
    access: "user",
    requests: (ids) => [
      { path: `/recurring?edit=${ids.scheduleId}&delete=${ids.scheduleId}`, foreign: 200 },
      // "Repeat…": the form prefilled from a transaction; another user's is not found.
      { path: `/recurring?new&from=${ids.transactionId}`, foreign: 404 },
      { path: "/recurring?new", form: fields(recurringForm("default-food", "")) },
      // The victim's category or tag on one's own schedule: refused, as for unknown ids.
      { path: "/recurring?new", form: fields(recurringForm(ids.categoryId, "")), foreign: 400 },
      { path: "/recurring?new", form: fields(recurringForm("default-food", ids.tagId)), foreign: 400 },
      { path: "/recurring", form: fields({ ...recurringForm("default-food", ""), intent: "update", id: ids.scheduleId, description: "Hijacked" }), foreign: 404 },
      { path: "/recurring", form: fields({ intent: "skip", id: ids.scheduleId, date: SCHEDULE_START }), foreign: 404 },
      { path: "/recurring", form: fields({ intent: "post-now", id: ids.scheduleId }), foreign: 404 },
      { path: "/recurring", form: fields({ intent: "pause", id: ids.scheduleId }), foreign: 404 },
      { path: "/recurring", form: fields({ intent: "resume", id: ids.scheduleId, backfill: "on" }), foreign: 404 },
      { path: "/recurring", form: fields({ intent: "delete", id: ids.scheduleId }), foreign: 404 },
    ],
  },
  "/reports": {
    access: "user",
    requests: () => [{ path: "/reports?month=2026-11&chart=trend" }, { path: "/reports?from=2026-01-01&to=2026-12-31" }],
  },
  "/profile": {
    access: "user",
    requests: () => [
      { path: "/profile" },
      { path: "/profile", form: fields({ intent: "update-profile", firstName: "Mal", lastName: "Lory", email: `mallory-${MARK}@example.com` }) },
      { path: "/profile", form: fields({ intent: "update-profile", firstName: "Mal", lastName: "Lory", email: `mallory-${MARK}@example.com`, timeZone: "Asia/Tokyo" }) },
      { path: "/profile", form: fields({ intent: "change-password", currentPassword: STRONG_PASSWORD, newPassword: "N3wSecret99", confirmPassword: "N3wSecret99" }) },
      { path: "/profile", form: fields({ intent: "resend-verification" }) },
    ],
  },
  "/admin": { access: "superadmin", requests: () => [{ path: "/admin" }] },
  "/admin/users": {
    access: "superadmin",
    requests: (ids) => [
      { path: "/admin/users?q=victim" },
      { path: "/admin/users", form: fields({ intent: "make-superadmin", userId: ids.attackerId }) },
      { path: "/admin/users", form: fields({ intent: "deactivate", userId: ids.userId }) },
      // To an account that stays active (a deactivated one gets no link).
      { path: "/admin/users", form: fields({ intent: "send-reset", userId: ids.attackerId }) },
    ],
  },
  "/admin/settings": {
    access: "superadmin",
    requests: () => [
      { path: "/admin/settings" },
      { path: "/admin/settings", form: fields({ intent: "manual-rate", currencyCode: "EUR", date: TODAY, rate: "0.5" }) },
      { path: "/admin/settings", form: fields({ intent: "currency-status", currencyCode: "EUR", active: "0" }) },
      { path: "/admin/settings", form: fields({ intent: "refresh" }) },
    ],
  },
  // The form's rate lookup is a JSON resource: a guest gets 401, not a redirect.
  "/expenses/rate": {
    access: "user",
    guest: { status: 401 },
    requests: () => [{ path: "/expenses/rate?currency=EUR&date=2026-11-10" }],
  },
  // The Export CSV link of /reports: a download a person follows, so a guest is sent to sign in.
  // Issue 26: the import pages. Another user's import (staged or committed) is a 404, like an unknown one.
  "/import": {
    access: "user",
    requests: (ids) => [{ path: "/import" }, { path: "/import", form: fields({ intent: "undo", id: ids.imports.committedId }), foreign: 404 }],
  },
  "/import/:id": {
    access: "user",
    requests: (ids) => [
      { path: `/import/${ids.imports.stagedId}`, foreign: 404 },
      { path: `/import/${ids.imports.stagedId}?step=mapping`, foreign: 404 },
      { path: `/import/${ids.imports.stagedId}?status=duplicate&page=1`, foreign: 404 },
      { path: `/import/${ids.imports.committedId}`, foreign: 404 },
      { path: `/import/${ids.imports.stagedId}`, form: fields({ intent: "read", encoding: "utf-8", delimiter: "," }), foreign: 404 },
      {
        path: `/import/${ids.imports.stagedId}`,
        form: fields({ intent: "map", dateColumn: "0", dateFormat: "MM/dd/yyyy", description: "1", amountKind: "debitCredit", debitColumn: "2", creditColumn: "3", decimalSign: ".", typeKind: "amount", currencyKind: "fixed", currencyCode: "USD" }),
        foreign: 404,
      },
      { path: `/import/${ids.imports.stagedId}`, form: fields({ intent: "rows", line: "2", include: "2" }), foreign: 404 },
      { path: `/import/${ids.imports.stagedId}`, form: fields({ intent: "suggested", apply: "0" }), foreign: 404 },
      { path: `/import/${ids.imports.stagedId}`, form: fields({ intent: "commit" }), foreign: 404 },
      { path: `/import/${ids.imports.stagedId}`, form: fields({ intent: "discard" }), foreign: 404 },
      { path: `/import/${ids.imports.committedId}`, form: fields({ intent: "undo" }), foreign: 404 },
    ],
  },
  "/reports/export": {
    access: "user",
    requests: () => [
      { path: "/reports/export?from=2026-11-01&to=2026-11-30" },
      // The spreadsheet (issue 26): the same guard. Its sheet is deflated, so the victim's markers
      // are looked for in the read-back rows by tests/integration/spreadsheet-export.test.ts.
      { path: "/reports/export?from=2026-11-01&to=2026-11-30&format=xlsx" },
    ],
  },
  "/resources/theme": {
    access: "public",
    requests: () => [
      { path: "/resources/theme", expect: { status: 302, location: "/" } },
      { path: "/resources/theme", form: { theme: "dark", redirectTo: "/dashboard" }, expect: { status: 302, location: "/dashboard" } },
    ],
  },
  "/resources/language": {
    access: "public",
    requests: () => [
      { path: "/resources/language", expect: { status: 302, location: "/" } },
      { path: "/resources/language", form: { lng: "es", redirectTo: "/expenses" }, expect: { status: 302, location: "/expenses" } },
    ],
  },
  "/api/*": {
    access: "public",
    requests: () => [
      { path: "/api/no-such-endpoint", expect: { status: 404 } },
      { path: "/api/no-such-endpoint", form: { id: "x" }, expect: { status: 404 } },
    ],
  },
  "/*": {
    access: "public",
    requests: () => [
      { path: "/no/such/page", expect: { status: 302, location: "/" } },
      { path: "/no/such/page", form: { id: "x" }, expect: { status: 302, location: "/" } },
    ],
  },
};

// ---------------------------------------------------------------------------------------------
// The /api operations, keyed by operationId: requests with valid bodies, naming the victim's
// records where the operation takes any. `foreign` is what another user gets for them (the same
// as for unknown ids); `guest` the answer of a public operation.

type ApiCall = ApiRequest & { path: string; foreign?: number; guest?: number };
type ApiCase = { requests: (ids: Ids) => ApiCall[]; allowed?: (diff: DumpDiff) => DumpDiff };

const call = (method: string, path: string, body?: unknown, expected: Pick<ApiCall, "foreign" | "guest"> = {}): ApiCall => ({
  method,
  path,
  ...(body === undefined ? {} : { json: body }),
  ...expected,
});

const API: Record<string, ApiCase> = {
  register: {
    requests: () => [
      call("POST", "/api/auth/register", { firstName: "Mal", lastName: "Lory", email: victim.email, password: STRONG_PASSWORD }, { guest: 409 }),
    ],
  },
  login: {
    requests: () => [call("POST", "/api/auth/login", { email: victim.email, password: "Wr0ngPassword" }, { guest: 401 })],
    allowed: allowFailedSignIn,
  },
  logout: { requests: () => [call("POST", "/api/auth/logout")] },
  // Issue 25: public; an unknown address and an unknown link change nothing.
  forgotPassword: { requests: () => [call("POST", "/api/auth/forgot-password", { email: `nobody-${MARK}@example.com` }, { guest: 202 })] },
  resetPassword: { requests: () => [call("POST", "/api/auth/reset-password", { token: "A".repeat(43), password: "N3wSecret99" }, { guest: 400 })] },
  refreshToken: { requests: () => [call("POST", "/api/auth/refresh-token", { refreshToken: deactivated.refreshToken }, { guest: 401 })] },
  getProfile: { requests: () => [call("GET", "/api/users/profile")] },
  updateProfile: {
    requests: () => [
      call("PUT", "/api/users/profile", { firstName: "Mal", lastName: "Lory", email: `mallory-${MARK}@example.com` }),
      call("PUT", "/api/users/profile", { firstName: "Mal", lastName: "Lory", email: `mallory-${MARK}@example.com`, timeZone: "Asia/Tokyo" }),
    ],
  },
  changePassword: { requests: () => [call("PUT", "/api/users/password", { currentPassword: STRONG_PASSWORD, newPassword: "N3wSecret99" })] },
  listActivity: { requests: () => [call("GET", "/api/users/activity")] },
  listUsers: { requests: () => [call("GET", "/api/users?search=victim")] },
  updateUser: {
    requests: (ids) => [
      call("PUT", `/api/users/${ids.userId}`, { firstName: "Renamed", isActive: false }),
      call("PUT", `/api/users/${ids.attackerId}`, { role: "superadmin" }),
    ],
  },
  listCategories: { requests: () => [call("GET", "/api/categories")] },
  createCategory: { requests: () => [call("POST", "/api/categories", { name: "Mallory category", type: "expense", color: "#EF4444" })] },
  updateCategory: {
    requests: (ids) => [
      call("PUT", `/api/categories/${ids.categoryId}`, { name: `Hijacked ${ids.categoryId.slice(0, 8)}`, type: "expense", color: "#EF4444" }, { foreign: 404 }),
    ],
  },
  deleteCategory: { requests: (ids) => [call("DELETE", `/api/categories/${ids.spareCategoryId}`, undefined, { foreign: 404 })] },
  listTags: { requests: () => [call("GET", "/api/tags")] },
  createTag: { requests: () => [call("POST", "/api/tags", { name: "Mallory tag", color: "#EF4444" })] },
  updateTag: {
    requests: (ids) => [call("PUT", `/api/tags/${ids.tagId}`, { name: `Hijacked ${ids.tagId.slice(0, 8)}`, color: "#EF4444" }, { foreign: 404 })],
  },
  deleteTag: { requests: (ids) => [call("DELETE", `/api/tags/${ids.tagId}`, undefined, { foreign: 404 })] },
  tagUsage: { requests: (ids) => [call("GET", `/api/tags/${ids.tagId}/usage`, undefined, { foreign: 404 })] },
  listCurrencies: { requests: () => [call("GET", "/api/currencies")] },
  getCurrency: { requests: () => [call("GET", "/api/currencies/EUR")] },
  getExchangeRate: { requests: () => [call("GET", "/api/exchange-rates?to=EUR&date=2026-11-10")] },
  latestExchangeRates: { requests: () => [call("GET", "/api/exchange-rates/latest")] },
  exchangeRateHistory: { requests: () => [call("GET", "/api/exchange-rates/history?currency=EUR")] },
  createManualRate: { requests: () => [call("POST", "/api/exchange-rates", { currencyCode: "EUR", date: TODAY, rate: "0.5" })] },
  listTransactions: {
    requests: (ids) => [call("GET", `/api/transactions?categoryId=${ids.categoryId}&tagId=${ids.tagId}`, undefined, { foreign: 200 })],
  },
  createTransaction: {
    requests: (ids) => {
      const body = { description: "Mallory was here", date: "2026-11-12", amount: "1" };
      return [
        call("POST", "/api/transactions", { ...body, categoryId: ids.categoryId, tags: [ids.tagId] }, { foreign: 400 }),
        call("POST", "/api/transactions", { ...body, categoryId: "default-food", tags: [ids.tagId] }, { foreign: 400 }),
        // The victim's own request replayed with their Idempotency-Key: never their stored answer.
        {
          ...call("POST", "/api/transactions", fixtureTransaction("Victim", ids.categoryId, ids.tagId), { foreign: 400 }),
          headers: { "Idempotency-Key": replayKey(ids.categoryId) },
        },
      ];
    },
  },
  getTransaction: { requests: (ids) => [call("GET", `/api/transactions/${ids.transactionId}`, undefined, { foreign: 404 })] },
  updateTransaction: {
    requests: (ids) => [
      call("PUT", `/api/transactions/${ids.transactionId}`, { description: "Hijacked", amount: "0.01" }, { foreign: 404 }),
      // One's own transaction moved into the victim's category, or tagged with their tag.
      call("PUT", `/api/transactions/${ids.ownTransactionId}`, { categoryId: ids.categoryId }, { foreign: 400 }),
      call("PUT", `/api/transactions/${ids.ownTransactionId}`, { tags: [ids.tagId] }, { foreign: 400 }),
    ],
  },
  deleteTransaction: { requests: (ids) => [call("DELETE", `/api/transactions/${ids.transactionId}`, undefined, { foreign: 404 })] },
  // Issue 27: restore of a delete, by collection.
  restoreTransaction: { requests: (ids) => [call("POST", `/api/transactions/${ids.deleted.transactionId}/restore`, undefined, { foreign: 404 })] },
  restoreBudget: { requests: (ids) => [call("POST", `/api/budgets/${ids.deleted.budgetId}/restore`, undefined, { foreign: 404 })] },
  restoreSavingsGoal: { requests: (ids) => [call("POST", `/api/savings-goals/${ids.deleted.goalId}/restore`, undefined, { foreign: 404 })] },
  restoreCategory: { requests: (ids) => [call("POST", `/api/categories/${ids.deleted.categoryId}/restore`, undefined, { foreign: 404 })] },
  restoreTag: { requests: (ids) => [call("POST", `/api/tags/${ids.deleted.tagId}/restore`, undefined, { foreign: 404 })] },
  // Issue 27: sample data, always the caller's own (decision 040).
  addSampleData: { requests: () => [call("POST", "/api/sample-data")] },
  removeSampleData: { requests: () => [call("DELETE", "/api/sample-data")] },
  transactionSummary: { requests: () => [call("GET", "/api/transactions/summary")] },
  transactionsByCategory: { requests: () => [call("GET", "/api/transactions/by-category")] },
  transactionsByDateRange: { requests: () => [call("GET", "/api/transactions/by-date-range?startDate=2026-11-01&endDate=2026-11-30")] },
  listBudgets: { requests: () => [call("GET", `/api/budgets?month=${BUDGET_MONTH}`)] },
  budgetProgress: { requests: () => [call("GET", `/api/budgets/progress?month=${BUDGET_MONTH}`)] },
  createBudget: {
    requests: (ids) => [call("POST", "/api/budgets", { categoryId: ids.categoryId, amount: "1", month: "2026-12-01" }, { foreign: 400 })],
  },
  updateBudget: {
    requests: (ids) => [
      call("PUT", `/api/budgets/${ids.budgetId}`, { categoryId: ids.categoryId, amount: "1", month: BUDGET_MONTH, alert_threshold: 1 }, { foreign: 404 }),
      // One's own budget moved onto the victim's category.
      call("PUT", `/api/budgets/${ids.ownBudgetId}`, { categoryId: ids.categoryId, amount: "1", month: "2026-10-01" }, { foreign: 400 }),
    ],
  },
  deleteBudget: { requests: (ids) => [call("DELETE", `/api/budgets/${ids.budgetId}`, undefined, { foreign: 404 })] },
  listSavingsGoals: { requests: () => [call("GET", "/api/savings-goals")] },
  createSavingsGoal: { requests: () => [call("POST", "/api/savings-goals", { name: "Mallory goal", target_amount: 10 })] },
  updateSavingsGoal: {
    requests: (ids) => [
      call("PUT", `/api/savings-goals/${ids.goalId}`, { name: `Hijacked ${ids.goalId.slice(0, 8)}`, target_amount: 1, current_amount: 0 }, { foreign: 404 }),
    ],
  },
  deleteSavingsGoal: { requests: (ids) => [call("DELETE", `/api/savings-goals/${ids.goalId}`, undefined, { foreign: 404 })] },
  recordSavingsGoalProgress: {
    requests: (ids) => [call("PUT", `/api/savings-goals/${ids.goalId}/progress`, { amount: -5, note: "Mallory" }, { foreign: 404 })],
  },
  listRecurringTransactions: { requests: () => [call("GET", "/api/recurring-transactions")] },
  createRecurringTransaction: {
    // The victim's category or tag on one's own schedule: refused, as for unknown ids.
    requests: (ids) => [
      call("POST", "/api/recurring-transactions", { ...fixtureSchedule("Own", ids.categoryId, ids.tagId), description: "Mallory schedule" }, { foreign: 400 }),
      call("POST", "/api/recurring-transactions", { ...fixtureSchedule("Own", "default-food", ids.tagId), description: "Mallory schedule" }, { foreign: 400 }),
    ],
  },
  getRecurringTransaction: { requests: (ids) => [call("GET", `/api/recurring-transactions/${ids.scheduleId}`, undefined, { foreign: 404 })] },
  updateRecurringTransaction: {
    requests: (ids) => [
      call("PUT", `/api/recurring-transactions/${ids.scheduleId}`, { ...fixtureSchedule("Own", "default-food", ""), tagIds: [], description: "Hijacked" }, { foreign: 404 }),
    ],
  },
  deleteRecurringTransaction: { requests: (ids) => [call("DELETE", `/api/recurring-transactions/${ids.scheduleId}`, undefined, { foreign: 404 })] },
  skipRecurringOccurrence: {
    requests: (ids) => [call("POST", `/api/recurring-transactions/${ids.scheduleId}/skip`, { date: SCHEDULE_START }, { foreign: 404 })],
  },
  postRecurringOccurrenceNow: { requests: (ids) => [call("POST", `/api/recurring-transactions/${ids.scheduleId}/post-now`, {}, { foreign: 404 })] },
  pauseRecurringTransaction: { requests: (ids) => [call("POST", `/api/recurring-transactions/${ids.scheduleId}/pause`, undefined, { foreign: 404 })] },
  resumeRecurringTransaction: { requests: (ids) => [call("POST", `/api/recurring-transactions/${ids.scheduleId}/resume`, {}, { foreign: 404 })] },
  reportSummary: { requests: () => [call("GET", "/api/reports/summary?startDate=2026-11-01&endDate=2026-11-30")] },
  reportCategories: { requests: () => [call("GET", "/api/reports/categories?startDate=2026-11-01&endDate=2026-11-30")] },
  reportTrends: { requests: () => [call("GET", "/api/reports/trends?startDate=2026-11-01&endDate=2026-11-30&period=daily")] },
  reportExport: {
    requests: () => [
      call("GET", "/api/reports/export?format=csv&startDate=2026-11-01&endDate=2026-11-30&includeCategories=true&includeCurrencyConversion=true"),
      call("GET", "/api/reports/export?format=xlsx&startDate=2026-11-01&endDate=2026-11-30"),
    ],
  },
  openApiDocument: { requests: () => [call("GET", "/api/openapi.json", undefined, { guest: 200 })] },
  // Issue 25: a link's token acts on the account it was mailed for (an unknown one here); Send again on the caller's own.
  verifyEmail: { requests: () => [call("POST", "/api/auth/verify-email", { token: "A".repeat(43) }, { guest: 400 })] },
  resendVerification: { requests: () => [call("POST", "/api/auth/resend-verification")] },
  // Issue 26: importing a CSV file. The upload is a text/csv body, not JSON.
  createImport: { requests: () => [{ method: "POST", path: "/api/imports?fileName=mallory.csv", headers: { "Content-Type": "text/csv" }, body: IMPORT_CSV }] },
  listImports: { requests: () => [call("GET", "/api/imports")] },
  getImport: { requests: (ids) => [call("GET", `/api/imports/${ids.imports.stagedId}?page=1&limit=50`, undefined, { foreign: 404 })] },
  updateImport: {
    requests: (ids) => [
      call("PUT", `/api/imports/${ids.imports.stagedId}`, { rows: [{ line: 2, included: false }] }, { foreign: 404 }),
      call("PUT", `/api/imports/${ids.imports.stagedId}`, { mapping: IMPORT_MAPPING, saveMappingAs: "Mallory's bank" }, { foreign: 404 }),
    ],
  },
  deleteImport: { requests: (ids) => [call("DELETE", `/api/imports/${ids.imports.stagedId}`, undefined, { foreign: 404 })] },
  commitImport: { requests: (ids) => [call("POST", `/api/imports/${ids.imports.stagedId}/commit`, undefined, { foreign: 404 })] },
  undoImport: { requests: (ids) => [call("POST", `/api/imports/${ids.imports.committedId}/undo`, undefined, { foreign: 404 })] },
};

// ---------------------------------------------------------------------------------------------
// The route table, flattened

type FlatRoute = { key: string; pattern: string; file: string; layout: boolean };

function flatten(entries: RouteConfigEntry[], parent = ""): FlatRoute[] {
  return entries.flatMap((entry) => {
    const pattern = entry.path === undefined ? parent : `${parent}/${entry.path}`.replace(/\/+/g, "/");
    const layout = entry.path === undefined && !entry.index;
    const self: FlatRoute = { key: layout ? `layout ${entry.file}` : pattern || "/", pattern: pattern || "/", file: entry.file, layout };
    return [self, ...flatten(entry.children ?? [], pattern)];
  });
}

const ROUTES = flatten(routeConfig);
const isApiResource = (r: FlatRoute) => r.pattern.startsWith("/api/") && r.pattern !== "/api/*";
/** "/api/users/{id}" → "/api/users/:id", the route table's spelling. */
const routePatternOf = (operation: ApiOperation) => operation.path.replace(/\{(\w+)\}/g, ":$1");

const routeModules = import.meta.glob<{ loader?: unknown; action?: unknown }>("/app/routes/**/*.{ts,tsx}");

async function handlersOf(route: FlatRoute) {
  const load = routeModules[`/app/${route.file}`];
  if (!load) throw new Error(`${route.file} is in app/routes.ts but not under app/routes`);
  const module = await load();
  return { loader: typeof module.loader === "function", action: typeof module.action === "function" };
}

describe("coverage: nothing in app/routes.ts is left out of the matrix", () => {
  test("every route with a path, and every layout with a loader or an action, has an entry (web) or operations (/api)", async () => {
    const missing: string[] = [];
    for (const route of ROUTES) {
      const handlers = await handlersOf(route);
      // A layout without handlers answers nothing itself; every route with a path is probed.
      if (route.layout && !handlers.loader && !handlers.action) continue;
      if (isApiResource(route)) {
        if (!apiOperations.some((o) => routePatternOf(o) === route.pattern)) missing.push(`${route.pattern} (${route.file}) has no operation in app/routes/api/operations.ts`);
      } else if (!WEB[route.key]) {
        missing.push(`${route.key} (${route.file}) has no entry in WEB`);
      }
    }
    expect(missing).toEqual([]);
  });

  test("every WEB entry is a route of app/routes.ts, and says what its requests get", () => {
    const keys = new Set(ROUTES.map((r) => r.key));
    expect(Object.keys(WEB).filter((k) => !keys.has(k))).toEqual([]);
    // What each request names must be said: another user's answer, or a public route's.
    const unsaid = Object.entries(WEB).flatMap(([key, entry]) =>
      entry
        .requests(PLACEHOLDER_IDS)
        .flatMap((r, i) => ((entry.access === "public" ? !r.expect : entry.access === "user" && carriesIds(entry.requests, i) && r.foreign === undefined) ? [`${key} #${i}`] : [])),
    );
    expect(unsaid).toEqual([]);
  });

  test("every operation's path is a route, and every operation has a case", () => {
    const patterns = new Set(ROUTES.filter(isApiResource).map((r) => r.pattern));
    expect(apiOperations.filter((o) => !patterns.has(routePatternOf(o))).map((o) => o.path)).toEqual([]);
    expect(apiOperations.filter((o) => !API[o.operationId]).map((o) => o.operationId)).toEqual([]);
    expect(Object.keys(API).filter((id) => !apiOperations.some((o) => o.operationId === id))).toEqual([]);
    // What each request names must be said: another user's answer, or a public operation's.
    const unsaid = apiOperations.flatMap((o) => {
      const make = API[o.operationId]?.requests ?? (() => []);
      return make(PLACEHOLDER_IDS).flatMap((c, i) =>
        (o.access === "public" ? c.guest === undefined : o.access === "user" && carriesIds(make, i) && c.foreign === undefined) ? [`${o.operationId} #${i}`] : [],
      );
    });
    expect(unsaid).toEqual([]);
  });

  test("each /api route serves exactly the methods of its operations (its 405 lists them)", async () => {
    const wrong: string[] = [];
    for (const route of ROUTES.filter(isApiResource)) {
      const methods = apiOperations.filter((o) => routePatternOf(o) === route.pattern).map((o) => o.method);
      const unused = ["PATCH", "PUT", "DELETE", "POST", "GET"].find((m) => !methods.includes(m as ApiOperation["method"]));
      const path = route.pattern.replace(/:\w+/g, "x");
      const res = await api(path, { method: unused });
      const allow = (res.res.headers.get("Allow") ?? "").split(",").map((m) => m.trim()).filter((m) => m !== "HEAD").sort();
      if (res.status !== 405 || allow.join() !== [...methods].sort().join()) wrong.push(`${route.pattern}: ${unused} → ${res.status}, Allow ${allow.join()} ≠ ${methods.join()}`);
    }
    expect(wrong).toEqual([]);
  });
});

// ---------------------------------------------------------------------------------------------
// The web face

type WebCaller = { name: string; web: () => Browser };

/** A guest's browser, or the deactivated user's with their old session cookie. */
const GUESTS: WebCaller[] = [
  { name: "guest", web: () => browser() },
  {
    name: "deactivated user (old session cookie)",
    web: () => {
      const b = browser();
      for (const [name, value] of deactivatedCookies) b.cookies.set(name, value);
      return b;
    },
  },
];

async function send(b: Browser, request: WebRequest) {
  return request.form ? b.fetch(request.path, { form: request.form }) : b.fetch(request.path);
}

const outcomeOf = (res: Response): Outcome =>
  res.headers.has("Location") ? { status: res.status, location: res.headers.get("Location")! } : { status: res.status };

const describeRequest = (r: { path: string; form?: unknown; method?: string }) => `${r.method ?? (r.form ? "POST" : "GET")} ${r.path}`;

/**
 * The same request as React Router's client sends it with JavaScript (single fetch): the path
 * with `.data` runs the same loaders and actions and answers in its own encoding, a redirect
 * as 202 with the target in the body.
 */
function asData(request: WebRequest): WebRequest {
  const [path, query] = request.path.split("?") as [string, string | undefined];
  return { ...request, path: `${path}.data${query === undefined ? "" : `?${query}`}` };
}

/** Both faces of a web request: the document and the single-fetch data request. */
const faces = (request: WebRequest) => [
  { request, data: false },
  { request: asData(request), data: true },
];

/** A redirect to a path starting with `target`: a 3xx with Location, or (data request) 202 naming it. */
async function expectRedirect(res: Response, data: boolean, target: string, what: string) {
  if (!data) {
    expect(res.status, what).toBe(302);
    expect(res.headers.get("Location"), what).toMatch(new RegExp(`^${target.replace(/[/?]/g, "\\$&")}(\\?|$)`));
    return;
  }
  expect(res.status, what).toBe(202);
  // The encoded redirect: { redirect: target, status: 302, … } (wrapped in SingleFetchRedirect for a loader's).
  expect(await res.text(), what).toMatch(new RegExp(`"redirect","${target.replace(/[/?]/g, "\\$&")}(\\?|")`));
}

for (const caller of GUESTS) {
  describe(`web, as a ${caller.name}`, () => {
    for (const [key, entry] of Object.entries(WEB)) {
      const expected = entry.access === "public" ? "as for anyone" : entry.guest ? String(entry.guest.status) : "sent to sign in";
      test(`${key}: ${expected}, nothing changes`, async () => {
        if (entry.access === "public") {
          await unchanged(async () => {
            for (const request of entry.requests(idsFor())) {
              expect(outcomeOf(await send(caller.web(), request)), describeRequest(request)).toEqual(request.expect);
            }
          }, entry.allowed);
          return;
        }
        await unchanged(async () => {
          for (const { request, data } of entry.requests(idsFor()).flatMap(faces)) {
            const res = await send(caller.web(), request);
            const text = await res.clone().text();
            expectNoVictimData(text, describeRequest(request));
            if (entry.guest) expect(res.status, describeRequest(request)).toBe(entry.guest.status);
            else await expectRedirect(res, data, "/auth/login", describeRequest(request));
          }
        });
      });
    }
  });
}

const OTHER_USERS: Array<{ name: string; who: () => Person & { own: Records } }> = [
  { name: "another plain user", who: () => attacker },
  { name: "a superadmin", who: () => admin },
];

for (const other of OTHER_USERS) {
  describe(`web, as ${other.name} with the victim's ids`, () => {
    for (const [key, entry] of Object.entries(WEB)) {
      if (entry.access !== "user") continue;
      test(`${key}: the victim's ids answer as unknown ones, show none of their data, change nothing`, async () => {
        const who = other.who();
        const ids = idsFor(who);
        const strangers = entry.requests(unknownIds(ids));
        await unchanged(async () => {
          for (const [index, request] of entry.requests(ids).entries()) {
            const named = carriesIds(entry.requests, index);
            // Writes without ids act on the caller's own data: not an attack, not sent.
            if (!named && request.form) continue;
            for (const [face, { request: sent, data }] of faces(request).entries()) {
              const res = await send(who.web, sent);
              expectNoVictimData(await res.clone().text(), describeRequest(sent));
              if (!named) {
                expect(res.status, describeRequest(sent)).toBe(200);
                continue;
              }
              expect(res.status, describeRequest(sent)).toBe(request.foreign);
              // A miss and another's record look alike.
              const theirs = await send(who.web, faces(strangers[index]!)[face]!.request);
              expect(outcomeOf(res), describeRequest(sent)).toEqual(outcomeOf(theirs));
              if (data) expect(res.headers.get("Content-Type"), describeRequest(sent)).toBe(theirs.headers.get("Content-Type"));
            }
          }
        });
      });
    }
  });
}

describe("web, as a plain user on admin routes", () => {
  for (const [key, entry] of Object.entries(WEB)) {
    if (entry.access !== "superadmin") continue;
    test(`${key}: sent to /dashboard, nothing changes`, async () => {
      await unchanged(async () => {
        for (const { request, data } of entry.requests(idsFor(attacker)).flatMap(faces)) {
          const res = await send(attacker.web, request);
          expectNoVictimData(await res.clone().text(), describeRequest(request));
          await expectRedirect(res, data, "/dashboard", describeRequest(request));
        }
      });
    });
  }
});

// ---------------------------------------------------------------------------------------------
// The JSON API

function base64url(text: string) {
  return btoa(text).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

type ApiCaller = { name: string; headers: () => Record<string, string>; challenge: RegExp };

const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });
const INVALID_TOKEN = /^Bearer error="invalid_token"/;
const tokens = { expired: "", payload: "", signature: "", none: "", revoked: "" };

const REFUSED_CALLERS: ApiCaller[] = [
  { name: "no token", headers: () => ({}), challenge: /^Bearer$/ },
  { name: "only a web session cookie", headers: () => ({ Cookie: attacker.web.cookieHeader() }), challenge: /^Bearer$/ },
  { name: "an expired access token", headers: () => bearer(tokens.expired), challenge: INVALID_TOKEN },
  { name: "a token whose payload was changed to the victim's", headers: () => bearer(tokens.payload), challenge: INVALID_TOKEN },
  { name: "a token with one signature character changed", headers: () => bearer(tokens.signature), challenge: INVALID_TOKEN },
  { name: "an unsigned (alg none) token", headers: () => bearer(tokens.none), challenge: INVALID_TOKEN },
  { name: "the access token of a family revoked by a reused refresh token", headers: () => bearer(tokens.revoked), challenge: INVALID_TOKEN },
  { name: "a deactivated user's access token", headers: () => bearer(deactivated.accessToken), challenge: INVALID_TOKEN },
  // The token's family is still live: only the user's own flag refuses it.
  { name: "the token of a user deactivated in the database alone", headers: () => bearer(deactivatedInDb.accessToken), challenge: INVALID_TOKEN },
];

async function sendApi(request: ApiCall, auth: { token?: string; headers?: Record<string, string> }) {
  const { path, foreign: _foreign, guest: _guest, ...rest } = request;
  return api(path, { ...rest, token: auth.token, headers: { ...rest.headers, ...auth.headers } });
}

describe("api tokens that must not work", () => {
  beforeAll(() => {
    const sid = String(jwtClaims(victim.accessToken).sid);
    // Signed with the real secret 16 minutes ago, for the victim's live login: expired a minute ago.
    tokens.expired = signAccessToken(env.JWT_SECRET, { id: victim.id, role: "superadmin", sid }, Date.now() - 16 * 60_000).token;
    const [header, , signature] = attacker.accessToken.split(".") as [string, string, string];
    const claims = { ...jwtClaims(attacker.accessToken), id: victim.id, sid, role: "superadmin" };
    tokens.payload = `${header}.${base64url(JSON.stringify(claims))}.${signature}`;
    const [vh, vp, vs] = victim.accessToken.split(".") as [string, string, string];
    // A character in the middle: the last one carries padding bits a lenient decoder may ignore.
    const middle = Math.floor(vs.length / 2);
    tokens.signature = `${vh}.${vp}.${vs.slice(0, middle)}${vs[middle] === "A" ? "B" : "A"}${vs.slice(middle + 1)}`;
    tokens.none = `${base64url(JSON.stringify({ alg: "none", typ: "JWT" }))}.${vp}.`;
  });

  test("a reused refresh token is refused and ends its whole family", async () => {
    const login = await loginViaApi(victim.email);
    const rotated = await api("/api/auth/refresh-token", { json: { refreshToken: login.refreshToken } });
    expect(rotated.status).toBe(200);
    expect((await api("/api/users/profile", { token: rotated.body.data.accessToken })).status).toBe(200);
    const reuse = await api("/api/auth/refresh-token", { json: { refreshToken: login.refreshToken } });
    expect(reuse.status).toBe(401);
    // The owner's new pair is dead too, and nothing further changes.
    await unchanged(async () => {
      expect((await api("/api/auth/refresh-token", { json: { refreshToken: rotated.body.data.refreshToken } })).status).toBe(401);
      expect((await api("/api/auth/refresh-token", { json: { refreshToken: login.refreshToken } })).status).toBe(401);
    });
    tokens.revoked = rotated.body.data.accessToken;
  });

  test("the deactivated user's refresh token is refused", async () => {
    await unchanged(async () => {
      expect((await api("/api/auth/refresh-token", { json: { refreshToken: deactivated.refreshToken } })).status).toBe(401);
    });
  });

  for (const caller of REFUSED_CALLERS) {
    describe(`api, with ${caller.name}`, () => {
      for (const operation of apiOperations) {
        const entry = API[operation.operationId];
        if (!entry || operation.access === "public") continue;
        test(`${operation.method} ${operation.path}: 401, nothing changes`, async () => {
          await unchanged(async () => {
            for (const request of entry.requests(idsFor())) {
              const res = await sendApi(request, { headers: caller.headers() });
              expect(res.status, `${describeRequest(request)} ${JSON.stringify(res.body)}`).toBe(401);
              expect(res.res.headers.get("WWW-Authenticate")).toMatch(caller.challenge);
              expect(res.body.status).toBe("error");
            }
          });
        });
      }
    });
  }
});

describe("api public operations, as a guest", () => {
  for (const operation of apiOperations) {
    const entry = API[operation.operationId];
    if (!entry || operation.access !== "public") continue;
    test(`${operation.method} ${operation.path}: as for anyone, nothing changes`, async () => {
      await unchanged(async () => {
        for (const request of entry.requests(idsFor())) {
          const res = await sendApi(request, {});
          expect(res.status, `${describeRequest(request)} ${JSON.stringify(res.body)}`).toBe(request.guest);
        }
      }, entry.allowed);
    });
  }
});

for (const other of OTHER_USERS) {
  describe(`api, as ${other.name} with the victim's ids`, () => {
    for (const operation of apiOperations) {
      const entry = API[operation.operationId];
      if (!entry || operation.access !== "user") continue;
      const named = entry.requests(PLACEHOLDER_IDS).map((_, index) => carriesIds(entry.requests, index));
      // Writes without ids act on the caller's own data: not an attack, not sent.
      if (!named.some(Boolean) && operation.method !== "GET") continue;
      const what = named.some(Boolean) ? "as for unknown ids, " : "";
      test(`${operation.method} ${operation.path}: ${what}none of the victim's data, nothing changes`, async () => {
        const who = other.who();
        const ids = idsFor(who);
        await unchanged(async () => {
          for (const [index, request] of entry.requests(ids).entries()) {
            if (!named[index] && operation.method !== "GET") continue;
            const res = await sendApi(request, { token: who.accessToken });
            expectNoVictimData(JSON.stringify(res.body), describeRequest(request));
            if (!named[index]) {
              expect(res.status, describeRequest(request)).toBe(200);
              continue;
            }
            expect(res.status, `${describeRequest(request)} ${JSON.stringify(res.body)}`).toBe(request.foreign);
            const theirs = await sendApi(entry.requests(unknownIds(ids))[index]!, { token: who.accessToken });
            expect({ status: res.status, body: res.body }, describeRequest(request)).toEqual({ status: theirs.status, body: theirs.body });
          }
        });
      });
    }
  });
}

describe("api, as a plain user on superadmin operations", () => {
  for (const operation of apiOperations) {
    const entry = API[operation.operationId];
    if (!entry || operation.access !== "superadmin") continue;
    test(`${operation.method} ${operation.path}: 403, nothing changes`, async () => {
      await unchanged(async () => {
        for (const request of entry.requests(idsFor(attacker))) {
          const res = await sendApi(request, { token: attacker.accessToken });
          expect(res.status, `${describeRequest(request)} ${JSON.stringify(res.body)}`).toBe(403);
          expect(res.body.status).toBe("error");
        }
      });
    });
  }
});

// ---------------------------------------------------------------------------------------------
// The bodies are good: the owner (or a superadmin, on admin routes) sending the same requests
// succeeds, so each refusal above is the access check and not a validation error. Last, since
// these do change things; each request that names records gets fresh ones of the victim's.

describe("control: the same requests from the rightful caller are accepted", () => {
  test("web: the victim, with their own ids", async () => {
    for (const entry of Object.values(WEB)) {
      if (entry.access !== "user") continue;
      for (const index of entry.requests(PLACEHOLDER_IDS).keys()) {
        if (!carriesIds(entry.requests, index)) continue;
        const request = entry.requests(await freshVictimIds())[index]!;
        expect((await send(victim.web, request)).status, describeRequest(request)).toBeLessThan(400);
      }
    }
  });

  test("api: the victim, with their own ids", async () => {
    for (const operation of apiOperations) {
      const entry = API[operation.operationId];
      if (!entry || operation.access !== "user") continue;
      for (const index of entry.requests(PLACEHOLDER_IDS).keys()) {
        if (!carriesIds(entry.requests, index)) continue;
        const request = entry.requests(await freshVictimIds())[index]!;
        const res = await sendApi(request, { token: victim.accessToken });
        expect(res.status, `${describeRequest(request)} ${JSON.stringify(res.body)}`).toBeLessThan(300);
      }
    }
  });

  test("admin: the superadmin, on the plain user's and the victim's accounts", async () => {
    for (const operation of apiOperations) {
      const entry = API[operation.operationId];
      if (!entry || operation.access !== "superadmin") continue;
      for (const request of entry.requests(idsFor(admin))) {
        const res = await sendApi(request, { token: admin.accessToken });
        expect(res.status, `${describeRequest(request)} ${JSON.stringify(res.body)}`).toBeLessThan(300);
      }
    }
    for (const entry of Object.values(WEB)) {
      if (entry.access !== "superadmin") continue;
      for (const request of entry.requests(idsFor(admin))) {
        const res = await send(admin.web, request);
        expect(res.status, describeRequest(request)).toBeLessThan(400);
        expect(res.headers.get("Location") ?? "", describeRequest(request)).not.toBe("/dashboard");
      }
    }
  });
});

describe("device cookies that must not vouch", () => {
  // Last in the file: it locks the deactivated user's sign-in, which nothing above may meet.
  test("the deactivated user's old device cookie does not lift the lock strangers' guesses put on the account", async () => {
    for (let i = 0; i < 5; i++) await browser().fetch("/auth/login", { form: { email: deactivated.email, password: `Guess${i}abcd` } });
    const old = browser();
    for (const [name, value] of deactivatedCookies) old.cookies.set(name, value);
    expect(old.cookies.has("device")).toBe(true);
    expect((await old.fetch("/auth/login", { form: { email: deactivated.email, password: STRONG_PASSWORD } })).status).toBe(429);
  });
});
