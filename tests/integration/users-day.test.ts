import { env } from "cloudflare:test";
import { afterEach, expect, test, vi } from "vitest";
import { api, registerViaApi } from "./api-client";
import { browser, pageText, registerViaForm, signedIn, uniqueEmail, type Browser } from "./helpers";

// Issue 24, "The user's day" (decision 032): a signed-in user's today is the date in their time
// zone. The clock is the Worker's own Date, set here with Vitest's fake Date: the Worker runs in
// this isolate, so every page and API call below reads the instant the test chose.

afterEach(() => {
  vi.useRealTimers();
});

/** 02:00 UTC on December 1st: still November 30th in Caracas (UTC−4). */
const CARACAS_NIGHT = new Date("2026-12-01T02:00:00Z");
/** 11:00 UTC on November 30th: already December 1st in Kiritimati (UTC+14). */
const KIRITIMATI_MORNING = new Date("2026-11-30T11:00:00Z");

function at(instant: Date) {
  vi.useFakeTimers({ toFake: ["Date"], now: instant });
}

async function storedZone(email: string) {
  const row = await env.DB.prepare("select time_zone from users where email = ?").bind(email).first<{ time_zone: string }>();
  return row?.time_zone;
}

async function setZone(b: Browser, email: string, timeZone: string) {
  const res = await b.fetch("/profile?edit=profile", {
    form: { intent: "update-profile", firstName: "Test", lastName: "User", email, timeZone },
  });
  expect(res.status).toBe(302);
  expect(await storedZone(email)).toBe(timeZone);
}

/** A user signed in through the web form, living in `timeZone`. */
async function userIn(timeZone: string) {
  const b = browser();
  const { email } = await registerViaForm(b);
  await setZone(b, email, timeZone);
  return { b, email };
}

/** The date input's value on the new-transaction form. */
async function newTransactionDate(b: Browser) {
  const html = await (await b.fetch("/expenses/new")).text();
  return html.match(/<input[^>]*name="date"[^>]*value="([^"]*)"/)?.[1] ?? html.match(/<input[^>]*value="([^"]*)"[^>]*name="date"/)?.[1];
}

test("at 02:00 UTC on December 1st a user in Caracas is still on November 30th: the dashboard's month, budgets' and reports' month and a new transaction's date are November's; a UTC user's are December's", { timeout: 90_000 }, async () => {
  at(CARACAS_NIGHT);
  const caracas = await userIn("America/Caracas");
  const utc = await userIn("UTC");

  const caracasDashboard = await pageText(caracas.b, "/dashboard");
  expect(caracasDashboard).toContain("November 2026, in USD");
  expect(caracasDashboard).not.toContain("December 2026, in USD");
  expect(await newTransactionDate(caracas.b)).toBe("2026-11-30");
  expect(await pageText(caracas.b, "/budgets")).toContain("Budgets for November 2026");
  // The month navigation names the month before the current one.
  expect(await (await caracas.b.fetch("/budgets")).text()).toContain("Previous month: October 2026");
  expect(await (await caracas.b.fetch("/reports")).text()).toContain("Previous month: October 2026");

  const utcDashboard = await pageText(utc.b, "/dashboard");
  expect(utcDashboard).toContain("December 2026, in USD");
  expect(utcDashboard).not.toContain("November 2026, in USD");
  expect(await newTransactionDate(utc.b)).toBe("2026-12-01");
  expect(await pageText(utc.b, "/budgets")).toContain("Budgets for December 2026");
  expect(await (await utc.b.fetch("/budgets")).text()).toContain("Previous month: November 2026");
  expect(await (await utc.b.fetch("/reports")).text()).toContain("Previous month: November 2026");
});

