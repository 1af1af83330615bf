import { afterAll, beforeAll, expect, test } from "vitest";
import { startFakeRateProvider, type FakeRateProvider } from "../../../tests/fakes/rate-provider";
import { createLibsqlTestDb } from "../../../tests/setup/libsql-db";
import type { Db } from "~/platform/db/client.server";
import { fillRatesFromHistory, historyMisses } from "./commands.server";
import { findNearestRates, findRatesOn } from "./queries.server";
import { addDays } from "~/calendar/days";

// Rates for past dates (decision 037) for many days at once, as the import asks, on real libSQL
// in Node against the fake history provider on loopback.

let db: Db;
let provider: FakeRateProvider;

beforeAll(async () => {
  db = await createLibsqlTestDb();
  provider = await startFakeRateProvider();
});
afterAll(() => provider.close());

async function channel(name: string, history: Record<string, Record<string, number>>) {
  await fetch(`${provider.url}/__control/${name}`, { method: "POST", body: JSON.stringify({ mode: "good", history }) });
  return `${provider.url}/${name}/v1`;
}
const requestsOf = async (name: string) => ((await (await fetch(`${provider.url}/__control/${name}`)).json()) as { historyRequests: string[] }).historyRequests;

const now = new Date("2026-11-27T12:00:00Z");

test("many rows over many days: one question per day (within the budget), every answer filed under its day, the lacking currency remembered", async () => {
  const days = Array.from({ length: 30 }, (_, i) => addDays("2020-01-01", i));
  const url = await channel("many", Object.fromEntries(days.map((day, i) => [day, { EUR: 0.9 + i / 1000, GBP: 0.8 }])));
  // 600 rows: 20 per day in EUR, GBP and VES (which the provider lacks).
  const needs = days.flatMap((date) => Array.from({ length: 20 }, (_, i) => ({ currencyCode: ["EUR", "GBP", "VES"][i % 3]!, date })));
  const misses = historyMisses();
  const fill = await fillRatesFromHistory(db, needs, { url, now, misses, maxRequests: 25 });
  // 25 questions; each 404 for VES alone is not one, as VES comes with EUR and GBP in each day's one question.
  expect(fill).toEqual({ asked: 25, filed: 50, failed: 0 });
  const asked = await requestsOf("many");
  expect(asked).toHaveLength(25);
  expect(asked[0]).toBe("/many/v1/2020-01-01?base=USD&symbols=EUR,GBP,VES");
  expect(await findRatesOn(db, ["EUR", "GBP", "VES"], "2020-01-25")).toEqual(
    new Map([
      ["EUR", { currencyCode: "EUR", rate: "0.924", date: "2020-01-25", source: "provider" }],
      ["GBP", { currencyCode: "GBP", rate: "0.8", date: "2020-01-25", source: "provider" }],
    ]),
  );
  expect(misses.has("VES", "2020-01-01", now.getTime())).toBe(true);

  // A second call asks nothing already filed nor VES on a day it was found lacking. The 5 days
  // past the budget now have EUR and GBP rates on or before them (2020-01-25's, the rule of
  // ARCHITECTURE.md 4): only VES is asked for them, alone, and found lacking too.
  const rest = await fillRatesFromHistory(db, needs, { url, now, misses, maxRequests: 25 });
  expect(rest).toEqual({ asked: 5, filed: 0, failed: 0 });
  expect((await requestsOf("many")).slice(25)).toEqual(days.slice(25).map((day) => `/many/v1/${day}?base=USD&symbols=VES`));
  expect(await fillRatesFromHistory(db, needs, { url, now, misses })).toEqual({ asked: 0, filed: 0, failed: 0 });
});

test("a 404 for several currencies asks each alone, so one the provider has is not lost with one it lacks", async () => {
  const url = await channel("split", { "2015-06-01": { CAD: 1.25 } });
  // The fake answers a 404 only when it has none of the symbols; this provider does the same for any unknown symbol.
  const fill = await fillRatesFromHistory(db, [{ currencyCode: "COP", date: "2015-06-01" }, { currencyCode: "AUD", date: "2015-06-01" }], { url, now, misses: historyMisses() });
  expect(fill).toEqual({ asked: 3, filed: 0, failed: 0 });
  expect(await requestsOf("split")).toEqual([
    "/split/v1/2015-06-01?base=USD&symbols=AUD,COP",
    "/split/v1/2015-06-01?base=USD&symbols=AUD",
    "/split/v1/2015-06-01?base=USD&symbols=COP",
  ]);
});

test("what one provider lacks is remembered for that provider only: another address is still asked", async () => {
  // Without `misses` the isolate's memory is used, as in the Worker.
  const poor = await channel("poor", {});
  expect(await fillRatesFromHistory(db, [{ currencyCode: "MXN", date: "2012-02-02" }], { url: poor, now })).toEqual({ asked: 1, filed: 0, failed: 0 });
  expect(await fillRatesFromHistory(db, [{ currencyCode: "MXN", date: "2012-02-02" }], { url: poor, now })).toEqual({ asked: 0, filed: 0, failed: 0 });
  const rich = await channel("rich", { "2012-02-02": { MXN: 13.21 } });
  expect(await fillRatesFromHistory(db, [{ currencyCode: "MXN", date: "2012-02-02" }], { url: rich, now })).toEqual({ asked: 1, filed: 1, failed: 0 });
  expect(await requestsOf("rich")).toEqual(["/rich/v1/2012-02-02?base=USD&symbols=MXN"]);
});

test("the nearest known rate for many needs is one query, before or after each day", async () => {
  const found = await findNearestRates(db, [
    { currencyCode: "EUR", date: "2019-06-01" },
    { currencyCode: "EUR", date: "2020-01-10" },
    { currencyCode: "EUR", date: "2026-10-20" },
    { currencyCode: "USD", date: "2019-06-01" },
  ]);
  expect(found.get("EUR:2019-06-01")).toMatchObject({ rate: "0.9", date: "2020-01-01" });
  expect(found.get("EUR:2020-01-10")).toMatchObject({ rate: "0.909", date: "2020-01-10" });
  expect(found.get("EUR:2026-10-20")).toMatchObject({ rate: "0.8612", date: "2026-11-01", source: "snapshot" });
  expect(found.has("USD:2019-06-01")).toBe(false);
});
