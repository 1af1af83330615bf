import { and, asc, count, desc, eq, gte, lt, lte, sql, type SQL } from "drizzle-orm";
import { MANUAL_SOURCE } from "~/features/rates/model";
import { recordActivityQuery } from "~/platform/db/activity.server";
import { inList } from "~/platform/db/bound-lists.server";
import type { Db } from "~/platform/db/client.server";
import { exchangeRates, rateRefreshRuns } from "~/platform/db/schema";

export type KnownRate = { currencyCode: string; rate: string; date: string; source: string };

// On one date a rate a superadmin typed wins over the provider's, which wins over the
// offline snapshot shipped with the migrations.
const sourcePriority = sql`case ${exchangeRates.source} when 'manual' then 0 when 'snapshot' then 2 else 1 end`;

/** The columns of a KnownRate, selected by every lookup here. */
const knownRateColumns = {
  currencyCode: exchangeRates.currencyCode,
  rate: exchangeRates.rate,
  date: exchangeRates.date,
  source: exchangeRates.source,
};
/** …and of a StoredRate. */
const storedRateColumns = { ...knownRateColumns, fetchedAt: exchangeRates.fetchedAt };

/**
 * The rate for a currency on a date: the latest one on or before it (ARCHITECTURE.md 4).
 * USD is always exactly 1. Undefined when no rate is known at all; never silently 1.
 */
export async function findRateOn(db: Db, currencyCode: string, date: string): Promise<KnownRate | undefined> {
  const code = currencyCode.toUpperCase();
  if (code === "USD") return { currencyCode: "USD", rate: "1", date, source: "fixed" };
  const [row] = await db
    .select(knownRateColumns)
    .from(exchangeRates)
    .where(and(eq(exchangeRates.currencyCode, code), lte(exchangeRates.date, date)))
    .orderBy(desc(exchangeRates.date), sourcePriority, desc(exchangeRates.fetchedAt))
    .limit(1);
  return row;
}

/**
 * findRateOn for several currencies in one query: each one's latest rate on or before the
 * date, by the same precedence. USD is always 1 ("fixed"); a currency with no rate at all
 * is absent from the map.
 */
export async function findRatesOn(db: Db, currencyCodes: readonly string[], date: string): Promise<Map<string, KnownRate>> {
  const codes = [...new Set(currencyCodes.map((c) => c.toUpperCase()))];
  const out = new Map<string, KnownRate>();
  if (codes.includes("USD")) out.set("USD", { currencyCode: "USD", rate: "1", date, source: "fixed" });
  const others = codes.filter((c) => c !== "USD");
  if (others.length === 0) return out;
  for (const row of await findRatesOnQuery(db, others, date)) out.set(row.currencyCode, row);
  return out;
}

/** findRatesOn's lookup as one query (no USD), for a caller's batch: one row per currency that has a rate. */
export function findRatesOnQuery(db: Db, codes: readonly string[], date: string) {
  const others = codes.map((c) => c.toUpperCase());
  const ranked = db
    .select({
      ...knownRateColumns,
      position: sql<number>`row_number() over (partition by ${exchangeRates.currencyCode} order by ${exchangeRates.date} desc, ${sourcePriority}, ${exchangeRates.fetchedAt} desc)`.as(
        "position",
      ),
    })
    .from(exchangeRates)
    .where(and(inList(exchangeRates.currencyCode, others), lte(exchangeRates.date, date)))
    .as("ranked");
  return db
    .select({ currencyCode: ranked.currencyCode, rate: ranked.rate, date: ranked.date, source: ranked.source })
    .from(ranked)
    .where(eq(ranked.position, 1));
}

export type StoredRate = KnownRate & { fetchedAt: Date };

export type RateHistoryFilter = { currencyCode: string; startDate?: string; endDate?: string; page: number; limit: number };

/** Every stored rate of a currency in a date range (all sources), newest first, one page at a time. */
export async function rateHistory(db: Db, filter: RateHistoryFilter): Promise<{ rows: StoredRate[]; total: number }> {
  const conditions: SQL[] = [eq(exchangeRates.currencyCode, filter.currencyCode.toUpperCase())];
  if (filter.startDate) conditions.push(gte(exchangeRates.date, filter.startDate));
  if (filter.endDate) conditions.push(lte(exchangeRates.date, filter.endDate));
  const where = and(...conditions);
  const [rows, totals] = await Promise.all([
    db
      .select(storedRateColumns)
      .from(exchangeRates)
      .where(where)
      .orderBy(desc(exchangeRates.date), sourcePriority, desc(exchangeRates.fetchedAt), asc(exchangeRates.id))
      .limit(filter.limit)
      .offset((filter.page - 1) * filter.limit),
    db.select({ total: count() }).from(exchangeRates).where(where),
  ]);
  return { rows, total: Number(totals[0]?.total ?? 0) };
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

/**
 * A superadmin's rate for a currency and date (source "manual"); replaces an earlier manual one
 * for that date. Recorded in the superadmin's activity log in the same batch: a rate changes
 * what every later transaction in that currency is worth in USD.
 */
export async function saveManualRate(
  db: Db,
  input: { currencyCode: string; date: string; rate: string },
  actor: { userId: string; ip: string | null },
  now = new Date(),
): Promise<StoredRate> {
  await db.batch([
    upsertRateQuery(db, { ...input, source: MANUAL_SOURCE, fetchedAt: now }),
    recordActivityQuery(db, {
      userId: actor.userId,
      action: "exchange_rate_manual",
      description: `${input.currencyCode} ${input.rate} (${input.date})`,
      ipAddress: actor.ip,
    }),
  ]);
  const [row] = await db
    .select(storedRateColumns)
    .from(exchangeRates)
    .where(
      and(
        eq(exchangeRates.currencyCode, input.currencyCode),
        eq(exchangeRates.date, input.date),
        eq(exchangeRates.source, MANUAL_SOURCE),
      ),
    )
    .limit(1);
  return row!;
}

export type RefreshRun = { id: string; ok: boolean; message: string | null; ratesWritten: number; ranAt: Date };

/** Runs are kept for this long; older ones are pruned by the next run. */
const RUN_RETENTION_MS = 90 * 24 * 60 * 60 * 1000;

/** The record of one refresh run, and the pruning of old ones; batched with the rates it wrote, if any. */
export function recordRefreshRunQueries(db: Db, run: { ok: boolean; message: string; ratesWritten: number; ranAt: Date }) {
  return [
    db.insert(rateRefreshRuns).values(run),
    db.delete(rateRefreshRuns).where(lt(rateRefreshRuns.ranAt, new Date(run.ranAt.getTime() - RUN_RETENTION_MS))),
  ] as const;
}

/** The latest successful and the latest failed refresh, for the admin settings screen. */
export async function lastRefreshRuns(db: Db): Promise<{ lastSuccess?: RefreshRun; lastFailure?: RefreshRun; lastRun?: RefreshRun }> {
  const latest = (ok: boolean) =>
    db.select().from(rateRefreshRuns).where(eq(rateRefreshRuns.ok, ok)).orderBy(desc(rateRefreshRuns.ranAt)).limit(1);
  const [[lastSuccess], [lastFailure]] = await Promise.all([latest(true), latest(false)]);
  const lastRun = [lastSuccess, lastFailure]
    .filter((r): r is RefreshRun => r !== undefined)
    .sort((a, b) => b.ranAt.getTime() - a.ranAt.getTime())[0];
  return { lastSuccess, lastFailure, lastRun };
}
