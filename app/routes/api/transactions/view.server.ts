import type { RouterContextProvider } from "react-router";
import { dbContext, envContext, languageContext } from "~/context.server";
import { staleAfterDays, suggestionLabel } from "~/features/rates/model";
import { findNearestRates } from "~/features/rates/queries.server";
import { rateSuggestionDetails } from "~/features/rates/api";
import { formatDate } from "~/calendar/format";
import { dayToDate } from "~/calendar/days";
import { transactionView } from "~/features/transactions/api";
import { currencyDecimals } from "~/features/transactions/queries.server";
import { ApiError, type Translate } from "~/platform/http/envelope";

/** What the transaction API's answers need from the request: decimals, the stale-rate age and the language. */
export async function apiTransactionView(context: Readonly<RouterContextProvider>, t: Translate) {
  return transactionView({
    decimals: await currencyDecimals(context.get(dbContext)),
    staleAfterDays: staleAfterDays(context.get(envContext)),
    locale: context.get(languageContext),
    t,
  });
}

/**
 * A refused write whose payments have no rate on file (validation.rateUnknown) carries the
 * nearest known rate of each such currency in its details (decision 037), offered, never applied.
 */
export async function withRateSuggestions(
  context: Readonly<RouterContextProvider>,
  t: Translate,
  input: { date: string; payments: readonly { currencyCode: string }[] },
  issues: readonly { path: readonly PropertyKey[]; message: string }[],
  error: unknown,
): Promise<unknown> {
  if (!(error instanceof ApiError)) return error;
  const codes = issues
    .filter((issue) => issue.message === "validation.rateUnknown" && issue.path[0] === "payments")
    .map((issue) => input.payments[Number(issue.path[1])]?.currencyCode)
    .filter((code): code is string => Boolean(code));
  if (codes.length === 0) return error;
  const found = await findNearestRates(context.get(dbContext), codes.map((currencyCode) => ({ currencyCode, date: input.date })));
  const locale = context.get(languageContext);
  const suggestions = [...new Set(codes)]
    .map((code) => found.get(`${code}:${input.date}`))
    .filter((s) => s !== undefined)
    .map((s) => ({ ...s, label: suggestionLabel(t, (day) => formatDate(dayToDate(day), locale), s, input.date) }));
  if (suggestions.length === 0) return error;
  return new ApiError(error.status, error.messageKey, {
    values: error.values,
    errors: error.errors,
    details: { ...error.details, ...rateSuggestionDetails(suggestions) },
    headers: error.headers,
  });
}
