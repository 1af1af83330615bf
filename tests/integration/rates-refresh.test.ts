import { createExecutionContext, createScheduledController, env, waitOnExecutionContext } from "cloudflare:test";
import { expect, test, vi } from "vitest";
import { isoDay } from "~/calendar/days";
import { runRatesRefresh } from "~/features/rates/jobs/refresh.server";
import worker from "../../workers/app";
import { jobs } from "../../workers/jobs";
import { channelHits, providerChannel, refusedProviderUrl } from "./rate-provider-client";

// The scheduled exchange-rate refresh (ARCHITECTURE.md 4) on D1 in workerd, against the fake
// provider on loopback in each of its states. Tests run in order and share this file's
// database: the failures first meet an empty day, later ones meet the rates a good run wrote.

const today = isoDay(new Date());
const ACTIVE = ["AUD", "CAD", "COP", "EUR", "GBP", "JPY", "MXN", "USD", "VES"];

type Row = { currency_code: string; rate: string; source: string; fetched_at: number };

async function providerRowsToday() {
  const { results } = await env.DB.prepare(
    "select currency_code, rate, source, fetched_at from exchange_rates where date = ? and source = 'provider' order by currency_code",
  )
    .bind(today)
    .all<Row>();
  return results;
}

async function allRates() {
  return (await env.DB.prepare("select * from exchange_rates order by currency_code, date, source").all()).results;
}

async function runs() {
  const { results } = await env.DB.prepare("select ok, message, rates_written from rate_refresh_runs order by ran_at, rowid").all<{
    ok: number;
    message: string;
    rates_written: number;
  }>();
  return results;
}

const lastRun = async () => (await runs()).at(-1);

/** The job exactly as the cron runs it, from bindings whose provider URL is the given one. */
function runWith(url: string, timeoutMs?: number) {
  return runRatesRefresh({ ...env, RATES_PROVIDER_URL: url } as Env, timeoutMs ? { timeoutMs } : {});
}

const failures = [
  { mode: "down", outcome: { ok: false, reason: "down", detail: "HTTP 503" }, message: "down:HTTP 503" },
  { mode: "garbage", outcome: { ok: false, reason: "invalidJson" }, message: "invalidJson" },
  { mode: "missing", outcome: { ok: false, reason: "missingRate", detail: "JPY" }, message: "missingRate:JPY" },
  { mode: "zero", outcome: { ok: false, reason: "invalidRate", detail: "JPY" }, message: "invalidRate:JPY" },
  { mode: "negative", outcome: { ok: false, reason: "invalidRate", detail: "JPY" }, message: "invalidRate:JPY" },
  { mode: "error", outcome: { ok: false, reason: "invalidPayload", detail: "result" }, message: "invalidPayload:result" },
] as const;

test("each provider failure writes no rate, keeps the old ones, and records its reason", async () => {
  const before = await allRates();
  for (const { mode, outcome, message } of failures) {
    const { url } = await providerChannel(mode);
    expect(await runWith(url), mode).toEqual(outcome);
    expect(await providerRowsToday(), mode).toEqual([]);
    expect(await lastRun(), mode).toEqual({ ok: 0, message, rates_written: 0 });
  }
  expect(await allRates()).toEqual(before);
});

test("a refused connection is recorded as down and a provider beyond the timeout as timeout", async () => {
  const refused = await runWith(refusedProviderUrl());
  expect(refused).toMatchObject({ ok: false, reason: "down" });
  expect((await lastRun())?.message).toMatch(/^down:/);

  const { url } = await providerChannel("slow");
  const started = Date.now();
  expect(await runWith(url, 300)).toEqual({ ok: false, reason: "timeout" });
  expect(Date.now() - started).toBeLessThan(3_000);
  expect(await lastRun()).toEqual({ ok: 0, message: "timeout", rates_written: 0 });
  expect(await providerRowsToday()).toEqual([]);
});

test("a good run writes every active currency for the day in exact decimals and records success", async () => {
  const { url } = await providerChannel("good");
  expect(await runWith(url)).toEqual({ ok: true, date: today, written: 9 });
  const rows = await providerRowsToday();
  expect(rows.map((r) => r.currency_code)).toEqual(ACTIVE);
  expect(Object.fromEntries(rows.map((r) => [r.currency_code, r.rate]))).toEqual({
    AUD: "1.5402",
    CAD: "1.3987",
    COP: "3895.5",
    EUR: "0.8634",
    GBP: "0.7612",
    JPY: "154.2",
    // 18.30214567891256 rounded to 12 places, half away from zero.
    MXN: "18.302145678913",
    USD: "1",
    VES: "236.4127",
  });
  expect(await lastRun()).toEqual({ ok: 1, message: today, rates_written: 9 });
  // Currencies the app does not have (CHF, BRL in the fake's answer) are ignored.
  const codes = await env.DB.prepare("select distinct currency_code as code from exchange_rates").all<{ code: string }>();
  expect(codes.results.map((r) => r.code).sort()).toEqual(ACTIVE);
});

