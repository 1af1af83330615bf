import { env } from "cloudflare:test";
import { expect, test } from "vitest";
import { isoDay } from "~/calendar/days";
import { api, registerViaApi, type ApiAccount } from "./api-client";
import { currencies, exchangeRates } from "~/platform/db/schema";
import { testDb } from "./seed-rows";
import { addRows, inactiveFranc } from "../setup/rows";

// Currencies and exchange rates through the Worker (spec section 7, ARCHITECTURE.md 4 and 6).
// The database starts with the migrations' snapshot: 9 currencies, rates dated 2026-11-01.

const today = isoDay(new Date());

async function superadmin(): Promise<ApiAccount> {
  const account = await registerViaApi({ firstName: "Root" });
  await env.DB.prepare("update users set role = 'superadmin' where email = ?").bind(account.email).run();
  return account;
}

async function insertRate(code: string, date: string, rate: string, source: string, fetchedAt = Date.now()) {
  await addRows(testDb(), exchangeRates, [{ currencyCode: code, date, rate, source, fetchedAt: new Date(fetchedAt) }]);
}

function rateRows(code: string) {
  return env.DB.prepare("select date, rate, source from exchange_rates where currency_code = ? order by date, source")
    .bind(code)
    .all<{ date: string; rate: string; source: string }>()
    .then((r) => r.results);
}

test("every currency and rate endpoint needs a bearer token", async () => {
  for (const path of ["/api/currencies", "/api/currencies/EUR", "/api/exchange-rates?to=EUR", "/api/exchange-rates/latest", "/api/exchange-rates/history?currency=EUR"]) {
    const { status, res } = await api(path);
    expect(status, path).toBe(401);
    expect(res.headers.get("WWW-Authenticate"), path).toContain("Bearer");
  }
});

test("GET /api/currencies lists the active built-in currencies by code", async () => {
  const me = await registerViaApi();
  const { status, body } = await api("/api/currencies", { token: me.accessToken });
  expect(status).toBe(200);
  expect(body.status).toBe("success");
  const list = body.data.currencies as { code: string }[];
  expect(list.map((c) => c.code)).toEqual(["AUD", "CAD", "COP", "EUR", "GBP", "JPY", "MXN", "USD", "VES"]);
  expect(list.find((c) => c.code === "USD")).toEqual({ code: "USD", name: "US Dollar", symbol: "$", decimalPlaces: 2, isActive: true });
  expect(list.find((c) => c.code === "JPY")).toMatchObject({ symbol: "¥", decimalPlaces: 0 });
});

test("an inactive currency leaves the list but can still be read by code", async () => {
  const me = await registerViaApi();
  await addRows(testDb(), currencies, [inactiveFranc]);
  const list = await api("/api/currencies", { token: me.accessToken });
  expect((list.body.data.currencies as { code: string }[]).map((c) => c.code)).not.toContain("CHF");
  const one = await api("/api/currencies/chf", { token: me.accessToken });
  expect(one.status).toBe(200);
  expect(one.body.data.currency).toEqual({ code: "CHF", name: "Swiss Franc", symbol: "CHF", decimalPlaces: 2, isActive: false });
});

test("GET /api/currencies/{code} answers the currency, any letter case, and 404 for an unknown code", async () => {
  const me = await registerViaApi();
  const { status, body } = await api("/api/currencies/eur", { token: me.accessToken });
  expect(status).toBe(200);
  expect(body.data.currency).toEqual({ code: "EUR", name: "Euro", symbol: "€", decimalPlaces: 2, isActive: true });
  for (const code of ["XYZ", "NOT-A-CODE-AT-ALL"]) {
    const missing = await api(`/api/currencies/${code}`, { token: me.accessToken });
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({ status: "error", message: "Not found" });
  }
});

