import type { RouterContextProvider } from "react-router";
import { listCurrencies } from "~/features/rates/queries.server";
import type { Db } from "~/platform/db/client.server";
import { dayToDate, formatDate } from "~/money/dates";
import { staleAfterDays } from "~/features/rates/model";
import { getLocale } from "~/middleware/i18n";
import { envContext } from "~/context.server";
import type { Translate } from "~/platform/http/envelope";
import type { Decimals, TransactionView } from "./api-json";

/** The decimals of every currency (active or not: old transactions may use a retired one). */
export async function currencyDecimals(db: Db): Promise<Decimals> {
  return new Map((await listCurrencies(db, { activeOnly: false })).map((c) => [c.code, c.decimalPlaces]));
}

/** Everything toApiTransaction needs for this request. */
export async function transactionView(db: Db, context: Readonly<RouterContextProvider>, t: Translate): Promise<TransactionView> {
  const locale = getLocale(context);
  return {
    decimals: await currencyDecimals(db),
    staleAfterDays: staleAfterDays(context.get(envContext)),
    staleRateText: (rateDate, days) => t("money.staleRate", { date: formatDate(dayToDate(rateDate), locale), count: days }),
  };
}
