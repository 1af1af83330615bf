import { expect, test } from "vitest";
import { resources } from "~/locales";
import { createTranslator } from "~/locales/translator";
import { formatDate } from "~/calendar/format";
import { dayToDate } from "~/calendar/days";
import { historyUrl, nearestRate, planHistoryRequests, readHistoryAnswer, suggestionDistance, suggestionLabel, type KnownRate } from "./model";

// Rates for past dates (decision 037): which questions the history provider is asked, and how a
// suggested rate is labelled where no source has the day's own.

const earliest = new Map([
  ["EUR", "2026-11-01"],
  ["VES", "2026-11-01"],
]);
const today = "2026-11-27";

test("one question per day, for the currencies of that day with no rate on or before it; never USD, never a day after today", () => {
  const needs = [
    { currencyCode: "EUR", date: "2019-03-02" },
    { currencyCode: "mxn", date: "2019-03-02" },
    { currencyCode: "EUR", date: "2019-03-02" },
    { currencyCode: "USD", date: "2019-03-02" },
    { currencyCode: "EUR", date: "2026-11-05" }, // the snapshot of 2026-11-01 is on or before it
    { currencyCode: "GBP", date: "2027-01-01" }, // after today: no provider knows it
    { currencyCode: "VES", date: "2018-01-01" },
    { currencyCode: "EUR", date: "not a day" },
  ];
  expect(planHistoryRequests(needs, { earliest, today })).toEqual([
    { date: "2018-01-01", codes: ["VES"] },
    { date: "2019-03-02", codes: ["EUR", "MXN"] },
  ]);
});

test("a (currency, day) the provider was found to lack is not asked again, and the questions stop at the budget", () => {
  const needs = ["2019-01-01", "2019-01-02", "2019-01-03"].flatMap((date) => [
    { currencyCode: "VES", date },
    { currencyCode: "EUR", date },
  ]);
  const lacks = (code: string, date: string) => code === "VES" && date === "2019-01-02";
  expect(planHistoryRequests(needs, { earliest, today, lacks, max: 2 })).toEqual([
    { date: "2019-01-01", codes: ["EUR", "VES"] },
    { date: "2019-01-02", codes: ["EUR"] },
  ]);
});

const rate = (date: string, value = "1.5"): KnownRate => ({ currencyCode: "VES", rate: value, date, source: "provider" });

test("the nearest known rate is the closer of the latest before and the earliest after; the earlier one on a tie", () => {
  const sorted = [rate("2026-10-01", "a"), rate("2026-11-01", "b"), rate("2026-11-21", "c")];
  expect(nearestRate(sorted, "2019-01-01")?.rate).toBe("a");
  expect(nearestRate(sorted, "2026-10-20")?.rate).toBe("b");
  expect(nearestRate(sorted, "2026-11-11")?.rate).toBe("b");
  expect(nearestRate(sorted, "2026-11-12")?.rate).toBe("c");
  expect(nearestRate(sorted, "2026-11-01")?.rate).toBe("b");
  expect(nearestRate(sorted, "2030-01-01")?.rate).toBe("c");
  expect(nearestRate([], "2026-11-01")).toBeUndefined();
});

test("a suggestion's distance counts whole days from the day it would be used on", () => {
  expect(suggestionDistance("2026-11-01", "2026-10-20")).toEqual({ days: 12, when: "later" });
  expect(suggestionDistance("2026-10-20", "2026-11-01")).toEqual({ days: 12, when: "earlier" });
  expect(suggestionDistance("2026-11-01", "2026-11-01")).toEqual({ days: 0, when: "sameDay" });
});

test("a suggestion is labelled with its day and distance in the reader's language", () => {
  const label = (language: "en" | "es", date: string, usedOn: string) => {
    const { t } = createTranslator(language, resources[language].translation);
    return suggestionLabel(t, (day) => formatDate(dayToDate(day), language), { date }, usedOn);
  };
  expect(label("en", "2026-11-01", "2026-10-20")).toBe("Rate of Nov 1, 2026, 12 days later — edit if needed");
  expect(label("en", "2026-11-01", "2026-10-31")).toBe("Rate of Nov 1, 2026, 1 day later — edit if needed");
  expect(label("en", "2026-10-01", "2026-10-04")).toBe("Rate of Oct 1, 2026, 3 days earlier — edit if needed");
  expect(label("es", "2026-11-01", "2026-10-20")).toBe("Tasa del 1 nov 2026, 12 días después — edítala si hace falta");
  expect(label("es", "2026-11-01", "2026-10-31")).toBe("Tasa del 1 nov 2026, 1 día después — edítala si hace falta");
  expect(label("es", "2026-10-01", "2026-10-04")).toBe("Tasa del 1 oct 2026, 3 días antes — edítala si hace falta");
});

test("a question is one address: the day as a path segment, USD as the base, the currencies as symbols", () => {
  expect(historyUrl("https://api.frankfurter.dev/v1/", "2019-03-01", ["EUR", "MXN"])).toBe("https://api.frankfurter.dev/v1/2019-03-01?base=USD&symbols=EUR,MXN");
});

test("the provider's answer gives exact rates under its own day, and names the currencies it lacks", () => {
  const body = JSON.stringify({ amount: 1, base: "USD", date: "2019-03-01", rates: { EUR: 0.8791, MXN: 19.302145678912567 } });
  expect(readHistoryAnswer(200, body, "2019-03-03", ["EUR", "MXN", "VES"])).toEqual({
    ok: true,
    date: "2019-03-01",
    rates: { EUR: "0.8791", MXN: "19.302145678913" },
    lacking: ["VES"],
  });
  // Frankfurter's 404 when it has none of them.
  expect(readHistoryAnswer(404, "", "2019-03-03", ["VES"])).toEqual({ ok: true, date: null, rates: {}, lacking: ["VES"] });
});

test("a failing or absurd answer is a failure, never a rate", () => {
  const ok = { amount: 1, base: "USD", date: "2019-03-01", rates: { EUR: 0.88 } };
  const read = (body: unknown, status = 200) => readHistoryAnswer(status, typeof body === "string" ? body : JSON.stringify(body), "2019-03-01", ["EUR"]);
  expect(read("Service Unavailable", 503)).toEqual({ ok: false, reason: "down", detail: "HTTP 503" });
  expect(read("<html>rate limited</html>")).toEqual({ ok: false, reason: "invalidJson" });
  expect(read({ ...ok, base: "EUR" })).toMatchObject({ ok: false, reason: "invalidPayload" });
  expect(read({ ...ok, date: "2019-03-02" })).toMatchObject({ ok: false, reason: "invalidPayload", detail: "date" });
  expect(read({ ...ok, date: "1899-12-31" })).toMatchObject({ ok: false, reason: "invalidPayload", detail: "date" });
  expect(read({ ...ok, amount: 100 })).toMatchObject({ ok: false, reason: "invalidPayload" });
  expect(read({ ...ok, rates: { EUR: 0 } })).toEqual({ ok: false, reason: "invalidRate", detail: "EUR" });
  expect(read({ ...ok, rates: { EUR: -1 } })).toEqual({ ok: false, reason: "invalidRate", detail: "EUR" });
  expect(read({ ...ok, rates: { EUR: "0.88" } })).toEqual({ ok: false, reason: "invalidRate", detail: "EUR" });
  expect(read({ ...ok, rates: { EUR: 1e-20 } })).toEqual({ ok: false, reason: "invalidRate", detail: "EUR" });
  expect(read([ok])).toMatchObject({ ok: false, reason: "invalidPayload" });
});