test("at 11:00 UTC on November 30th a user in Kiritimati is already on December 1st, while a UTC user is still on November 30th", async () => {
  at(KIRITIMATI_MORNING);
  const kiritimati = await userIn("Pacific/Kiritimati");
  const utc = await userIn("UTC");

  const kiritimatiDashboard = await pageText(kiritimati.b, "/dashboard");
  expect(kiritimatiDashboard).toContain("December 2026, in USD");
  expect(kiritimatiDashboard).not.toContain("November 2026, in USD");
  expect(await newTransactionDate(kiritimati.b)).toBe("2026-12-01");

  const utcDashboard = await pageText(utc.b, "/dashboard");
  expect(utcDashboard).toContain("November 2026, in USD");
  expect(utcDashboard).not.toContain("December 2026, in USD");
  expect(await newTransactionDate(utc.b)).toBe("2026-11-30");
});

test("a transaction on the user's last day of November counts in the dashboard's current month for a user in Caracas at 02:00 UTC on December 1st", async () => {
  at(CARACAS_NIGHT);
  const { b } = await userIn("America/Caracas");
  const saved = await b.fetch("/expenses/new", {
    form: {
      type: "EXPENSE",
      description: "Late dinner",
      date: "2026-11-30",
      categoryId: "default-food",
      "payments[0].currencyCode": "USD",
      "payments[0].amount": "42.50",
      "payments[0].method": "cash",
      intent: "save",
    },
  });
  expect(saved.status, await saved.clone().text()).toBe(302);
  const dashboard = await pageText(b, "/dashboard");
  expect(dashboard).toContain("Late dinner");
  // This month's expenses are the dinner's, not last month's.
  expect(dashboard).toMatch(/This month in USD.{0,200}Expenses.{0,40}\$\s?42\.50/);
});

test("the API's reports and budgets take the caller's current month when none is named", async () => {
  at(CARACAS_NIGHT);
  const account = await registerViaApi();
  const put = await api("/api/users/profile", {
    method: "PUT",
    token: account.accessToken,
    json: { firstName: "Api", lastName: "Tester", email: account.email, timeZone: "America/Caracas" },
  });
  expect(put.status, JSON.stringify(put.body)).toBe(200);
  const summary = await api("/api/reports/summary", { token: account.accessToken });
  expect(summary.status).toBe(200);
  expect(summary.body.data.period).toMatchObject({ startDate: "2026-11-01", endDate: "2026-11-30" });
  const budgets = await api("/api/budgets/progress", { token: account.accessToken });
  expect(budgets.status).toBe(200);
  expect(JSON.stringify(budgets.body.data)).toContain("2026-11");
});

test("registration records the browser's time zone from the hidden field, and UTC without it or when it is not a zone", async () => {
  for (const [sent, stored] of [
    ["America/Caracas", "America/Caracas"],
    ["asia/tokyo", "Asia/Tokyo"],
    [undefined, "UTC"],
    ["", "UTC"],
    ["Mars/Olympus", "UTC"],
    ["+04:00", "UTC"],
  ] as const) {
    const b = browser();
    const email = uniqueEmail("zone");
    const { res } = await registerViaForm(b, sent === undefined ? { email } : { email, timeZone: sent });
    expect(res.status, `${sent}`).toBe(302);
    expect(await storedZone(email), `${sent}`).toBe(stored);
  }
});

test("the register page carries the hidden time zone field, empty until the page's script fills it", async () => {
  const html = await (await browser().fetch("/auth/register")).text();
  expect(html).toMatch(/<input type="hidden" name="timeZone" value=""\/>/);
});

test("the profile shows the time zone, offers the zones in a select grouped by region, and a change is saved with its own activity entry in the reader's language", async () => {
  const { b, email } = await signedIn().then(async ({ b }) => ({ b, email: (await env.DB.prepare("select email from users order by created_at desc limit 1").first<{ email: string }>())!.email }));
  expect(await pageText(b, "/profile")).toMatch(/Time zone UTC/);
  const form = await (await b.fetch("/profile?edit=profile")).text();
  expect(form).toMatch(/<select[^>]*name="timeZone"/);
  expect(form).toMatch(/<optgroup label="America">[\s\S]*<option value="America\/Caracas">America\/Caracas<\/option>/);
  expect(form).toMatch(/<option value="UTC" selected="">UTC<\/option>/);

  await setZone(b, email, "America/Caracas");
  const profile = await pageText(b, "/profile");
  expect(profile).toMatch(/Time zone America\/Caracas/);
  expect(profile).toMatch(/Time zone changed .{0,40}America\/Caracas/);
  await b.fetch("/resources/language", { form: { lng: "es", redirectTo: "/profile" } });
  const spanish = await pageText(b, "/profile");
  expect(spanish).toMatch(/Zona horaria cambiada .{0,40}America\/Caracas/);

  // Saving the same zone again writes no second entry.
  await setZone(b, email, "America/Caracas");
  const entries = await env.DB.prepare("select count(*) as n from activity_log a join users u on u.id = a.user_id where u.email = ? and a.action = 'time_zone_change'")
    .bind(email)
    .first<{ n: number }>();
  expect(entries?.n).toBe(1);
});

