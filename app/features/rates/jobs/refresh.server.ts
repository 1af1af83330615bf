import { createDb, type Db } from "~/platform/db/client.server";
import { listCurrencies } from "~/features/rates/queries.server";
import { recordRefreshRunQueries, upsertRateQuery } from "~/features/rates/commands.server";
import { encodeFailure, PROVIDER_SOURCE, type RefreshFailure } from "~/features/rates/model";
import { isBaseCurrency } from "~/money/currencies";
import { isoDay } from "~/calendar/days";
import { BASE_RATE } from "~/money/rates";
import { parseEnv, ratesRefreshOptions } from "~/env.server";
import { fetchProviderRates, type ProviderOptions } from "~/features/rates/jobs/provider";

// The exchange-rate refresh (ARCHITECTURE.md 4), run by the Worker's cron trigger
// (wrangler.jsonc `triggers.crons`) and by the admin's "Refresh now". All or nothing: every
// active currency's rate is written for the day in one batch, or nothing is. Every run,
// good or bad, is recorded in rate_refresh_runs for the admin settings screen.

export type RefreshOutcome =
  | { ok: true; date: string; written: number }
  | { ok: false; reason: RefreshFailure; detail?: string };

export type RefreshOptions = ProviderOptions & {
  /** RATES_PROVIDER_URL. */
  url: string;
  /** The run's time (the cron's scheduled time); now by default. */
  now?: Date;
};

export async function refreshRates(db: Db, options: RefreshOptions): Promise<RefreshOutcome> {
  const now = options.now ?? new Date();
  const record = async (outcome: RefreshOutcome, message: string, written: number) => {
    try {
      await db.batch([...recordRefreshRunQueries(db, { ok: outcome.ok, message, ratesWritten: written, ranAt: now })]);
    } catch (error) {
      console.error("exchange-rate refresh: could not record the run", error);
    }
    return outcome;
  };

  const codes = (await listCurrencies(db)).map((c) => c.code);
  const fetched = await fetchProviderRates(options.url, codes, options);
  if (!fetched.ok) {
    // Expected now and then (the provider is someone else's server): a warning, the old rates stay.
    console.warn(`exchange-rate refresh failed: ${encodeFailure(fetched.reason, fetched.detail)}`);
    return record(fetched, encodeFailure(fetched.reason, fetched.detail), 0);
  }

  // Filed under the provider's own day, unless its clock runs ahead of ours.
  const today = isoDay(now);
  const date = fetched.quote.date && fetched.quote.date < today ? fetched.quote.date : today;
  const rows = codes.map((code) => ({
    currencyCode: code,
    date,
    rate: isBaseCurrency(code) ? BASE_RATE : fetched.quote.rates[code]!,
    source: PROVIDER_SOURCE,
    fetchedAt: now,
  }));
  try {
    await db.batch([
      ...recordRefreshRunQueries(db, { ok: true, message: date, ratesWritten: rows.length, ranAt: now }),
      ...rows.map((row) => upsertRateQuery(db, row)),
    ]);
  } catch (error) {
    console.error("exchange-rate refresh: writing the rates failed", error);
    return record({ ok: false, reason: "writeFailed" }, encodeFailure("writeFailed"), 0);
  }
  return { ok: true, date, written: rows.length };
}

/** The job as the Worker's scheduled handler runs it: straight from the bindings. */
export function runRatesRefresh(env: Env, options: Omit<RefreshOptions, "url"> = {}): Promise<RefreshOutcome> {
  const appEnv = parseEnv(env);
  const fromEnv = ratesRefreshOptions(appEnv);
  return refreshRates(createDb(appEnv), { ...options, ...fromEnv, timeoutMs: options.timeoutMs ?? fromEnv.timeoutMs });
}
