import { env } from "cloudflare:test";
import { expect, test } from "vitest";
import { api, registerViaApi, type ApiAccount } from "./api-client";
import { browser, registerViaForm } from "./helpers";
import { exchangeRates } from "~/platform/db/schema";
import { testDb } from "./seed-rows";
import { addRows } from "../setup/rows";

// Issue 9's "stored conversions that drift", through the Worker on D1, on both faces: a date
// change looks a provider's rate up again, an edit that changes nothing keeps every stored
// conversion field, and rates are read by one rule (twelve decimals after trailing zeros,
// USD is 1, two names for one rate must agree). The EUR snapshot is 0.8612 of 2026-11-01;
// rates filed here are for GBP in 2024, which no other test of this file looks at.

type StoredPayment = { currency_code: string; amount_minor: number; rate: string; rate_date: string; rate_source: string; usd_cents: number };

async function paymentsOf(transactionId: string) {
  const { results } = await env.DB.prepare(
    "select currency_code, amount_minor, method, rate, rate_date, rate_source, usd_cents from payments where transaction_id = ? order by position",
  )
    .bind(transactionId)
    .all<StoredPayment>();
  return results;
}

async function fileRate(code: string, date: string, rate: string, source = "provider") {
  await addRows(testDb(), exchangeRates, [{ currencyCode: code, date, rate, source, fetchedAt: new Date() }]);
}

/** The transaction form as a browser without JavaScript posts it: one EUR payment with the prefilled snapshot rate. */
function eurForm(fields: { description: string; date: string; amount: string }) {
  return {
    type: "EXPENSE",
    description: fields.description,
    date: fields.date,
    categoryId: "default-food",
    "payments[0].currencyCode": "EUR",
    "payments[0].amount": fields.amount,
    "payments[0].method": "cash",
    "payments[0].rate": "0.8612",
    "payments[0].rateFor": "EUR",
    intent: "save",
  };
}

