import type { RouterContextProvider } from "react-router";
import { DEFAULT_RATE_STALE_AFTER_DAYS } from "~/features/rates/model";
import { envContext } from "~/context.server";

/** RATE_STALE_AFTER_DAYS as every face reads it: the transaction form, the API and /admin/settings. */
export function staleAfterDays(context: Readonly<RouterContextProvider>): number {
  return context.get(envContext).RATE_STALE_AFTER_DAYS ?? DEFAULT_RATE_STALE_AFTER_DAYS;
}
