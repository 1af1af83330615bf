import { listCurrencies } from "~/db/currencies.server";
import type { Db } from "~/db/client.server";
import type { Decimals } from "./transaction-json";

/** The decimals of every currency (active or not: old transactions may use a retired one). */
export async function currencyDecimals(db: Db): Promise<Decimals> {
  return new Map((await listCurrencies(db, { activeOnly: false })).map((c) => [c.code, c.decimalPlaces]));
}
