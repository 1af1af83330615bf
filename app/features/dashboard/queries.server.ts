import type { DateRange } from "~/features/dashboard/model";
import { monthsOverview } from "~/features/transactions/queries.server";
import type { MonthsOverview } from "~/features/transactions/model/transaction";
import type { Db } from "~/platform/db/client.server";

// The dashboard reads its money from the transactions feature, which owns the tables it sums.

export const RECENT_LIMIT = 5;

/** This month's and last month's USD totals, this month per currency, and the RECENT_LIMIT latest transactions. */
export function dashboardMoney(db: Db, userId: string, months: { current: DateRange; previous: DateRange }): Promise<MonthsOverview> {
  return monthsOverview(db, userId, { ...months, recentLimit: RECENT_LIMIT });
}