test("a profile save with a zone that is no zone is refused with a translated message on the field, in English and Spanish, and changes nothing", async () => {
  const b = browser();
  const { email } = await registerViaForm(b);
  await setZone(b, email, "Europe/Madrid");
  const before = await env.DB.prepare("select u.first_name, u.time_zone, (select count(*) from activity_log a where a.user_id = u.id) as entries from users u where email = ?")
    .bind(email)
    .first();
  const refused = await b.fetch("/profile?edit=profile", {
    form: { intent: "update-profile", firstName: "Changed", lastName: "User", email, timeZone: "Mars/Olympus" },
  });
  expect(refused.status).toBe(400);
  expect(await refused.text()).toContain("Choose a time zone from the list (an IANA name such as America/Caracas)");
  await b.fetch("/resources/language", { form: { lng: "es", redirectTo: "/profile" } });
  const spanish = await b.fetch("/profile?edit=profile", {
    form: { intent: "update-profile", firstName: "Changed", lastName: "User", email, timeZone: "UTC-4" },
  });
  expect(spanish.status).toBe(400);
  expect(await spanish.text()).toContain("Elige una zona horaria de la lista (un nombre IANA como America/Caracas)");
  const after = await env.DB.prepare("select u.first_name, u.time_zone, (select count(*) from activity_log a where a.user_id = u.id) as entries from users u where email = ?")
    .bind(email)
    .first();
  expect(after).toEqual(before);
});

test("GET /api/users/profile answers the time zone; PUT sets it, keeps it when left out, and refuses a bad one with 400 on the field in the caller's language, changing nothing", async () => {
  const account = await registerViaApi();
  const token = account.accessToken;
  const names = { firstName: "Api", lastName: "Tester", email: account.email };
  expect((await api("/api/users/profile", { token })).body.data.user.timeZone).toBe("UTC");

  const set = await api("/api/users/profile", { method: "PUT", token, json: { ...names, timeZone: "asia/kolkata" } });
  expect(set.status).toBe(200);
  const kolkata = set.body.data.user.timeZone;
  expect(["Asia/Kolkata", "Asia/Calcutta"]).toContain(kolkata);
  expect((await api("/api/users/profile", { token })).body.data.user.timeZone).toBe(kolkata);

  const kept = await api("/api/users/profile", { method: "PUT", token, json: { ...names, firstName: "Renamed" } });
  expect(kept.status).toBe(200);
  expect(kept.body.data.user).toMatchObject({ firstName: "Renamed", timeZone: kolkata });

  const refused = await api("/api/users/profile", { method: "PUT", token, json: { ...names, firstName: "Nope", timeZone: "Mars/Olympus" } });
  expect(refused.status).toBe(400);
  expect(refused.body).toMatchObject({ status: "error", errors: { timeZone: ["Choose a time zone from the list (an IANA name such as America/Caracas)"] } });
  const spanish = await api("/api/users/profile", {
    method: "PUT",
    token,
    headers: { "Accept-Language": "es" },
    json: { ...names, timeZone: "GMT+99" },
  });
  expect(spanish.status).toBe(400);
  expect(spanish.body.errors?.timeZone).toEqual(["Elige una zona horaria de la lista (un nombre IANA como America/Caracas)"]);
  expect((await api("/api/users/profile", { token })).body.data.user).toMatchObject({ firstName: "Renamed", timeZone: kolkata });
});
