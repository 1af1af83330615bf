import { dbContext, envContext, sessionContext } from "~/context.server";
import { fillPastRates } from "~/features/rates/commands.server";
import { rateHistoryOptions } from "~/env.server";
import { isIsoDate } from "~/calendar/days";
import { findNearestRate, findRateOn } from "~/features/rates/queries.server";
import { acceptedDays, dayRangeError } from "~/calendar/range";
import { isCurrencyCode } from "~/money/currencies";
import type { Route } from "./+types/rate";
import { userToday } from "~/calendar/time-zones";

// GET /expenses/rate?currency=EUR&date=2026-11-20: the rate on file for a currency on a date
// (the latest on or before it), for the transaction form's refresh with JavaScript. The
// answer is { rate: { rate, date, source } } or { rate: null } when none is known: never 1; then
// `suggestion` is the nearest known rate (before or after), offered by the form, never applied (decision 037).
// Session-guarded like the form; a resource route, so it has no default export.

export async function loader({ request, context }: Route.LoaderArgs) {
  const session = context.get(sessionContext);
  if (!session) return Response.json({ error: "errors.unauthorized" }, { status: 401 });
  const params = new URL(request.url).searchParams;
  const code = (params.get("currency") ?? "").trim().toUpperCase();
  const date = (params.get("date") ?? "").trim();
  if (!isCurrencyCode(code)) return Response.json({ error: "validation.currencyRequired" }, { status: 400 });
  if (!isIsoDate(date)) return Response.json({ error: date ? "validation.dateInvalid" : "validation.dateRequired" }, { status: 400 });
  const outOfRange = dayRangeError(date, acceptedDays(userToday(session.user)));
  if (outOfRange) return Response.json({ error: outOfRange }, { status: 400 });
  const db = context.get(dbContext);
  await fillPastRates(db, rateHistoryOptions(context.get(envContext)), [{ currencyCode: code, date }]);
  const found = await findRateOn(db, code, date);
  if (found) return Response.json({ rate: { rate: found.rate, date: found.date, source: found.source } });
  // No source has the day's rate: the nearest known one, for the form to offer (decision 037).
  const near = await findNearestRate(db, code, date);
  return Response.json({ rate: null, suggestion: near ? { rate: near.rate, date: near.date, source: near.source } : null });
}
