import { and, asc, eq } from "drizzle-orm";
import { recordActivityQuery } from "~/platform/db/activity.server";
import type { Db } from "~/platform/db/client.server";
import { currencies } from "~/platform/db/schema";

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

/**
 * A superadmin turns a currency on or off: an inactive one is no longer offered for new
 * transactions nor refreshed, while transactions already recorded in it keep it and stay
 * editable (resolveTransaction allows a payment's recorded currency). USD, the base, stays on.
 * The change and its activity entry are one batch. False for USD or an unknown code.
 */
export async function setCurrencyActive(
  db: Db,
  code: string,
  isActive: boolean,
  actor: { userId: string; ip: string | null },
): Promise<boolean> {
  const currency = await findCurrency(db, code);
  if (!currency || currency.code === "USD") return false;
  await db.batch([
    db.update(currencies).set({ isActive }).where(eq(currencies.code, currency.code)),
    recordActivityQuery(db, {
      userId: actor.userId,
      action: isActive ? "currency_activate" : "currency_deactivate",
      description: currency.code,
      ipAddress: actor.ip,
    }),
  ]);
  return true;
}
