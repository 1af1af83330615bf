import type { RouterContextProvider } from "react-router";
import { dbContext, envContext, languageContext } from "~/context.server";
import { staleAfterDays } from "~/features/rates/model";
import { transactionView } from "~/features/transactions/api";
import { currencyDecimals } from "~/features/transactions/queries.server";
import type { Translate } from "~/platform/http/envelope";

/** What the transaction API's answers need from the request: decimals, the stale-rate age and the language. */
export async function apiTransactionView(context: Readonly<RouterContextProvider>, t: Translate) {
  return transactionView({
    decimals: await currencyDecimals(context.get(dbContext)),
    staleAfterDays: staleAfterDays(context.get(envContext)),
    locale: context.get(languageContext),
    t,
  });
}
