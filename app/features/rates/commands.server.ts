import { eq, lt, sql } from "drizzle-orm";
import { type ManualRateInput } from "~/features/rates/schemas";
import {
  encodeFailure,
  historyUrl,
  MANUAL_SOURCE,
  planHistoryRequests,
  PROVIDER_SOURCE,
  readHistoryAnswer,
  type HistoryAnswer,
  type HistoryRequest,
  type RateNeed,
} from "~/features/rates/model";
import { earliestRateDates, findCurrency, findStoredRate, type StoredRate } from "~/features/rates/queries.server";
import { isoDay } from "~/calendar/days";
import { isBaseCurrency } from "~/money/currencies";
import { recordActivityQuery, type Actor } from "~/platform/db/activity.server";
import type { Db } from "~/platform/db/client.server";
import { currencies, exchangeRates, rateRefreshRuns } from "~/platform/db/schema";

// The rates feature's only write path: a superadmin's manual rate and currency switch (each one
// batch with its activity entry), and the queries the refresh job batches (jobs/refresh.server.ts).

export type SaveManualRateOutcome = { kind: "ok"; rate: StoredRate } | { kind: "currencyInvalid" };

/**
 * A superadmin's rate for an active currency and date (source "manual"); replaces an earlier
 * manual one for that date. Recorded in the superadmin's activity log in the same batch: a rate
 * changes what every later transaction in that currency is worth in USD.
 */
export async function saveManualRate(db: Db, actor: Actor, input: ManualRateInput, now = new Date()): Promise<SaveManualRateOutcome> {
  const currency = await findCurrency(db, input.currencyCode, { activeOnly: true });
  if (!currency) return { kind: "currencyInvalid" };
  const rate = { currencyCode: currency.code, date: input.date, rate: input.rate };
  await db.batch([
    upsertRateQuery(db, { ...rate, source: MANUAL_SOURCE, fetchedAt: now }),
    recordActivityQuery(db, {
      userId: actor.userId,
      action: "exchange_rate_manual",
      description: `${rate.currencyCode} ${rate.rate} (${rate.date})`,
      details: { currency: rate.currencyCode, rate: rate.rate, date: rate.date },
      ipAddress: actor.ip,
    }),
  ]);
  const saved = await findStoredRate(db, { currencyCode: rate.currencyCode, date: rate.date, source: MANUAL_SOURCE });
  return { kind: "ok", rate: saved! };
}

export type SetCurrencyActiveOutcome = { kind: "ok"; code: string } | { kind: "notChangeable" };

/**
 * A superadmin turns a currency on or off: an inactive one is no longer offered for new
 * transactions nor refreshed, while transactions already recorded in it keep it and stay
 * editable (resolveTransaction allows a payment's recorded currency). USD, the base, stays on.
 * The change and its activity entry are one batch. notChangeable for USD or an unknown code.
 */
export async function setCurrencyActive(
  db: Db,
  actor: Actor,
  input: { code: string; isActive: boolean },
): Promise<SetCurrencyActiveOutcome> {
  const currency = await findCurrency(db, input.code);
  if (!currency || isBaseCurrency(currency.code)) return { kind: "notChangeable" };
  await db.batch([
    db.update(currencies).set({ isActive: input.isActive }).where(eq(currencies.code, currency.code)),
    recordActivityQuery(db, {
      userId: actor.userId,
      action: input.isActive ? "currency_activate" : "currency_deactivate",
      description: currency.code,
      details: { currency: currency.code },
      ipAddress: actor.ip,
    }),
  ]);
  return { kind: "ok", code: currency.code };
}

/**
 * The upsert of one rate on (currency, date, source). Re-writing the same rate changes
 * nothing, not even fetched_at, so a repeated refresh is a no-op; a different rate replaces
 * the old one. Returned as a query so callers can batch it.
 */
export function upsertRateQuery(db: Db, rate: { currencyCode: string; date: string; rate: string; source: string; fetchedAt: Date }) {
  return db
    .insert(exchangeRates)
    .values(rate)
    .onConflictDoUpdate({
      target: [exchangeRates.currencyCode, exchangeRates.date, exchangeRates.source],
      set: { rate: sql`excluded.rate`, fetchedAt: sql`excluded.fetched_at` },
      setWhere: sql`${exchangeRates.rate} <> excluded.rate`,
    });
}