async function createViaApi(me: ApiAccount, json: Record<string, unknown>) {
  const res = await api("/api/transactions", {
    method: "POST",
    token: me.accessToken,
    json: { description: "Dinner", date: "2026-11-20", categoryId: "default-food", type: "EXPENSE", ...json },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data.transaction.id as string;
}

const put = (me: ApiAccount, id: string, json: Record<string, unknown>) =>
  api(`/api/transactions/${id}`, { method: "PUT", token: me.accessToken, json });

test("API: moving a EUR expense to 2023 asks for a rate instead of keeping the 2026 one, and changes nothing", async () => {
  const me = await registerViaApi();
  const id = await createViaApi(me, { currencyCode: "EUR", amount: "50" });
  const before = await paymentsOf(id);
  expect(before[0]).toMatchObject({ rate: "0.8612", rate_date: "2026-11-01", rate_source: "snapshot" });

  const moved = await put(me, id, { date: "2023-05-05" });
  expect(moved.status).toBe(400);
  expect(moved.body.errors).toEqual({ exchangeRate: ["No exchange rate is known for this currency yet; enter one"] });
  expect(await paymentsOf(id)).toEqual(before);

  const created = await api("/api/transactions", {
    method: "POST",
    token: me.accessToken,
    json: { description: "Dinner", date: "2023-05-05", categoryId: "default-food", currencyCode: "EUR", amount: "50" },
  });
  expect(created.body.errors).toEqual(moved.body.errors);
});

test("API: a date change takes the provider's rate for the new date; a typed rate moves with the date", async () => {
  const me = await registerViaApi();
  await fileRate("GBP", "2024-03-01", "0.8");
  const provider = await createViaApi(me, { currencyCode: "GBP", amount: "100" });
  const typed = await createViaApi(me, { currencyCode: "GBP", amount: "100", exchangeRate: "0.5" });

  expect((await put(me, provider, { date: "2024-03-15" })).status).toBe(200);
  expect((await paymentsOf(provider))[0]).toMatchObject({ rate: "0.8", rate_date: "2024-03-01", rate_source: "provider", usd_cents: 12500 });
  expect((await put(me, typed, { date: "2024-03-15" })).status).toBe(200);
  expect((await paymentsOf(typed))[0]).toMatchObject({ rate: "0.5", rate_date: "2024-03-15", rate_source: "manual", usd_cents: 20000 });
});

test("API: editing only the description leaves every conversion field byte-identical though a rate was filed since", async () => {
  const me = await registerViaApi();
  const typed = await createViaApi(me, { currencyCode: "EUR", amount: "90", exchangeRate: "0.9", description: "Typed" });
  const multi = await createViaApi(me, {
    description: "Split",
    payments: [
      { currencyCode: "EUR", amount: "50" },
      { currencyCode: "USD", amount: "5" },
    ],
  });
  const before = { typed: await paymentsOf(typed), multi: await paymentsOf(multi) };
  // Filed later, dated before the transactions: exactly the typed rate, from the provider.
  await addRows(testDb(), exchangeRates, [{ currencyCode: "EUR", date: "2026-11-19", rate: "0.9", source: "manual", fetchedAt: new Date() }]);

  expect((await put(me, typed, { description: "Typed, renamed" })).status).toBe(200);
  expect((await put(me, multi, { description: "Split, renamed" })).status).toBe(200);
  expect(await paymentsOf(typed)).toEqual(before.typed);
  expect(await paymentsOf(multi)).toEqual(before.multi);
  await env.DB.prepare("delete from exchange_rates where currency_code = 'EUR' and date = '2026-11-19'").run();
});

test("API: a USD payment's bad exchangeRate and two disagreeing rates are refused with their messages", async () => {
  const me = await registerViaApi();
  const send = (json: Record<string, unknown>) =>
    api("/api/transactions", {
      method: "POST",
      token: me.accessToken,
      json: { description: "Refused", date: "2026-11-20", categoryId: "default-food", amount: "10", ...json },
    });
  expect((await send({ currencyCode: "USD", exchangeRate: "abc" })).body.errors).toEqual({ exchangeRate: ["Conversion rate must be a positive number"] });
  expect((await send({ currencyCode: "USD", exchangeRate: 2 })).body.errors).toEqual({ exchangeRate: ["The rate of USD is always 1"] });
  const conflict = await send({ currencyCode: "EUR", exchangeRate: "0.9", conversionRate: "0.95" });
  expect(conflict.status).toBe(400);
  expect(conflict.body.errors).toEqual({ exchangeRate: ["exchangeRate and conversionRate disagree; send one of them"] });
  const tooPrecise = await send({ currencyCode: "EUR", exchangeRate: "0.8612000000001" });
  expect(tooPrecise.body.errors).toEqual({ exchangeRate: ["A rate has at most 12 decimal places"] });
  const count = await env.DB.prepare("select count(*) as n from transactions where description = 'Refused'").first<{ n: number }>();
  expect(count!.n).toBe(0);

  // The same rate under both names, and trailing zeros past twelve decimals, are fine.
  expect((await send({ currencyCode: "EUR", exchangeRate: "0.9", conversionRate: 0.9, description: "Fine" })).status).toBe(201);
  expect((await send({ currencyCode: "EUR", exchangeRate: "0.861200000000000000", description: "Fine" })).status).toBe(201);
});

test("API: a superadmin's manual rate may carry trailing zeros; thirteen real decimals say so", async () => {
  const admin = await registerViaApi({ firstName: "Root" });
  await env.DB.prepare("update users set role = 'superadmin' where email = ?").bind(admin.email).run();
  const send = (rate: string) =>
    api("/api/exchange-rates", { method: "POST", token: admin.accessToken, json: { currencyCode: "GBP", date: "2024-01-02", rate } });
  const refused = await send("0.7900000000001");
  expect(refused.status).toBe(400);
  expect(refused.body.errors).toEqual({ rate: ["A rate has at most 12 decimal places"] });
  expect((await send("0.790000000000000000")).status).toBe(201);
  const row = await env.DB.prepare("select rate from exchange_rates where currency_code = 'GBP' and date = '2024-01-02'").first<{ rate: string }>();
  expect(row!.rate).toBe("0.79");
});

test("web form without JavaScript: moving the date resends the prefilled rate, which is looked up again", async () => {
  const b = browser();
  const { email } = await registerViaForm(b);
  const user = await env.DB.prepare("select id from users where email = ?").bind(email).first<{ id: string }>();
  const form = (date: string) => b.fetch("/expenses/new", { form: eurForm({ description: "Books", date, amount: "86.12" }) });
  expect((await form("2026-11-20")).status).toBe(302);
  const { id } = (await env.DB.prepare("select id from transactions where user_id = ?").bind(user!.id).first<{ id: string }>())!;
  const before = await paymentsOf(id);

  // The edit page prefills the recorded 0.8612; the user changes only the date and saves.
  const edit = (date: string) => b.fetch(`/expenses/edit/${id}`, { form: eurForm({ description: "Books", date, amount: "86.12" }) });
  const refused = await edit("2023-05-05");
  expect(refused.status).toBe(400);
  expect(await refused.text()).toContain("No exchange rate is known for this currency yet; enter one");
  expect(await paymentsOf(id)).toEqual(before);

  await fileRate("EUR", "2024-06-01", "0.92");
  expect((await edit("2024-06-10")).status).toBe(302);
  expect((await paymentsOf(id))[0]).toMatchObject({ rate: "0.92", rate_date: "2024-06-01", rate_source: "provider", usd_cents: 9361 });
  await env.DB.prepare("delete from exchange_rates where currency_code = 'EUR' and date = '2024-06-01'").run();
});

// --- Old rates are called out before the user saves with them (RATE_STALE_AFTER_DAYS, 7 by default) ---

test("API: a payment whose provider or snapshot rate is over 7 days old on its date says so, in the request's language", async () => {
  const me = await registerViaApi();
  // The EUR snapshot is dated 2026-11-01: 22 days before 2026-11-23, 7 days before 2026-11-08.
  const old = await createViaApi(me, { date: "2026-11-23", currencyCode: "EUR", amount: "10" });
  const fresh = await createViaApi(me, { date: "2026-11-08", currencyCode: "EUR", amount: "10" });
  const typed = await createViaApi(me, { date: "2026-11-23", currencyCode: "EUR", amount: "10", exchangeRate: "0.9" });

  const read = (id: string, language = "en") =>
    api(`/api/transactions/${id}`, { token: me.accessToken, headers: { "Accept-Language": language } }).then((r) => r.body.data.transaction);
  const stale = await read(old);
  expect(stale.payments[0]).toMatchObject({ rateDate: "2026-11-01", rateAgeDays: 22, rateWarning: "Rate from Nov 1, 2026, 22 days old" });
  expect(stale.warnings).toEqual(["EUR: Rate from Nov 1, 2026, 22 days old"]);
  expect((await read(old, "es")).payments[0].rateWarning).toBe("Tasa del 1 nov 2026, de hace 22 días");
  expect((await read(fresh)).payments[0]).toMatchObject({ rateAgeDays: 7, rateWarning: null });
  expect((await read(fresh)).warnings).toEqual([]);
  expect((await read(typed)).payments[0]).toMatchObject({ rateSource: "manual", rateAgeDays: 0, rateWarning: null });
});

test("web form: the edit page warns about a rate over 7 days old next to the rate, and not about a fresh one", async () => {
  const b = browser();
  await registerViaForm(b);
  const save = (date: string) => b.fetch("/expenses/new", { form: eurForm({ description: `Rate age ${date}`, date, amount: "10" }) });
  expect((await save("2026-11-23")).status).toBe(302);
  expect((await save("2026-11-05")).status).toBe(302);
  const idOf = async (date: string) =>
    (await env.DB.prepare("select id from transactions where description = ?").bind(`Rate age ${date}`).first<{ id: string }>())!.id;

  const oldPage = await (await b.fetch(`/expenses/edit/${await idOf("2026-11-23")}`)).text();
  expect(oldPage).toContain("Rate from Nov 1, 2026, 22 days old");
  expect(oldPage).toMatch(/aria-describedby="[^"]*payments-0-rate-age/);
  const freshPage = await (await b.fetch(`/expenses/edit/${await idOf("2026-11-05")}`)).text();
  expect(freshPage).not.toContain("days old");
});

test("/admin/settings shows how old each currency's latest rate is today", async () => {
  const b = browser();
  const { email } = await registerViaForm(b, { firstName: "Root" });
  await env.DB.prepare("update users set role = 'superadmin' where email = ?").bind(email).run();
  const today = new Date().toISOString().slice(0, 10);
  const latest = await env.DB.prepare("select max(date) as date from exchange_rates where currency_code = 'MXN' and date <= ?")
    .bind(today)
    .first<{ date: string }>();
  const age = Math.round((Date.parse(`${today}T00:00:00Z`) - Date.parse(`${latest!.date}T00:00:00Z`)) / 86_400_000);
  const html = await (await b.fetch("/admin/settings")).text();
  const cell = html.slice(html.indexOf('data-testid="rate-age-MXN"'));
  const expected = age === 0 ? "today" : age === 1 ? "1 day old" : `${age} days old`;
  expect(cell.slice(0, cell.indexOf("</span></td>"))).toContain(expected);
  // Past the limit the age carries a warning mark, not only a colour.
  expect(cell.slice(0, cell.indexOf("</span></td>")).includes("⚠")).toBe(age > 7);
});
