import type { RouterContextProvider } from "react-router";
import { listCurrencies } from "~/db/currencies.server";
import type { Db } from "~/db/client.server";
import { formatDate } from "~/domain/dates";
import { dayToDate, DEFAULT_RATE_STALE_AFTER_DAYS } from "~/domain/rates";
import { envContext } from "~/middleware/db";
import { getLocale } from "~/middleware/i18n";
import type { Translate } from "./envelope";
import type { Decimals, TransactionView } from "./transaction-json";

/** The decimals of every currency (active or not: old transactions may use a retired one). */
export async function currencyDecimals(db: Db): Promise<Decimals> {
  return new Map((await listCurrencies(db, { activeOnly: false })).map((c) => [c.code, c.decimalPlaces]));
}

/** How RATE_STALE_AFTER_DAYS is read by every face. */
export function staleAfterDays(context: Readonly<RouterContextProvider>): number {
  return context.get(envContext).RATE_STALE_AFTER_DAYS ?? DEFAULT_RATE_STALE_AFTER_DAYS;
}

/** Everything toApiTransaction needs for this request. */
export async function transactionView(db: Db, context: Readonly<RouterContextProvider>, t: Translate): Promise<TransactionView> {
  const locale = getLocale(context);
  return {
    decimals: await currencyDecimals(db),
    staleAfterDays: staleAfterDays(context),
    staleRateText: (rateDate, days) => t("money.staleRate", { date: formatDate(dayToDate(rateDate), locale), count: days }),
  };
}