/** Runs are kept for this long; older ones are pruned by the next run. */
const RUN_RETENTION_MS = 90 * 24 * 60 * 60 * 1000;

/** The record of one refresh run, and the pruning of old ones; batched with the rates it wrote, if any. */
export function recordRefreshRunQueries(db: Db, run: { ok: boolean; message: string; ratesWritten: number; ranAt: Date }) {
  return [
    db.insert(rateRefreshRuns).values(run),
    db.delete(rateRefreshRuns).where(lt(rateRefreshRuns.ranAt, new Date(run.ranAt.getTime() - RUN_RETENTION_MS))),
  ] as const;
}

// --- Rates for past dates (issue 26, decision 037) ---

/** How many questions one call may ask: a Worker on the free plan may make 50 subrequests per request. */
export const MAX_HISTORY_REQUESTS = 40;
/** How many questions are in flight at once. */
const HISTORY_CONCURRENCY = 4;
/** How long a (currency, day) the provider lacks is not asked again, in this Worker isolate. */
export const HISTORY_MISS_TTL_MS = 24 * 60 * 60 * 1000;
const HISTORY_MISS_MAX = 10_000;

/**
 * What the history provider was found to lack, per (currency, day): remembered in memory, per
 * Worker isolate, for HISTORY_MISS_TTL_MS, at most HISTORY_MISS_MAX entries (the oldest go
 * first). Not request state: a cache of someone else's answers, like the filed rates are.
 * A new isolate asks once more; nothing is stored about it in the database.
 */
export type HistoryMisses = { has(code: string, date: string, now: number): boolean; add(code: string, date: string, now: number): void };

export function historyMisses(ttlMs = HISTORY_MISS_TTL_MS, max = HISTORY_MISS_MAX): HistoryMisses {
  const until = new Map<string, number>();
  return {
    has(code, date, now) {
      const expires = until.get(`${code}:${date}`);
      if (expires === undefined) return false;
      if (expires > now) return true;
      until.delete(`${code}:${date}`);
      return false;
    },
    add(code, date, now) {
      until.delete(`${code}:${date}`);
      until.set(`${code}:${date}`, now + ttlMs);
      while (until.size > max) until.delete(until.keys().next().value!);
    },
  };
}

/**
 * The isolate's memory, one per provider address: what one provider lacks says nothing about
 * another (a configuration changed to a richer provider asks again at once).
 */
const isolateMisses = new Map<string, HistoryMisses>();
function missesOf(url: string): HistoryMisses {
  let misses = isolateMisses.get(url);
  if (!misses) isolateMisses.set(url, (misses = historyMisses()));
  return misses;
}

export const DEFAULT_HISTORY_TIMEOUT_MS = 5_000;

export type HistoryFetchOptions = {
  /** RATES_HISTORY_TIMEOUT_MS; DEFAULT_HISTORY_TIMEOUT_MS when unset. */
  timeoutMs?: number;
  /** For tests that need a fetch of their own; the runtime's otherwise. */
  fetch?: typeof fetch;
};

/**
 * Asks the history provider for `codes` (no USD) on `date`: bounded time (the body included),
 * redirects refused so nothing but that address is reached, the answer read by readHistoryAnswer.
 */
export async function fetchHistoryRates(baseUrl: string, date: string, codes: readonly string[], options: HistoryFetchOptions = {}): Promise<HistoryAnswer> {
  const signal = AbortSignal.timeout(options.timeoutMs ?? DEFAULT_HISTORY_TIMEOUT_MS);
  try {
    const response = await (options.fetch ?? fetch)(historyUrl(baseUrl, date, codes), { signal, redirect: "manual", headers: { Accept: "application/json" } });
    const text = response.status === 404 || response.status < 200 || response.status > 299 ? (await response.body?.cancel().catch(() => undefined), "") : await response.text();
    return readHistoryAnswer(response.status, text, date, codes);
  } catch (error) {
    if (signal.aborted) return { ok: false, reason: "timeout" };
    return { ok: false, reason: "down", detail: error instanceof Error ? error.message : String(error) };
  }
}

export type RateHistoryOptions = HistoryFetchOptions & {
  /** RATES_HISTORY_URL, e.g. https://api.frankfurter.dev/v1. */
  url: string;
  now?: Date;
  /** At most this many questions per call (MAX_HISTORY_REQUESTS by default); the rest stay unasked. */
  maxRequests?: number;
  /** The lacking (currency, day) memory; the isolate's by default. */
  misses?: HistoryMisses;
};

