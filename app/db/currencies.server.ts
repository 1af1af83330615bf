import { and, asc, eq } from "drizzle-orm";
import type { Db } from "./client.server";
import { currencies } from "./schema";

export type Currency = { code: string; name: string; symbol: string; decimalPlaces: number; isActive: boolean };

/** Currencies by code; only the active ones unless asked otherwise. */
export function listCurrencies(db: Db, { activeOnly = true }: { activeOnly?: boolean } = {}): Promise<Currency[]> {
  return db
    .select()
    .from(currencies)
    .where(activeOnly ? eq(currencies.isActive, true) : undefined)
    .orderBy(asc(currencies.code));
}

export async function findCurrency(db: Db, code: string, { activeOnly = false }: { activeOnly?: boolean } = {}) {
  const [row] = await db
    .select()
    .from(currencies)
    .where(and(eq(currencies.code, code.toUpperCase()), activeOnly ? eq(currencies.isActive, true) : undefined))
    .limit(1);
  return row as Currency | undefined;
}
