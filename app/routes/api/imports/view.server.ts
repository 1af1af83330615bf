import type { RouterContextProvider } from "react-router";
import { userToday } from "~/calendar/time-zones";
import { dbContext, envContext } from "~/context.server";
import { rateHistoryOptions } from "~/env.server";
import { currencyDecimals } from "~/features/transactions/queries.server";
import { FIRST_PAGE_ROWS, pagination, toApiImport, toApiImportRow, type ImportView } from "~/features/import/api";
import type { ImportRowStatus } from "~/features/import/model/staged";
import { findImport, listImportRows } from "~/features/import/queries.server";
import { apiErrors, type Translate } from "~/platform/http/envelope";

// What the /api/imports routes share: the view (decimals, language), the user's day and the rate
// history service the staging reads, and an import with a page of its rows.

export async function importView(context: Readonly<RouterContextProvider>, t: Translate): Promise<ImportView> {
  return { decimals: await currencyDecimals(context.get(dbContext)), t };
}

/** What staging needs besides the file: the user's day (dates after it + 1 year are refused) and the history provider for past rates. */
export function stagingServices(context: Readonly<RouterContextProvider>, user: { timeZone?: string }) {
  return { today: userToday(user), history: rateHistoryOptions(context.get(envContext)) };
}

/** The import and one page of its rows, or 404 (another user's, unknown or expired). */
export async function importWithRows(
  context: Readonly<RouterContextProvider>,
  t: Translate,
  userId: string,
  id: string,
  page: { status?: ImportRowStatus; page: number; limit: number } = { page: 1, limit: FIRST_PAGE_ROWS },
) {
  const db = context.get(dbContext);
  const summary = await findImport(db, userId, id);
  if (!summary) throw apiErrors.notFound();
  const listed = await listImportRows(db, userId, id, page);
  if (!listed) throw apiErrors.notFound();
  const view = await importView(context, t);
  return {
    import: toApiImport(summary, view),
    rows: listed.rows.map((row) => toApiImportRow(row, view)),
    pagination: pagination(page.page, page.limit, listed.total),
  };
}

/** The import alone, or 404. */
export async function importSummary(context: Readonly<RouterContextProvider>, t: Translate, userId: string, id: string) {
  const summary = await findImport(context.get(dbContext), userId, id);
  if (!summary) throw apiErrors.notFound();
  return toApiImport(summary, await importView(context, t));
}