export type HistoryFill = { asked: number; filed: number; failed: number };

/**
 * Fills what it can of the rates needed for past days (decision 037): for each day with a
 * needed currency that has no rate on file on or before it, asks the history provider once for
 * that day's missing currencies, and files what it answers as provider rates under the
 * provider's own day. A currency the provider lacks is remembered (HistoryMisses); a failure
 * (down, timeout, garbage, an absurd rate) writes nothing for that question, is logged as a
 * warning like the refresh's, and invents nothing: the caller then finds no rate and asks the
 * user. Takes any number of needs (the import's 20,000 rows): one question per day, at most
 * `maxRequests` per call, and one batch of upserts at the end.
 */
export async function fillRatesFromHistory(db: Db, needs: Iterable<RateNeed>, options: RateHistoryOptions): Promise<HistoryFill> {
  const list = [...needs];
  const now = options.now ?? new Date();
  const misses = options.misses ?? missesOf(options.url);
  const codes = [...new Set(list.map((n) => n.currencyCode.trim().toUpperCase()).filter((c) => /^[A-Z]{3}$/.test(c) && !isBaseCurrency(c)))];
  if (codes.length === 0) return { asked: 0, filed: 0, failed: 0 };
  const max = options.maxRequests ?? MAX_HISTORY_REQUESTS;
  const plan = planHistoryRequests(list, {
    earliest: await earliestRateDates(db, codes),
    today: isoDay(now),
    lacks: (code, date) => misses.has(code, date, now.getTime()),
    max,
  });
  if (plan.length === 0) return { asked: 0, filed: 0, failed: 0 };

  const rows = new Map<string, { currencyCode: string; date: string; rate: string; source: string; fetchedAt: Date }>();
  let asked = 0;
  let failed = 0;
  const queue: HistoryRequest[] = [...plan];
  const ask = async (request: HistoryRequest): Promise<void> => {
    asked += 1;
    const answer = await fetchHistoryRates(options.url, request.date, request.codes, options);
    if (!answer.ok) {
      failed += 1;
      console.warn(`exchange-rate history for ${request.date} (${request.codes.join(",")}) failed: ${encodeFailure(answer.reason, answer.detail)}`);
      return;
    }
    // A 404 for several currencies does not say which one it lacks: each is asked alone, within the budget.
    if (answer.date === null && request.codes.length > 1) {
      for (const code of request.codes) queue.push({ date: request.date, codes: [code] });
      return;
    }
    for (const code of answer.lacking) misses.add(code, request.date, now.getTime());
    for (const [code, rate] of Object.entries(answer.rates)) {
      const date = answer.date ?? request.date;
      rows.set(`${code}:${date}`, { currencyCode: code, date, rate, source: PROVIDER_SOURCE, fetchedAt: now });
    }
  };
  const worker = async () => {
    for (let next = queue.shift(); next; next = queue.shift()) {
      if (asked >= max) return;
      await ask(next);
    }
  };
  await Promise.all(Array.from({ length: Math.min(HISTORY_CONCURRENCY, plan.length) }, worker));

  const filed = [...rows.values()];
  const [first, ...rest] = filed.map((row) => upsertRateQuery(db, row));
  if (first) {
    try {
      await db.batch([first, ...rest]);
    } catch (error) {
      console.error("exchange-rate history: writing the rates failed", error);
      return { asked, filed: 0, failed: failed + 1 };
    }
  }
  return { asked, filed: filed.length, failed };
}

/**
 * fillRatesFromHistory for a page or an API request: nothing when no history provider is set
 * (RATES_HISTORY_URL empty), and a failure to read or write is logged, never the request's
 * failure: the caller then finds no rate on file and asks the user, as it did before.
 */
export async function fillPastRates(db: Db, history: RateHistoryOptions | null, needs: Iterable<RateNeed>): Promise<HistoryFill> {
  if (!history) return { asked: 0, filed: 0, failed: 0 };
  try {
    return await fillRatesFromHistory(db, needs, history);
  } catch (error) {
    console.warn("exchange-rate history: could not look up past rates", error);
    return { asked: 0, filed: 0, failed: 1 };
  }
}