test("GET /api/exchange-rates gives the rate per 1 USD as a number and as the exact string", async () => {
  const me = await registerViaApi();
  const { status, body } = await api("/api/exchange-rates?from=USD&to=EUR", { token: me.accessToken });
  expect(status).toBe(200);
  expect(body.data.exchange_rate).toEqual({
    from: "USD",
    to: "EUR",
    rate: 0.8612,
    rateExact: "0.8612",
    date: "2026-11-01",
    requestedDate: today,
    source: "snapshot",
    legs: {
      from: { currencyCode: "USD", rate: "1", date: today, source: "fixed" },
      to: { currencyCode: "EUR", rate: "0.8612", date: "2026-11-01", source: "snapshot" },
    },
  });
  // from defaults to USD; codes in any case.
  const short = await api("/api/exchange-rates?to=cop", { token: me.accessToken });
  expect(short.body.data.exchange_rate).toMatchObject({ from: "USD", to: "COP", rate: 3871.25, rateExact: "3871.25" });
  const same = await api("/api/exchange-rates?from=JPY&to=JPY", { token: me.accessToken });
  expect(same.body.data.exchange_rate).toMatchObject({ rate: 1, rateExact: "1", source: "snapshot" });
});

test("a pair without USD is a cross rate through USD, rounded once to 12 places half away from zero", async () => {
  const me = await registerViaApi();
  const eurJpy = await api("/api/exchange-rates?from=EUR&to=JPY", { token: me.accessToken });
  // 152.84 ÷ 0.8612 = 177.4732930794240594…
  expect(eurJpy.body.data.exchange_rate).toMatchObject({ from: "EUR", to: "JPY", rateExact: "177.473293079424", rate: 177.473293079424 });
  const copVes = await api("/api/exchange-rates?from=COP&to=VES", { token: me.accessToken });
  // 231.0475 ÷ 3871.25 = 0.0596829189538263…
  expect(copVes.body.data.exchange_rate).toMatchObject({ rateExact: "0.059682918954" });
  const eurUsd = await api("/api/exchange-rates?from=EUR&to=USD", { token: me.accessToken });
  // 1 ÷ 0.8612 = 1.16117045982350…
  expect(eurUsd.body.data.exchange_rate).toMatchObject({ rateExact: "1.161170459824", date: "2026-11-01", source: "snapshot" });
});

test("the rate is the latest on or before the day; a manual rate beats the provider's on its day", async () => {
  const me = await registerViaApi();
  await insertRate("GBP", "2026-11-10", "0.77", "provider");
  await insertRate("GBP", "2026-11-10", "0.765", "manual");
  await insertRate("MXN", "2026-11-12", "18.5", "provider");
  const before = await api("/api/exchange-rates?to=GBP&date=2026-11-09", { token: me.accessToken });
  expect(before.body.data.exchange_rate).toMatchObject({ rateExact: "0.7598", date: "2026-11-01", source: "snapshot", requestedDate: "2026-11-09" });
  const on = await api("/api/exchange-rates?to=GBP&date=2026-11-10", { token: me.accessToken });
  expect(on.body.data.exchange_rate).toMatchObject({ rateExact: "0.765", date: "2026-11-10", source: "manual" });
  // Legs of different days and sources: the older day, and "mixed".
  const cross = await api("/api/exchange-rates?from=GBP&to=MXN&date=2026-11-12", { token: me.accessToken });
  expect(cross.body.data.exchange_rate).toMatchObject({ date: "2026-11-10", source: "mixed" });
  expect(cross.body.data.exchange_rate.rateExact).toBe("24.183006535948"); // 18.5 ÷ 0.765
});

