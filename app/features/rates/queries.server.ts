import { and, asc, count, desc, eq, gte, lte, min, sql, type SQL } from "drizzle-orm";
import { fixedBaseRate, nearestRate, rateOnOrBefore, type Currency, type KnownRate, type RateNeed, type RateSuggestion, type RefreshRun } from "~/features/rates/model";
import { BASE_CURRENCY } from "~/money/currencies";
import { inList } from "~/platform/db/bound-lists.server";
import type { Db } from "~/platform/db/client.server";
import { currencies, exchangeRates, rateRefreshRuns } from "~/platform/db/schema";

// The rates feature's reads: currencies, the rate a day uses, a currency's history and the
// refresh runs. Other features read rates through these.


/** Currencies by code; only the active ones unless asked otherwise. */
export function listCurrencies(db: Db, { activeOnly = true }: { activeOnly?: boolean } = {}): Promise<Currency[]> {
  return db
    .select()
    .from(currencies)
    .where(activeOnly ? eq(currencies.isActive, true) : undefined)
    .orderBy(asc(currencies.code));
}

/** Every currency, active or not, with what a write checks (its decimals, whether it is active), as one query for a caller's batch. */
export function currencyFactsQuery(db: Db) {
  return db.select({ code: currencies.code, decimalPlaces: currencies.decimalPlaces, isActive: currencies.isActive }).from(currencies);
}

export async function findCurrency(db: Db, code: string, { activeOnly = false }: { activeOnly?: boolean } = {}) {
  const [row] = await db
    .select()
    .from(currencies)
    .where(and(eq(currencies.code, code.toUpperCase()), activeOnly ? eq(currencies.isActive, true) : undefined))
    .limit(1);
  return row as Currency | undefined;
}

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
  if (code === BASE_CURRENCY) return fixedBaseRate(date);
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
  if (codes.includes(BASE_CURRENCY)) out.set(BASE_CURRENCY, fixedBaseRate(date));
  const others = codes.filter((c) => c !== BASE_CURRENCY);
  if (others.length === 0) return out;
  for (const row of await findRatesOnQuery(db, others, date)) out.set(row.currencyCode, row);
  return out;
}

/** findRatesOn's lookup as one query (no base currency), for a caller's batch: one row per currency that has a rate. */
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

/**
 * SQL that is true when a rate is on file for the currency (a column or value) on or before the
 * date (ARCHITECTURE.md 4), for another feature's statement to test without reading rates:
 * schedules hold an occurrence whose currency has none (issue 24). USD always has one.
 */
export function rateOnFileSql(currencyCode: SQL | SQL.Aliased | unknown, date: SQL | unknown): SQL {
  return sql`(${currencyCode} = ${BASE_CURRENCY} or exists (select 1 from ${exchangeRates} where ${exchangeRates.currencyCode} = ${currencyCode} and ${exchangeRates.date} <= ${date}))`;
}

export type StoredRate = KnownRate & { fetchedAt: Date };

/** The one stored rate of a currency, date and source (the unique key), if any. */
export async function findStoredRate(db: Db, key: { currencyCode: string; date: string; source: string }): Promise<StoredRate | undefined> {
  const [row] = await db
    .select(storedRateColumns)
    .from(exchangeRates)
    .where(
      and(eq(exchangeRates.currencyCode, key.currencyCode), eq(exchangeRates.date, key.date), eq(exchangeRates.source, key.source)),
    )
    .limit(1);
  return row;
}

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

// --- Rates for past dates (issue 26, decision 037) ---

/**
 * Each currency's earliest stored day (any source): a day before it has no rate on or before
 * it, the question the history provider is asked (decision 037). One query with the codes as
 * one bound JSON list (D1's 100-parameter limit); a currency with no rate at all is absent.
 */