test("running again the same day changes nothing", async () => {
  const before = await providerRowsToday();
  const { url } = await providerChannel("good");
  expect(await runWith(url)).toEqual({ ok: true, date: today, written: 9 });
  expect(await providerRowsToday()).toEqual(before);
  const count = await env.DB.prepare("select count(*) as n from exchange_rates where date = ?").bind(today).first<{ n: number }>();
  expect(count?.n).toBe(9);
});

test("after a good run a failure keeps today's rates, and the next good run recovers", async () => {
  const kept = await providerRowsToday();
  const { url: down } = await providerChannel("down");
  expect(await runWith(down)).toMatchObject({ ok: false, reason: "down" });
  expect(await providerRowsToday()).toEqual(kept);

  // The provider's rates moved; the recovery writes them over the day's old ones.
  const { url: good } = await providerChannel("good", { rates: { USD: 1, AUD: 1.6, CAD: 1.4, COP: 3900, EUR: 0.87, GBP: 0.77, JPY: 150, MXN: 18, VES: 240 } });
  expect(await runWith(good)).toEqual({ ok: true, date: today, written: 9 });
  const rows = await providerRowsToday();
  expect(Object.fromEntries(rows.map((r) => [r.currency_code, r.rate]))).toMatchObject({ EUR: "0.87", JPY: "150", VES: "240" });
  const lookup = await env.DB.prepare("select rate from exchange_rates where currency_code = 'EUR' and date = ?").bind(today).first<{ rate: string }>();
  expect(lookup?.rate).toBe("0.87");
});

test("rates are filed under the provider's own day when it is behind ours", async () => {
  const updatedUnix = Date.UTC(2026, 10, 15, 0, 2) / 1000;
  const { url } = await providerChannel("good", { updatedUnix });
  expect(await runWith(url)).toEqual({ ok: true, date: "2026-11-15", written: 9 });
  const row = await env.DB.prepare("select rate from exchange_rates where currency_code = 'JPY' and date = '2026-11-15' and source = 'provider'").first();
  expect(row).toEqual({ rate: "154.2" });
});

// The pool cannot deliver a cron event through SELF (its scheduled() is not serialisable
// here), so the Worker's default export is called as the runtime calls it.
test("the Worker's scheduled handler runs the rates refresh on its cron and waits for it", async () => {
  expect(jobs[0]!.cron).toBe("15 */6 * * *");
  const { name, url } = await providerChannel("good", { updatedUnix: Date.UTC(2026, 10, 16, 0, 2) / 1000 });
  const ctx = createExecutionContext();
  const scheduledTime = Date.now();
  await worker.scheduled(createScheduledController({ scheduledTime, cron: jobs[0]!.cron }), { ...env, RATES_PROVIDER_URL: url } as Env, ctx);
  await waitOnExecutionContext(ctx);
  expect(await channelHits(name)).toBe(1);
  const written = await env.DB.prepare("select count(*) as n from exchange_rates where date = '2026-11-16' and source = 'provider'").first<{ n: number }>();
  expect(written?.n).toBe(9);
  const run = await env.DB.prepare("select ok, ran_at from rate_refresh_runs order by ran_at desc limit 1").first<{ ok: number; ran_at: number }>();
  expect(run).toEqual({ ok: 1, ran_at: scheduledTime });
});

test("a cron with no job is logged and runs nothing: no provider call, no rate, no recorded run", async () => {
  const { name, url } = await providerChannel("good", { updatedUnix: Date.UTC(2026, 10, 17, 0, 2) / 1000 });
  const runsBefore = await runs();
  const ratesBefore = await allRates();
  const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
  try {
    const ctx = createExecutionContext();
    await worker.scheduled(createScheduledController({ scheduledTime: Date.now(), cron: "0 3 * * *" }), { ...env, RATES_PROVIDER_URL: url } as Env, ctx);
    await waitOnExecutionContext(ctx);
    expect(warn).toHaveBeenCalledWith('scheduled: no job for the cron "0 3 * * *"; nothing ran');
  } finally {
    warn.mockRestore();
  }
  expect(await channelHits(name)).toBe(0);
  expect(await runs()).toEqual(runsBefore);
  expect(await allRates()).toEqual(ratesBefore);
});