test("an unknown currency is a 400 on its field; a day before any rate is a 404, never a silent 1", async () => {
  const me = await registerViaApi();
  const unknown = await api("/api/exchange-rates?from=EUR&to=XYZ", { token: me.accessToken });
  expect(unknown.status).toBe(400);
  expect(unknown.body).toEqual({ status: "error", message: "Unknown currency code", errors: { to: ["Unknown currency code"] } });
  const missingTo = await api("/api/exchange-rates?from=EUR", { token: me.accessToken });
  expect(missingTo.status).toBe(400);
  expect(missingTo.body.errors).toEqual({ to: ["Currency is required"] });
  const badDate = await api("/api/exchange-rates?to=EUR&date=2026-02-30", { token: me.accessToken });
  expect(badDate.status).toBe(400);
  expect(badDate.body.errors).toEqual({ date: ["Enter a real date as yyyy-MM-dd"] });

  const early = await api("/api/exchange-rates?from=USD&to=EUR&date=2026-10-31", { token: me.accessToken });
  expect(early.status).toBe(404);
  expect(early.body).toEqual({ status: "error", message: "No exchange rate is known for EUR on or before 2026-10-31" });
  const es = await api("/api/exchange-rates?to=EUR&date=2026-10-31", { token: me.accessToken, headers: { "Accept-Language": "es" } });
  expect(es.body.message).toBe("No se conoce ninguna tasa de cambio para EUR en o antes del 2026-10-31");
});

test("GET /api/exchange-rates/latest maps every active currency to its latest rate, USD 1", async () => {
  const me = await registerViaApi();
  await insertRate("JPY", "2026-11-15", "155.25", "provider");
  const { status, body } = await api("/api/exchange-rates/latest", { token: me.accessToken });
  expect(status).toBe(200);
  expect(body.data).toMatchObject({ base: "USD", date: today, missing: [] });
  expect(Object.keys(body.data.rates).sort()).toEqual(["AUD", "CAD", "COP", "EUR", "GBP", "JPY", "MXN", "USD", "VES"]);
  // Currencies no other test in this file gives a rate of its own.
  expect(body.data.rates).toMatchObject({ COP: 3871.25, EUR: 0.8612, JPY: 155.25, USD: 1, VES: 231.0475 });
  expect(body.data.exactRates).toMatchObject({ JPY: "155.25", USD: "1", COP: "3871.25" });
  expect(body.data.asOf.JPY).toEqual({ date: "2026-11-15", source: "provider" });
  expect(body.data.asOf.EUR).toEqual({ date: "2026-11-01", source: "snapshot" });
  expect(body.data.asOf.USD).toEqual({ date: today, source: "fixed" });
});

test("a currency with no rate at all is listed as missing in latest, not given 1", async () => {
  const me = await registerViaApi();
  await addRows(testDb(), currencies, [{ code: "BRL", name: "Brazilian Real", symbol: "R$", decimalPlaces: 2, isActive: true }]);
  const { body } = await api("/api/exchange-rates/latest", { token: me.accessToken });
  expect(body.data.missing).toEqual(["BRL"]);
  expect(body.data.rates).not.toHaveProperty("BRL");
  const lookup = await api("/api/exchange-rates?to=BRL", { token: me.accessToken });
  expect(lookup.status).toBe(404);
  await env.DB.prepare("update currencies set is_active = 0 where code = 'BRL'").run();
});

test("GET /api/exchange-rates/history pages a currency's stored rates, newest first, within the dates", async () => {
  const me = await registerViaApi();
  for (let day = 1; day <= 7; day += 1) await insertRate("AUD", `2026-10-0${day}`, `1.5${day}`, "provider", Date.UTC(2026, 9, day));
  await insertRate("AUD", "2026-10-05", "1.6", "manual", Date.UTC(2026, 9, 5, 12));

  const all = await api("/api/exchange-rates/history?currency=aud", { token: me.accessToken });
  expect(all.status).toBe(200);
  expect(all.body.data.pagination).toEqual({ page: 1, limit: 50, total: 9, totalPages: 1 });
  expect(all.body.data.rates[0]).toEqual({
    currencyCode: "AUD",
    date: "2026-11-01",
    rate: 1.5321,
    rateExact: "1.5321",
    source: "snapshot",
    fetchedAt: "2026-11-01T00:00:00.000Z",
  });

  const page = await api("/api/exchange-rates/history?currency=AUD&startDate=2026-10-02&endDate=2026-10-06&page=2&limit=2", {
    token: me.accessToken,
  });
  expect(page.body.data.pagination).toEqual({ page: 2, limit: 2, total: 6, totalPages: 3 });
  // The day's manual rate comes before the provider's: the one lookups use first.
  expect(page.body.data.rates.map((r: { date: string; source: string }) => `${r.date} ${r.source}`)).toEqual([
    "2026-10-05 provider",
    "2026-10-04 provider",
  ]);
  const first = await api("/api/exchange-rates/history?currency=AUD&startDate=2026-10-02&endDate=2026-10-06&limit=2", {
    token: me.accessToken,
  });
  expect(first.body.data.rates.map((r: { date: string; source: string }) => `${r.date} ${r.source}`)).toEqual([
    "2026-10-06 provider",
    "2026-10-05 manual",
  ]);
});

