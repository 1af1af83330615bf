import { env } from "cloudflare:test";
import { afterAll, beforeEach, expect, test } from "vitest";
import { api, registerViaApi, type ApiAccount } from "./api-client";
import { historyRequests, setChannel, WORKER_HISTORY_CHANNEL } from "./rate-provider-client";
import { signedIn, type Browser } from "./helpers";

// Rates for past dates (issue 26, decision 037), through the Worker on D1. The Worker's
// RATES_HISTORY_URL points at the fake provider's "worker-history" channel
// (vitest.workers.config.ts), which only this file loads with days. Its history has EUR and MXN
// for a few days of 2019 (a Friday's rates answer that weekend, as Frankfurter does) and never
// VES or COP; the migrations' snapshot is of 2026-11-01 (VES 231.0475). What the provider lacks is
// remembered per Worker isolate, which the test files share: the (currency, day) pairs whose
// questions are counted here are used by no other file.

const HISTORY = {
  "2019-03-01": { EUR: 0.8791, MXN: 19.302145678912567 },
  "2019-03-04": { EUR: 0.8811, MXN: 19.25 },
  "2018-06-01": { EUR: 0.8562, GBP: 0.7501 },
  "2017-01-02": { CAD: 1.3412 },
  "2016-05-02": { JPY: 106.5 },
};

beforeEach(async () => {
  await setChannel(WORKER_HISTORY_CHANNEL, "good", { history: HISTORY });
});
afterAll(async () => {
  await setChannel(WORKER_HISTORY_CHANNEL, "good");
});

type StoredPayment = { currency_code: string; rate: string; rate_date: string; rate_source: string; usd_cents: number };

async function paymentsOf(transactionId: string) {
  const { results } = await env.DB.prepare("select currency_code, rate, rate_date, rate_source, usd_cents from payments where transaction_id = ? order by position")
    .bind(transactionId)
    .all<StoredPayment>();
  return results;
}

async function ratesFiled(code: string) {
  const { results } = await env.DB.prepare("select date, rate, source from exchange_rates where currency_code = ? and date < '2026-11-01' order by date")
    .bind(code)
    .all<{ date: string; rate: string; source: string }>();
  return results;
}

async function transactionCount(userId: string) {
  return (await env.DB.prepare("select count(*) as n from transactions where user_id = ?").bind(userId).first<{ n: number }>())!.n;
}

const create = (me: ApiAccount, json: Record<string, unknown>) =>
  api("/api/transactions", {
    method: "POST",
    token: me.accessToken,
    json: { description: "Old expense", categoryId: "default-food", type: "EXPENSE", ...json },
  });

test("API: a EUR expense of a past Saturday gets the history provider's rate of that Friday, filed with its day and source; a second one that day asks nothing", async () => {
  const me = await registerViaApi();
  const first = await create(me, { date: "2019-03-02", amount: "87.91", currencyCode: "EUR" });
  expect(first.status, JSON.stringify(first.body)).toBe(201);
  expect(await paymentsOf(first.body.data.transaction.id)).toEqual([
    { currency_code: "EUR", rate: "0.8791", rate_date: "2019-03-01", rate_source: "provider", usd_cents: 10000 },
  ]);
  expect(await ratesFiled("EUR")).toEqual([{ date: "2019-03-01", rate: "0.8791", source: "provider" }]);
  expect(await historyRequests(WORKER_HISTORY_CHANNEL)).toEqual(["/worker-history/v1/2019-03-02?base=USD&symbols=EUR"]);

  const second = await create(me, { date: "2019-03-02", amount: "8.79", currencyCode: "EUR" });
  expect(second.status).toBe(201);
  expect((await paymentsOf(second.body.data.transaction.id))[0]).toMatchObject({ rate: "0.8791", rate_date: "2019-03-01", usd_cents: 1000 });
  // What was filed is the cache: no second question.
  expect(await historyRequests(WORKER_HISTORY_CHANNEL)).toHaveLength(1);
});