export async function earliestRateDates(db: Db, currencyCodes: readonly string[]): Promise<Map<string, string>> {
  const codes = [...new Set(currencyCodes.map((c) => c.toUpperCase()))];
  if (codes.length === 0) return new Map();
  const rows = await db
    .select({ currencyCode: exchangeRates.currencyCode, earliest: min(exchangeRates.date).as("earliest") })
    .from(exchangeRates)
    .where(inList(exchangeRates.currencyCode, codes))
    .groupBy(exchangeRates.currencyCode);
  return new Map(rows.filter((r) => r.earliest !== null).map((r) => [r.currencyCode, r.earliest!]));
}

/**
 * The nearest known rate (before or after the day) for each need, where no source has the
 * day's own: what the transaction form and the API offer as a suggestion, and what the import
 * shows on a row with no rate (decision 037). One query per call however many needs: every
 * stored day of the needed currencies, the winning source per day (manual, provider,
 * snapshot), then a binary search per need. Keyed `${currency}:${date}`; a currency with no
 * rate at all has no entry. USD is never suggested (it is always 1).
 */
export async function findNearestRates(db: Db, needs: readonly RateNeed[]): Promise<Map<string, RateSuggestion>> {
  const out = new Map<string, RateSuggestion>();
  const byCode = await storedDaysByCode(db, needs);
  for (const need of needs) {
    const code = need.currencyCode.toUpperCase();
    const found = byCode.get(code) && nearestRate(byCode.get(code)!, need.date);
    if (found) out.set(`${code}:${need.date}`, found);
  }
  return out;
}

/**
 * findRateOn for any number of (currency, day) needs in one query (the import's 20,000 rows,
 * issue 26): each need's latest rate on or before its day, by the same precedence (manual,
 * provider, snapshot on one day). Keyed `${currency}:${date}`; a need with no rate on or before
 * its day has no entry (never 1). USD needs are answered 1 ("fixed") without a lookup.
 */
export async function findRatesOnOrBefore(db: Db, needs: readonly RateNeed[]): Promise<Map<string, KnownRate>> {
  const out = new Map<string, KnownRate>();
  const byCode = await storedDaysByCode(db, needs);
  for (const need of needs) {
    const code = need.currencyCode.toUpperCase();
    if (code === BASE_CURRENCY) {
      out.set(`${code}:${need.date}`, fixedBaseRate(need.date));
      continue;
    }
    const found = byCode.get(code) && rateOnOrBefore(byCode.get(code)!, need.date);
    if (found) out.set(`${code}:${need.date}`, found);
  }
  return out;
}

/** Every stored day of the needs' currencies (USD aside), the winning source per day, sorted by day: one query. */
async function storedDaysByCode(db: Db, needs: readonly RateNeed[]): Promise<Map<string, KnownRate[]>> {
  const byCode = new Map<string, KnownRate[]>();
  const codes = [...new Set(needs.map((n) => n.currencyCode.toUpperCase()).filter((c) => c !== BASE_CURRENCY))];
  if (codes.length === 0) return byCode;
  const ranked = db
    .select({
      ...knownRateColumns,
      position: sql<number>`row_number() over (partition by ${exchangeRates.currencyCode}, ${exchangeRates.date} order by ${sourcePriority}, ${exchangeRates.fetchedAt} desc)`.as(
        "position",
      ),
    })
    .from(exchangeRates)
    .where(inList(exchangeRates.currencyCode, codes))
    .as("ranked");
  const rows = await db
    .select({ currencyCode: ranked.currencyCode, rate: ranked.rate, date: ranked.date, source: ranked.source })
    .from(ranked)
    .where(eq(ranked.position, 1))
    .orderBy(ranked.currencyCode, ranked.date);
  for (const row of rows) {
    const list = byCode.get(row.currencyCode) ?? [];
    list.push(row);
    byCode.set(row.currencyCode, list);
  }
  return byCode;
}

/** findNearestRates for one currency and day. */
export async function findNearestRate(db: Db, currencyCode: string, date: string): Promise<RateSuggestion | undefined> {
  const code = currencyCode.toUpperCase();
  return (await findNearestRates(db, [{ currencyCode: code, date }])).get(`${code}:${date}`);
}