test("history refuses an unknown currency, bad dates, a reversed range and bad paging", async () => {
  const me = await registerViaApi();
  const cases: [string, Record<string, string[]>][] = [
    ["currency=XYZ", { currency: ["Unknown currency code"] }],
    ["", { currency: ["Currency is required"] }],
    ["currency=EUR&startDate=yesterday", { startDate: ["Enter a real date as yyyy-MM-dd"] }],
    ["currency=EUR&startDate=2026-11-05&endDate=2026-11-01", { endDate: ["startDate must not be after endDate"] }],
    ["currency=EUR&page=0", { page: ["page must be a whole number from 1"] }],
    ["currency=EUR&limit=101", { limit: ["limit must be a whole number from 1 to 100"] }],
    ["currency=EUR&limit=abc", { limit: ["limit must be a whole number from 1 to 100"] }],
  ];
  for (const [query, errors] of cases) {
    const { status, body } = await api(`/api/exchange-rates/history?${query}`, { token: me.accessToken });
    expect(status, query).toBe(400);
    expect(body.errors, query).toEqual(errors);
  }
});

test("POST /api/exchange-rates stores a superadmin's rate as manual, and lookups use it", async () => {
  const admin = await superadmin();
  const { status, body } = await api("/api/exchange-rates", {
    token: admin.accessToken,
    json: { currencyCode: "cad", date: "2026-11-20", rate: "1.3875" },
  });
  expect(status).toBe(201);
  expect(body.data.exchange_rate).toEqual({
    currencyCode: "CAD",
    date: "2026-11-20",
    rate: 1.3875,
    rateExact: "1.3875",
    source: "manual",
    fetchedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
  });
  expect(await rateRows("CAD")).toContainEqual({ date: "2026-11-20", rate: "1.3875", source: "manual" });
  const lookup = await api("/api/exchange-rates?to=CAD&date=2026-11-21", { token: admin.accessToken });
  expect(lookup.body.data.exchange_rate).toMatchObject({ rateExact: "1.3875", source: "manual", date: "2026-11-20" });

  // A JSON number works too, and a second rate for the same day replaces the first.
  const again = await api("/api/exchange-rates", { token: admin.accessToken, json: { currencyCode: "CAD", date: "2026-11-20", rate: 1.39 } });
  expect(again.status).toBe(201);
  expect(again.body.data.exchange_rate.rateExact).toBe("1.39");
  expect((await rateRows("CAD")).filter((r) => r.source === "manual")).toEqual([{ date: "2026-11-20", rate: "1.39", source: "manual" }]);
});

test("POST /api/exchange-rates is refused to a non-superadmin with 403 and stores nothing", async () => {
  const user = await registerViaApi();
  const { status, body } = await api("/api/exchange-rates", {
    token: user.accessToken,
    json: { currencyCode: "GBP", date: "2026-11-20", rate: "0.5" },
  });
  expect(status).toBe(403);
  expect(body).toEqual({ status: "error", message: "You do not have permission to do that" });
  expect((await rateRows("GBP")).filter((r) => r.rate === "0.5")).toEqual([]);
  expect((await api("/api/exchange-rates", { json: { currencyCode: "GBP", date: "2026-11-20", rate: "0.5" } })).status).toBe(401);
});

