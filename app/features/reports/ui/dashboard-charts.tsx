import { Link } from "react-router";
import { useTranslation } from "~/locales/use-translation";
import { Card } from "~/components/card";
import type { ReportPeriod, TrendPoint } from "~/features/reports/model/period";
import type { ReportCategory } from "~/features/reports/queries/report.server";
import { CategoryBreakdown, IncomeExpenseBars } from "./report-tables";

// Each chart with its table and its empty-state message, drawn as /reports draws them.
type Span = Pick<ReportPeriod, "startDate" | "endDate">;

/** The dashboard's two charts (spec section 2); `month` and `week` are the days each counts, which their slices and bars link to. */
export function DashboardCharts({ monthCategories, lastWeek, month, week }: { monthCategories: ReportCategory[]; lastWeek: TrendPoint[]; month: Span; week: Span }) {
  const { t } = useTranslation();
  const weekEmpty = lastWeek.every((p) => p.incomeUsdCents === 0 && p.expenseUsdCents === 0);
  return (
    <div className="grid gap-6 xl:grid-cols-2">
      <Card id="dashboard-pie" title={t("reports.dashboard.pieTitle")}>
        {monthCategories.length === 0 ? (
          <EmptyChart text={t("reports.dashboard.pieEmpty")} action={t("reports.dashboard.emptyAction")} />
        ) : (
          <CategoryBreakdown id="dashboard-pie" categories={monthCategories} period={month} />
        )}
      </Card>
      <Card id="dashboard-bars" title={t("reports.dashboard.barTitle")}>
        {weekEmpty ? (
          <EmptyChart text={t("reports.dashboard.barEmpty")} action={t("reports.dashboard.emptyAction")} />
        ) : (
          <IncomeExpenseBars id="dashboard-bars" trend={lastWeek} grouping="daily" period={week} />
        )}
      </Card>
    </div>
  );
}

/** An empty chart says what will appear there and links to what fills it (issue 27). */
function EmptyChart({ text, action }: { text: string; action: string }) {
  return (
    <div className="space-y-2">
      <p className="text-slate-600 dark:text-slate-300">{text}</p>
      <Link
        to="/expenses/new"
        className="inline-flex min-h-11 items-center text-sm font-medium text-brand-700 underline-offset-4 hover:underline focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-500 sm:min-h-0 dark:text-blue-300"
      >
        {action}
      </Link>
    </div>
  );
}
