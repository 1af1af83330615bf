import { eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, test, vi } from "vitest";
import { startFakeRateProvider, type FakeRateProvider } from "../../../tests/fakes/rate-provider";
import { createLibsqlTestDb } from "../../../tests/setup/libsql-db";
import { refreshRates } from "~/features/rates/jobs/refresh.server";
import type { Db } from "~/platform/db/client.server";
import { saveManualRate, upsertRateQuery } from "./commands.server";
import { findRateOn, findRatesOn, lastRefreshRuns, rateHistory } from "./queries.server";
import { activityLog, exchangeRates, rateRefreshRuns, users } from "~/platform/db/schema";

// The rate queries and the refresh job on real libSQL in Node (the production driver family);
// the same job runs on D1 in tests/integration/rates-refresh.test.ts.

let db: Db;
let provider: FakeRateProvider;

const admin = { userId: "rates-admin", ip: "203.0.113.7" };

beforeAll(async () => {
  db = await createLibsqlTestDb();
  await db.insert(users).values({ id: admin.userId, email: "rates-admin@example.com", firstName: "Ada", lastName: "Admin", passwordHash: "x", role: "superadmin" });
  provider = await startFakeRateProvider();
});
afterAll(() => provider.close());

const at = (iso: string) => new Date(iso);

/** The command's stored rate, or the test fails on its outcome. */
async function savedManualRate(input: { currencyCode: string; date: string; rate: string }) {
  const outcome = await saveManualRate(db, admin, input);
  if (outcome.kind !== "ok") throw new Error(`manual rate refused: ${outcome.kind}`);
  return outcome.rate;
}

test("the latest rate on or before a date wins; on one date manual beats provider beats snapshot", async () => {
  await db.batch([
    upsertRateQuery(db, { currencyCode: "GBP", date: "2026-11-05", rate: "0.75", source: "provider", fetchedAt: at("2026-11-05T06:15:00Z") }),
    upsertRateQuery(db, { currencyCode: "GBP", date: "2026-11-05", rate: "0.74", source: "manual", fetchedAt: at("2026-11-05T05:00:00Z") }),
    upsertRateQuery(db, { currencyCode: "GBP", date: "2026-11-07", rate: "0.76", source: "provider", fetchedAt: at("2026-11-07T06:15:00Z") }),
  ]);
  const on = async (date: string) => (await findRatesOn(db, ["gbp", "USD", "EUR", "JPY"], date));
  expect((await on("2026-11-06")).get("GBP")).toEqual({ currencyCode: "GBP", rate: "0.74", date: "2026-11-05", source: "manual" });
  expect((await on("2026-11-07")).get("GBP")).toMatchObject({ rate: "0.76", source: "provider" });
  expect((await on("2026-11-04")).get("GBP")).toMatchObject({ rate: "0.7598", date: "2026-11-01", source: "snapshot" });
  expect((await on("2026-11-04")).get("USD")).toEqual({ currencyCode: "USD", rate: "1", date: "2026-11-04", source: "fixed" });
  // Before the snapshot nothing is known: absent, never 1.
  expect((await on("2026-10-31")).has("EUR")).toBe(false);
  // The one-currency lookup agrees with the batch one.
  for (const date of ["2026-11-04", "2026-11-06", "2026-11-07"]) {
    expect(await findRateOn(db, "GBP", date)).toEqual((await on(date)).get("GBP"));
  }
});

test("re-upserting the same rate changes nothing; a different one replaces it", async () => {
  const row = { currencyCode: "CAD", date: "2026-11-10", rate: "1.39", source: "provider", fetchedAt: at("2026-11-10T00:15:00Z") };
  await upsertRateQuery(db, row);
  await upsertRateQuery(db, { ...row, fetchedAt: at("2026-11-10T06:15:00Z") });
  const read = () => db.select().from(exchangeRates).where(eq(exchangeRates.currencyCode, "CAD"));
  let rows = (await read()).filter((r) => r.date === "2026-11-10");
  expect(rows).toHaveLength(1);
  expect(rows[0]!.fetchedAt.toISOString()).toBe("2026-11-10T00:15:00.000Z");
  await upsertRateQuery(db, { ...row, rate: "1.4", fetchedAt: at("2026-11-10T12:15:00Z") });
  rows = (await read()).filter((r) => r.date === "2026-11-10");
  expect(rows.map((r) => [r.rate, r.fetchedAt.toISOString()])).toEqual([["1.4", "2026-11-10T12:15:00.000Z"]]);
});