test("POST /api/exchange-rates refuses every bad rate, date and currency with its message, storing nothing", async () => {
  const admin = await superadmin();
  const valid = { currencyCode: "COP", date: "2026-11-19", rate: "3900" };
  const cases: [Record<string, unknown>, string, Record<string, string[]>][] = [
    [{ rate: "0" }, "Conversion rate must be a positive number", { rate: ["Conversion rate must be a positive number"] }],
    [{ rate: "-1" }, "Conversion rate must be a positive number", { rate: ["Conversion rate must be a positive number"] }],
    [{ rate: -1 }, "Conversion rate must be a positive number", { rate: ["Conversion rate must be a positive number"] }],
    [{ rate: 0 }, "Conversion rate must be a positive number", { rate: ["Conversion rate must be a positive number"] }],
    [{ rate: "1e3" }, "Conversion rate must be a positive number", { rate: ["Conversion rate must be a positive number"] }],
    [{ rate: "abc" }, "Conversion rate must be a positive number", { rate: ["Conversion rate must be a positive number"] }],
    [{ rate: "3900.1234567890123" }, "A rate has at most 12 decimal places", { rate: ["A rate has at most 12 decimal places"] }],
    [{ rate: undefined }, "Rate is required", { rate: ["Rate is required"] }],
    [{ date: "2026-13-01" }, "Enter a real date as yyyy-MM-dd", { date: ["Enter a real date as yyyy-MM-dd"] }],
    [{ date: "20/11/2026" }, "Enter a real date as yyyy-MM-dd", { date: ["Enter a real date as yyyy-MM-dd"] }],
    [{ date: "2999-01-01" }, "The date cannot be after today", { date: ["The date cannot be after today"] }],
    [{ currencyCode: "XYZ" }, "Choose one of the active currencies", { currencyCode: ["Choose one of the active currencies"] }],
    [{ currencyCode: "USD" }, "USD is always 1; choose another currency", { currencyCode: ["USD is always 1; choose another currency"] }],
    [{ currencyCode: "" }, "Currency is required", { currencyCode: ["Currency is required"] }],
  ];
  for (const [change, message, errors] of cases) {
    const { status, body } = await api("/api/exchange-rates", { token: admin.accessToken, json: { ...valid, ...change } });
    expect(status, JSON.stringify(change)).toBe(400);
    expect(body, JSON.stringify(change)).toEqual({ status: "error", message, errors });
  }
  expect((await rateRows("COP")).filter((r) => r.source === "manual")).toEqual([]);

  const es = await api("/api/exchange-rates", { token: admin.accessToken, json: { ...valid, rate: "0" }, headers: { "Accept-Language": "es" } });
  expect(es.body.message).toBe("La tasa de conversión debe ser un número positivo");
  const form = await api("/api/exchange-rates", { token: admin.accessToken, body: "currencyCode=COP", headers: { "Content-Type": "application/x-www-form-urlencoded" } });
  expect(form.status).toBe(415);
});

test("the OpenAPI document describes the currency and exchange-rate operations", async () => {
  const { body } = await api("/api/openapi.json");
  const doc = body as unknown as { paths: Record<string, Record<string, { description?: string; parameters?: { name: string }[] }>> };
  expect(Object.keys(doc.paths)).toEqual(
    expect.arrayContaining(["/api/currencies", "/api/currencies/{code}", "/api/exchange-rates", "/api/exchange-rates/latest", "/api/exchange-rates/history"]),
  );
  expect(doc.paths["/api/exchange-rates"]!.get!.description).toContain("half away from zero");
  expect(doc.paths["/api/exchange-rates"]!.post).toBeDefined();
  expect(doc.paths["/api/exchange-rates/history"]!.get!.parameters!.map((p) => p.name)).toEqual([
    "currency",
    "startDate",
    "endDate",
    "page",
    "limit",
  ]);
});
