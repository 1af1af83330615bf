import { env } from "cloudflare:test";
import { expect, test } from "vitest";
import { en } from "~/locales/en";
import { es } from "~/locales/es";
import { api, registerViaApi } from "./api-client";
import { type Browser, signedIn } from "./helpers";
import { insertBudget, insertTransaction } from "./seed-rows";

// Issue 27, "Explore with sample data" and "Remove sample data" (decision 040), through the Worker
// on D1 as a browser without JavaScript: the offer in a new user's checklist, the labelled sample
// month on the dashboard and the list, one set however often it is asked for, and a removal that
// takes exactly the sample away.

const sample = en.dashboard.sampleData;
const decode = (html: string) => html.replace(/&#x27;/g, "'").replace(/&quot;/g, '"').replace(/&amp;/g, "&");
const page = async (b: Browser, path: string) => decode(await (await b.fetch(path)).text());
const post = (b: Browser, intent: string) => b.fetch("/dashboard", { form: { intent } });

/** What the user owns that sample data may touch, as stored (running totals that went back to zero left out). */
async function dump(userId: string) {
  const all = async (sql: string) => (await env.DB.prepare(sql).bind(userId).all()).results;
  return {
    transactions: await all("select * from transactions where user_id = ? order by id"),
    payments: await all("select * from payments where user_id = ? order by id"),
    links: await all("select tt.* from transaction_tags tt join transactions t on t.id = tt.transaction_id where t.user_id = ? order by tt.transaction_id, tt.tag_id"),
    tags: await all("select * from tags where user_id = ? order by id"),
    budgets: await all("select * from budgets where user_id = ? order by id"),
    goals: await all("select * from savings_goals where user_id = ? order by id"),
    entries: await all("select * from goal_entries where user_id = ? order by id"),
    usdTotal: await all("select * from payment_totals where user_id = ? and usd_cents <> 0"),
    currencyTotals: await all("select * from payment_currency_totals where user_id = ? and amount_minor <> 0 order by currency_code"),
    sampleRecords: await all("select * from sample_records where user_id = ?"),
  };
}

const count = async (sql: string, userId: string) => (await env.DB.prepare(sql).bind(userId).first<{ n: number }>())!.n;

test("a new user explores sample data: the dashboard and the list show it, labelled, and removing it leaves the dashboard empty again", async () => {
  const { b, userId } = await signedIn();
  const first = await page(b, "/dashboard");
  expect(first).toContain(sample.explore);
  expect(first).not.toContain(sample.bannerTitle);

  const added = await post(b, "sample-add");
  expect(added.status).toBe(302);
  expect(added.headers.get("Location")).toBe("/dashboard?sample=added");
  const dashboard = await page(b, "/dashboard?sample=added");
  expect(dashboard).toContain(sample.added);
  expect(dashboard).toContain(sample.bannerTitle);
  expect(dashboard).toContain(sample.confirm);
  // The offer is gone while the sample is there.
  expect(dashboard).not.toContain(sample.explore);
  // A budget near its limit, several currencies, a goal.
  expect(dashboard).toContain(en.budgets.alerts.title);
  const byCurrency = /<section[^>]*aria-labelledby="by-currency"[\s\S]*?<\/section>/.exec(dashboard)?.[0] ?? "";
  for (const code of ["EUR", "VES", "COP"]) expect(byCurrency, code).toContain(code);
  expect(await count("select count(*) as n from savings_goals where user_id = ?", userId)).toBe(1);
  const [budget] = (await env.DB.prepare("select amount_usd_cents as amount, category_id as category, month from budgets where user_id = ?").bind(userId).all<{ amount: number; category: string; month: string }>()).results;
  const spent = (await env.DB.prepare("select coalesce(sum(usd_cents), 0) as n from transactions where user_id = ? and type = 'EXPENSE' and category_id = ? and date >= ?").bind(userId, budget!.category, budget!.month).first<{ n: number }>())!.n;
  expect(spent / budget!.amount).toBeGreaterThanOrEqual(0.85);
  expect(spent / budget!.amount).toBeLessThanOrEqual(0.95);

  // The list says so, and its rows carry the "Sample" tag.
  const list = await page(b, "/expenses");
  expect(list).toContain(en.transactions.sampleNotice.replace("{{tag}}", "Sample"));
  expect(list).toContain(">Sample<");

  const removed = await post(b, "sample-remove");
  expect(removed.status).toBe(302);
  expect(removed.headers.get("Location")).toBe("/dashboard?sample=removed");
  const after = await page(b, "/dashboard?sample=removed");
  expect(after).toContain(sample.removed);
  expect(after).not.toContain(sample.bannerTitle);
  expect(after).toContain(en.dashboard.money.empty);
  expect(after).toContain(sample.explore);
  expect(await page(b, "/expenses")).not.toContain(en.transactions.sampleNotice.replace("{{tag}}", "Sample"));
  // Nothing of the sample is left: no rows, and the running totals back to zero.
  const emptied = await dump(userId);
  expect(Object.entries(emptied).filter(([, rows]) => rows.length > 0)).toEqual([]);
  const log = (await env.DB.prepare("select action from activity_log where user_id = ? order by created_at").bind(userId).all<{ action: string }>()).results.map((r) => r.action);
  expect(log).toEqual(expect.arrayContaining(["sample_add", "sample_remove"]));
  // The profile's activity names both.
  const profile = await page(b, "/profile");
  expect(profile).toContain(en.profile.activity.actions.sample_add);
  expect(profile).toContain(en.profile.activity.actions.sample_remove);
});

test("a double submit creates one set, in the user's language", async () => {
  const { b, userId } = await signedIn("es");
  const answers = await Promise.all([post(b, "sample-add"), post(b, "sample-add")]);
  expect(answers.map((r) => r.status)).toEqual([302, 302]);
  expect(await post(b, "sample-add").then((r) => r.status)).toBe(302);
  expect(await count("select count(*) as n from transactions where user_id = ?", userId)).toBe(25);
  expect(await count("select count(*) as n from budgets where user_id = ?", userId)).toBe(1);
  expect(await count("select count(*) as n from savings_goals where user_id = ?", userId)).toBe(1);
  const tags = (await env.DB.prepare("select name from tags where user_id = ?").bind(userId).all<{ name: string }>()).results;
  expect(tags).toEqual([{ name: "Muestra" }]);
  expect(await page(b, "/dashboard")).toContain(es.dashboard.sampleData.bannerTitle);
});

test("removing takes exactly the sample away: the user's own transaction and budget stay, totals are right, another user's sample is untouched", async () => {
  const { b, userId } = await signedIn();
  const other = await signedIn();
  await insertTransaction({ userId, description: "My own lunch", payments: [{ currencyCode: "EUR", amountMinor: 1200, usdCents: 1390 }] });
  await insertBudget(userId, "default-food");
  await post(other.b, "sample-add");
  const before = await dump(userId);
  const otherBefore = await dump(other.userId);

  expect((await post(b, "sample-add")).status).toBe(302);
  expect(await count("select count(*) as n from transactions where user_id = ?", userId)).toBe(26);
  // Her food budget stays hers; the sample's is on another category.
  expect(await count("select count(*) as n from budgets where user_id = ?", userId)).toBe(2);
  expect((await post(b, "sample-remove")).status).toBe(302);
  expect(await dump(userId)).toEqual(before);
  expect(await dump(other.userId)).toEqual(otherBefore);
  // Removing again finds nothing and changes nothing.
  expect((await post(b, "sample-remove")).status).toBe(302);
  expect(await dump(userId)).toEqual(before);
});

test("the API adds and removes sample data with the envelope, once each, in the request's language", async () => {
  const me = await registerViaApi();
  const other = await registerViaApi();
  const call = (method: string, token: string, lang?: string) =>
    api("/api/sample-data", { method, token, headers: lang ? { "Accept-Language": lang } : {} });
  await call("POST", other.accessToken);
  const otherBefore = await dump(other.user.id);

  const added = await call("POST", me.accessToken);
  expect(added.status).toBe(200);
  expect(added.body).toEqual({ status: "success", data: { changed: true, transactions: 25, message: en.dashboard.sampleData.added } });
  const again = await call("POST", me.accessToken, "es");
  expect(again.body).toEqual({ status: "success", data: { changed: false, transactions: 0, message: es.dashboard.sampleData.alreadyAdded } });
  expect(await count("select count(*) as n from transactions where user_id = ?", me.user.id)).toBe(25);

  const removed = await call("DELETE", me.accessToken, "es");
  expect(removed.body).toEqual({ status: "success", data: { changed: true, transactions: 25, message: es.dashboard.sampleData.removed } });
  const none = await call("DELETE", me.accessToken);
  expect(none.body).toEqual({ status: "success", data: { changed: false, transactions: 0, message: en.dashboard.sampleData.nothingToRemove } });
  expect(Object.entries(await dump(me.user.id)).filter(([, rows]) => rows.length > 0)).toEqual([]);
  expect(await dump(other.user.id)).toEqual(otherBefore);
  // Without a token: 401, nothing added.
  expect((await api("/api/sample-data", { method: "POST" })).status).toBe(401);
});