test("a manual rate is stored as manual, replaced by the next one for the same day, and each is in the superadmin's activity log", async () => {
  const first = await savedManualRate({ currencyCode: "AUD", date: "2026-11-12", rate: "1.5" });
  expect(first).toMatchObject({ currencyCode: "AUD", date: "2026-11-12", rate: "1.5", source: "manual" });
  const second = await savedManualRate({ currencyCode: "AUD", date: "2026-11-12", rate: "1.55" });
  expect(second.rate).toBe("1.55");
  const rows = await db.select().from(exchangeRates).where(eq(exchangeRates.currencyCode, "AUD"));
  expect(rows.filter((r) => r.source === "manual")).toHaveLength(1);
  const logged = await db.select().from(activityLog).where(eq(activityLog.userId, admin.userId));
  expect(logged.map((r) => [r.action, r.description, r.ipAddress])).toEqual([
    ["exchange_rate_manual", "AUD 1.5 (2026-11-12)", "203.0.113.7"],
    ["exchange_rate_manual", "AUD 1.55 (2026-11-12)", "203.0.113.7"],
  ]);
});

test("history lists a currency's rates newest first, filtered by dates, a page at a time", async () => {
  const dates = Array.from({ length: 12 }, (_, i) => `2026-10-${String(i + 10).padStart(2, "0")}`);
  await db.batch([
    upsertRateQuery(db, { currencyCode: "MXN", date: dates[0]!, rate: "18", source: "provider", fetchedAt: at("2026-10-10T00:00:00Z") }),
    ...dates.slice(1).map((date, i) =>
      upsertRateQuery(db, { currencyCode: "MXN", date, rate: `18.${i + 1}`, source: "provider", fetchedAt: at(`${date}T00:00:00Z`) }),
    ),
  ]);
  const all = await rateHistory(db, { currencyCode: "mxn", page: 1, limit: 100 });
  expect(all.total).toBe(13); // 12 provider rates and the snapshot
  expect(all.rows[0]).toMatchObject({ date: "2026-11-01", source: "snapshot" });
  const page = await rateHistory(db, { currencyCode: "MXN", startDate: "2026-10-12", endDate: "2026-10-20", page: 2, limit: 4 });
  expect(page.total).toBe(9);
  expect(page.rows.map((r) => r.date)).toEqual(["2026-10-16", "2026-10-15", "2026-10-14", "2026-10-13"]);
  expect((await rateHistory(db, { currencyCode: "MXN", page: 9, limit: 4 })).rows).toEqual([]);
});

test("the refresh job writes every active currency in one batch on libSQL, and is a no-op when repeated", async () => {
  const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
  try {
    const now = at("2026-11-23T06:15:00Z");
    await fetch(`${provider.url}/__control/libsql`, { method: "POST", body: JSON.stringify({ mode: "down" }) });
    const url = `${provider.url}/libsql/v6/latest/USD`;
    expect(await refreshRates(db, { url, now })).toEqual({ ok: false, reason: "down", detail: "HTTP 503" });
    expect(await db.select().from(exchangeRates).where(eq(exchangeRates.date, "2026-11-23"))).toEqual([]);

    await fetch(`${provider.url}/__control/libsql`, { method: "POST", body: JSON.stringify({ mode: "good" }) });
    expect(await refreshRates(db, { url, now })).toEqual({ ok: true, date: "2026-11-23", written: 9 });
    const written = await db.select().from(exchangeRates).where(eq(exchangeRates.date, "2026-11-23"));
    expect(Object.fromEntries(written.map((r) => [r.currencyCode, r.rate]))).toMatchObject({ USD: "1", JPY: "154.2", MXN: "18.302145678913" });
    expect(await refreshRates(db, { url, now: at("2026-11-23T12:15:00Z") })).toMatchObject({ ok: true });
    const again = await db.select().from(exchangeRates).where(eq(exchangeRates.date, "2026-11-23"));
    expect(again).toEqual(written);

    const runs = await lastRefreshRuns(db);
    expect(runs.lastSuccess).toMatchObject({ ok: true, message: "2026-11-23", ratesWritten: 9 });
    expect(runs.lastFailure).toMatchObject({ ok: false, message: "down:HTTP 503", ratesWritten: 0 });
    expect(runs.lastRun?.ranAt.toISOString()).toBe("2026-11-23T12:15:00.000Z");
    expect(await db.select().from(rateRefreshRuns)).toHaveLength(3);
  } finally {
    warn.mockRestore();
  }
});
