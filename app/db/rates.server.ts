import { and, desc, eq, lte, sql } from "drizzle-orm";
import type { Db } from "./client.server";
import { exchangeRates } from "./schema";

export type KnownRate = { currencyCode: string; rate: string; date: string; source: string };

// On one date a rate a superadmin typed wins over the provider's, which wins over the
// offline snapshot shipped with the migrations.
const sourcePriority = sql`case ${exchangeRates.source} when 'manual' then 0 when 'snapshot' then 2 else 1 end`;

/**
 * The rate for a currency on a date: the latest one on or before it (ARCHITECTURE.md 4).
 * USD is always exactly 1. Undefined when no rate is known at all; never silently 1.
 */
export async function findRateOn(db: Db, currencyCode: string, date: string): Promise<KnownRate | undefined> {
  const code = currencyCode.toUpperCase();
  if (code === "USD") return { currencyCode: "USD", rate: "1", date, source: "fixed" };
  const [row] = await db
    .select({
      currencyCode: exchangeRates.currencyCode,
      rate: exchangeRates.rate,
      date: exchangeRates.date,
      source: exchangeRates.source,
    })
    .from(exchangeRates)
    .where(and(eq(exchangeRates.currencyCode, code), lte(exchangeRates.date, date)))
    .orderBy(desc(exchangeRates.date), sourcePriority, desc(exchangeRates.fetchedAt))
    .limit(1);
  return row;
}