test("API: several currencies of one day are one question; an earlier day's still missing rate is its own", async () => {
  const me = await registerViaApi();
  const res = await create(me, {
    date: "2018-06-01",
    payments: [
      { currencyCode: "EUR", amount: "10", paymentMethod: "cash" },
      { currencyCode: "GBP", amount: "10", paymentMethod: "cash" },
    ],
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  expect((await paymentsOf(res.body.data.transaction.id)).map((p) => [p.currency_code, p.rate, p.rate_date])).toEqual([
    ["EUR", "0.8562", "2018-06-01"],
    ["GBP", "0.7501", "2018-06-01"],
  ]);
  expect(await historyRequests(WORKER_HISTORY_CHANNEL)).toEqual(["/worker-history/v1/2018-06-01?base=USD&symbols=EUR,GBP"]);
});

test("API: a VES expense on a day no source has asks for a rate, offers the nearest known one in its details, and saves nothing until a rate is sent", async () => {
  const me = await registerViaApi();
  const refused = await api("/api/transactions", {
    method: "POST",
    token: me.accessToken,
    headers: { "Accept-Language": "es" },
    json: { description: "Arepa", categoryId: "default-food", type: "EXPENSE", date: "2026-10-20", amount: "100", currencyCode: "VES" },
  });
  expect(refused.status).toBe(400);
  expect(refused.body.errors).toEqual({ exchangeRate: ["Aún no se conoce una tasa de cambio para esta moneda; ingresa una"] });
  expect(refused.body.details).toEqual({
    "suggestedRate.VES": "231.0475",
    "suggestedRateDate.VES": "2026-11-01",
    "suggestedRateSource.VES": "snapshot",
    "suggestedRateLabel.VES": "Tasa del 1 nov 2026, 12 días después — edítala si hace falta",
  });
  expect(await transactionCount(me.user.id)).toBe(0);
  // Never invented: nothing was filed for VES.
  expect(await ratesFiled("VES")).toEqual([]);
  expect(await historyRequests(WORKER_HISTORY_CHANNEL)).toEqual(["/worker-history/v1/2026-10-20?base=USD&symbols=VES"]);

  // The provider lacked VES that day: the next attempt does not ask again.
  const again = await create(me, { date: "2026-10-20", amount: "100", currencyCode: "VES" });
  expect(again.status).toBe(400);
  expect(again.body.details?.["suggestedRateLabel.VES"]).toBe("Rate of Nov 1, 2026, 12 days later — edit if needed");
  expect(await historyRequests(WORKER_HISTORY_CHANNEL)).toHaveLength(1);

  // The client sends the suggestion back as the rate: the user's, dated on the transaction's day.
  const accepted = await create(me, { date: "2026-10-20", amount: "100", currencyCode: "VES", exchangeRate: "231.0475" });
  expect(accepted.status, JSON.stringify(accepted.body)).toBe(201);
  expect((await paymentsOf(accepted.body.data.transaction.id))[0]).toMatchObject({ rate: "231.0475", rate_date: "2026-10-20", rate_source: "manual" });
});

test("API: the provider down, failing, slow or talking nonsense: the user is asked for a rate, nothing is invented, nothing else fails", async () => {
  const me = await registerViaApi();
  for (const mode of ["down", "error", "slow", "garbage", "zero", "negative"] as const) {
    await setChannel(WORKER_HISTORY_CHANNEL, mode, { history: HISTORY });
    const res = await create(me, { date: "2017-01-03", amount: "10", currencyCode: "CAD" });
    expect(res.status, mode).toBe(400);
    expect(res.body.errors, mode).toEqual({ exchangeRate: ["No exchange rate is known for this currency yet; enter one"] });
    // A failure is not remembered as a lack: each attempt asks again.
    expect(await historyRequests(WORKER_HISTORY_CHANNEL), mode).toEqual(["/worker-history/v1/2017-01-03?base=USD&symbols=CAD"]);
  }
  expect(await ratesFiled("CAD")).toEqual([]);
  expect(await transactionCount(me.user.id)).toBe(0);

  // Once the provider is back, the same day gets its rate.
  await setChannel(WORKER_HISTORY_CHANNEL, "good", { history: HISTORY });
  const ok = await create(me, { date: "2017-01-03", amount: "13.41", currencyCode: "CAD" });
  expect(ok.status, JSON.stringify(ok.body)).toBe(201);
  expect((await paymentsOf(ok.body.data.transaction.id))[0]).toMatchObject({ rate: "1.3412", rate_date: "2017-01-02", rate_source: "provider", usd_cents: 1000 });
});

// The web form without JavaScript: what a browser posts.
type Entries = [string, string][];
const post = (b: Browser, path: string, entries: Entries) =>
  b.fetch(path, { method: "POST", body: new URLSearchParams(entries), headers: { "Content-Type": "application/x-www-form-urlencoded", "Sec-Fetch-Site": "same-origin" } });

function formFields(date: string, payment: { currencyCode: string; amount: string; rate?: string }, intent = "save"): Entries {
  const entries: Entries = [
    ["type", "EXPENSE"],
    ["description", "Old receipt"],
    ["date", date],
    ["categoryId", "default-food"],
    ["payments[0].currencyCode", payment.currencyCode],
    ["payments[0].amount", payment.amount],
    ["payments[0].method", "cash"],
  ];
  if (payment.rate !== undefined) entries.push(["payments[0].rate", payment.rate], ["payments[0].rateFor", payment.currencyCode]);
  entries.push(["intent", intent]);
  return entries;
}

const inputValue = (html: string, name: string) =>
  new RegExp(`<input[^>]*name="${name.replace(/[[\].]/g, "\\$&")}"[^>]*value="([^"]*)"`).exec(html)?.[1] ?? null;

async function paymentsOfUser(userId: string) {
  const { results } = await env.DB.prepare(
    "select p.currency_code, p.rate, p.rate_date, p.rate_source, p.usd_cents from payments p join transactions t on t.id = p.transaction_id where t.user_id = ?",
  )
    .bind(userId)
    .all<StoredPayment>();
  return results;
}

test("web form: a MXN expense of a past day is saved with the history provider's rate, not asked of the user", async () => {
  const { b, userId } = await signedIn();
  const res = await post(b, "/expenses/new", formFields("2019-03-02", { currencyCode: "MXN", amount: "193.02" }));
  expect(res.status, await res.clone().text()).toBe(302);
  expect(await paymentsOfUser(userId)).toEqual([
    { currency_code: "MXN", rate: "19.302145678913", rate_date: "2019-03-01", rate_source: "provider", usd_cents: 1000 },
  ]);
});

test("web form: a VES expense on a day no source has shows the nearest rate with its day and distance, saves nothing, and takes it only when the user asks", async () => {
  const { b, userId } = await signedIn();
  const refused = await post(b, "/expenses/new", formFields("2026-10-20", { currencyCode: "VES", amount: "100" }));
  expect(refused.status).toBe(400);
  const html = await refused.text();
  expect(html).toContain("No exchange rate is known for this currency yet; enter one");
  expect(html).toContain("Rate of Nov 1, 2026, 12 days later — edit if needed");
  expect(html).toContain('value="use-rate:0"');
  // Offered, never applied: the field stays empty and nothing is saved.
  expect(inputValue(html, "payments[0].rate")).toBe("");
  expect(await transactionCount(userId)).toBe(0);

  // "Use this rate" without JavaScript: the form comes back with the rate typed in, still unsaved.
  const used = await post(b, "/expenses/new", formFields("2026-10-20", { currencyCode: "VES", amount: "100" }, "use-rate:0"));
  expect(used.status).toBe(200);
  const usedHtml = await used.text();
  expect(inputValue(usedHtml, "payments[0].rate")).toBe("231.0475");
  expect(usedHtml).not.toContain('value="use-rate:0"');
  expect(await transactionCount(userId)).toBe(0);

  const saved = await post(b, "/expenses/new", formFields("2026-10-20", { currencyCode: "VES", amount: "100", rate: "231.0475" }));
  expect(saved.status).toBe(302);
  expect(await paymentsOfUser(userId)).toEqual([{ currency_code: "VES", rate: "231.0475", rate_date: "2026-10-20", rate_source: "manual", usd_cents: 43 }]);
});

test("web form in Spanish: the suggestion's label, day and button are in the reader's language, and its rate is written with a decimal comma", async () => {
  const { b } = await signedIn("es");
  const html = await (await post(b, "/expenses/new", formFields("2026-10-20", { currencyCode: "VES", amount: "100" }))).text();
  expect(html).toContain("Tasa del 1 nov 2026, 12 días después — edítala si hace falta");
  expect(html).toContain("Usar esta tasa");
  const used = await (await post(b, "/expenses/new", formFields("2026-10-20", { currencyCode: "VES", amount: "100" }, "use-rate:0"))).text();
  expect(inputValue(used, "payments[0].rate")).toBe("231,0475");
});

test("the form's rate lookup (with JavaScript) asks the history provider first, and offers the nearest rate where no source has one", async () => {
  const { b } = await signedIn();
  const past = await b.fetch("/expenses/rate?currency=JPY&date=2016-05-03");
  expect(await past.json()).toEqual({ rate: { rate: "106.5", date: "2016-05-02", source: "provider" } });
  const none = await b.fetch("/expenses/rate?currency=AUD&date=2016-05-03");
  expect(await none.json()).toEqual({ rate: null, suggestion: { rate: "1.5321", date: "2026-11-01", source: "snapshot" } });
});
