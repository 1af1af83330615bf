import { eq, lt, sql } from "drizzle-orm";
import { type ManualRateInput } from "~/features/rates/schemas";
import { MANUAL_SOURCE } from "~/features/rates/model";
import { findCurrency, findStoredRate, type StoredRate } from "~/features/rates/queries.server";
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
