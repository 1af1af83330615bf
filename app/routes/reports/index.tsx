import { useTranslation } from "~/locales/use-translation";
import { DisclosureMarker } from "~/components/disclosure-marker";
import { Form, Link, useNavigation } from "react-router";
import { requireSession } from "~/auth/guards.server";
import { Alert, buttonClass, ErrorList, Field, LoadingNote } from "~/components/forms";
import { Card } from "~/components/card";
import { CurrencyTotalsTable } from "~/components/currency-totals-table";
import { PageHeader } from "~/components/page-header";
import { Figure, FigureList } from "~/components/figure";
import { LoadError } from "~/components/load-error";
import { MonthNav, monthLinkClass } from "~/components/month-nav";
import { Money } from "~/components/money";
import { reportRefusal } from "~/features/reports/errors";
import { defaultGrouping, monthPeriod, readPagePeriod, type ReportPeriod } from "~/features/reports/model/period";
import { reportData } from "~/features/reports/queries/report.server";
import { exportHref, REPORT_CHARTS, reportsHref, type ReportChart } from "~/features/reports/ui/href";
import { CategoryBreakdown, IncomeExpenseBars, SpendingTrend } from "~/features/reports/ui/report-tables";
import { listCurrencies } from "~/features/rates/queries.server";
import { USD } from "~/money/currencies";
import { dayToDate } from "~/calendar/days";
import { monthStartOf } from "~/calendar/months";
import { acceptedDays, type DayRange } from "~/calendar/range";
import { formatDate } from "~/calendar/format";
import { formatCount } from "~/text/count";
import { dbContext } from "~/context.server";
import { withMessages } from "~/locales/messages.client";
import { routeMessages } from "~/locales/sections";
import { translatorFor } from "~/locales/server-translators";
import type { Route } from "./+types/index";
import { userToday } from "~/calendar/time-zones";

// Reports (spec section 2, issue 13): a month chosen by links (next stops at the current month),
// or any period up to five years from a GET form; the USD tiles, each currency in its own units,
// and three charts, each at its own address (?chart=), each beside the table of its figures.
// Every figure is a SQL sum of stored cents (features/reports/queries.server.ts).

export const handle = routeMessages("reports");
export const clientLoader = ({ serverLoader }: Route.ClientLoaderArgs) => withMessages(handle, serverLoader());

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: loaderData?.title }];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const session = requireSession(context);
  const db = context.get(dbContext);
  const params = new URL(request.url).searchParams;
  const today = userToday(session.user);
  const current = monthStartOf(today);
  const read = readPagePeriod(params, today);
  // A refused range says why beside the form and shows this month meanwhile.
  const period: ReportPeriod = read.ok ? read.period : monthPeriod(current);
  const grouping = defaultGrouping(period);
  const chart = (REPORT_CHARTS as readonly string[]).includes(params.get("chart") ?? "") ? (params.get("chart") as ReportChart) : "pie";
  const [report, currencies] = await Promise.all([reportData(db, session.user.id, period, grouping), listCurrencies(db, { activeOnly: false })]);
  const used = new Set(report.currencies.map((c) => c.currencyCode));
  return {
    title: translatorFor(context).t("reports.metaTitle"),
    period,
    current,
    grouping,
    chart,
    report,
    currencies: currencies.filter((c) => used.has(c.code)).map((c) => ({ code: c.code, symbol: c.symbol, decimals: c.decimalPlaces })),
    // The API's words, but for the order of the dates, which the page names as its form does.
    rangeError: read.ok
      ? null
      : {
          message: read.error === "dateRangeInvalid" ? "reports.period.endBeforeStart" : reportRefusal(read.error, today).message,
          from: params.get("from") ?? "",
          to: params.get("to") ?? "",
        },
    accepted: acceptedDays(today),
    exportFailed: params.has("exportFailed"),
  };
}

/** A custom period: a GET form, so it works without JavaScript and the period is in the address. */
function RangeForm({
  period,
  chart,
  rangeError,
  accepted,
}: {
  period: ReportPeriod;
  chart: ReportChart;
  rangeError: { message: string; from: string; to: string } | null;
  accepted: DayRange;
}) {
  const { t } = useTranslation();
  const error = rangeError?.message ?? null;
  const bounds = { min: accepted.earliest, max: accepted.latest };
  return (
    <details open={Boolean(rangeError) || !period.month || undefined} className="group rounded-md border border-slate-200 dark:border-slate-700">
      <summary className="flex min-h-11 cursor-pointer items-center gap-2 px-3 text-sm font-semibold">
        <DisclosureMarker />
        {t("reports.period.range")}
      </summary>
      <Form method="get" action="/reports" className="grid gap-x-3 px-3 pb-3 sm:grid-cols-[1fr_1fr_auto] sm:items-start">
        {chart !== "pie" ? <input type="hidden" name="chart" value={chart} /> : null}
        <Field label={t("reports.period.from")} inputProps={{ type: "date", name: "from", id: "report-from", defaultValue: rangeError?.from ?? period.startDate, required: true, ...bounds }} />
        <Field label={t("reports.period.to")} inputProps={{ type: "date", name: "to", id: "report-to", defaultValue: rangeError?.to ?? period.endDate, required: true, ...bounds }} />
        <div className="sm:pt-6">
          <button type="submit" className={buttonClass.secondary}>
            {t("reports.period.apply")}
          </button>
        </div>
        <div className="sm:col-span-3">
          <ErrorList id="report-range-error" errors={error ? [error] : undefined} />
        </div>
      </Form>
    </details>
  );
}

export default function Reports({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const { period, current, grouping, chart, report, currencies, rangeError, accepted, exportFailed } = loaderData;
  const navigation = useNavigation();
  const loading = navigation.state === "loading" && navigation.location.pathname === "/reports";
  const currencyOf = (code: string) => {
    const found = currencies.find((c) => c.code === code);
    return found ? { code, symbol: found.symbol, decimals: found.decimals } : { code, decimals: 2 };
  };
  const chartLabel: Record<ReportChart, string> = {
    pie: t("reports.charts.pie"),
    bar: t(grouping === "daily" ? "reports.charts.bar" : grouping === "weekly" ? "reports.charts.barWeekly" : "reports.charts.barMonthly"),
    trend: t("reports.charts.trend"),
  };
  const empty = report.transactionCount === 0;
  return (
    <div className="space-y-6">
      <PageHeader
        title={t("reports.title")}
        subtitle={t("reports.subtitle")}
        actions={
          // A plain link to a file: it works without JavaScript and never goes through the client router.
          // An empty period would download a header line only: the link's place says why there is none.
          empty ? (
            <p className="text-sm text-slate-600 dark:text-slate-300">{t("reports.export.nothing")}</p>
          ) : (
            // The CSV is the machine format (to import back, decision 020); the spreadsheet is for
            // people, in the page's language (decision 038). Both are plain GET links with the period.
            <div className="flex flex-col items-start gap-2 sm:items-end">
              <div className="flex flex-wrap gap-2">
                <a href={exportHref(period)} className={buttonClass.secondary} download>
                  {t("reports.export.button")}
                </a>
                <a href={exportHref(period, "xlsx")} className={buttonClass.secondary} download>
                  {t("reports.spreadsheet.button")}
                </a>
              </div>
              <p id="export-note" className="max-w-sm text-sm text-slate-600 sm:text-right dark:text-slate-300">
                {t("reports.spreadsheet.note")}
              </p>
            </div>
          )
        }
      />
      {exportFailed ? <Alert tone="error">{t("reports.export.failed")}</Alert> : null}

      <section aria-label={t("reports.period.nav")} className="space-y-3">
        <MonthNav
          month={period.month ?? monthStartOf(period.endDate)}
          current={current}
          href={(month) => reportsHref(monthPeriod(month), chart)}
          messages="reports.period"
          nextUpTo={current}
          title={
            period.month
              ? undefined
              : t("reports.period.showing", { from: formatDate(dayToDate(period.startDate), i18n.language), to: formatDate(dayToDate(period.endDate), i18n.language) })
          }
        />
        <RangeForm period={period} chart={chart} rangeError={rangeError} accepted={accepted} />
        {loading ? (
          <LoadingNote>{t("common.loading")}</LoadingNote>
        ) : null}
      </section>

      {empty ? (
        <Card id="report-empty" title={t("reports.empty.title")}>
          <p className="text-slate-600 dark:text-slate-300">{t("reports.empty.text")}</p>
          <Link to="/expenses/new" className={`${buttonClass.primary} mt-4`}>
            {t("reports.empty.action")}
          </Link>
        </Card>
      ) : (
        <div className={`space-y-6 ${loading ? "opacity-60" : ""}`}>
          <Card id="report-tiles" title={t("reports.tiles.title")}>
            <FigureList className="sm:grid-cols-4">
              <Figure label={t("reports.tiles.income")}>
                <Money minor={report.incomeUsdCents} currency={USD} tone="income" className="text-lg" />
              </Figure>
              <Figure label={t("reports.tiles.expenses")}>
                <Money minor={report.expenseUsdCents} currency={USD} tone="expense" className="text-lg" />
              </Figure>
              <Figure label={t("reports.tiles.net")}>
                <Money minor={report.netUsdCents} currency={USD} tone="signed" className="text-lg" />
              </Figure>
              <Figure label={t("reports.tiles.currencies")}>
                <span className="text-lg tabular-nums">{formatCount(report.currencies.length, i18n.language)}</span>
              </Figure>
            </FigureList>
          </Card>

          <Card id="report-by-currency" title={t("reports.byCurrency.title")}>
            <p className="-mt-2 mb-3 text-sm text-slate-600 dark:text-slate-300">{t("reports.byCurrency.subtitle")}</p>
            <CurrencyTotalsTable labelledBy="report-by-currency" rows={report.currencies} currencyOf={currencyOf} />
          </Card>

          <Card id="report-chart" title={chartLabel[chart]}>
            <nav aria-label={t("reports.charts.choose")} className="-mt-1 mb-4 flex flex-wrap gap-2">
              {REPORT_CHARTS.map((kind) => (
                <Link
                  key={kind}
                  to={reportsHref(period, kind)}
                  preventScrollReset
                  aria-current={kind === chart ? "page" : undefined}
                  className={`${monthLinkClass} aria-[current=page]:border-brand-600 aria-[current=page]:bg-brand-50 aria-[current=page]:text-brand-800 dark:aria-[current=page]:border-blue-400 dark:aria-[current=page]:bg-slate-800 dark:aria-[current=page]:text-blue-200`}
                >
                  {chartLabel[kind]}
                </Link>
              ))}
            </nav>
            {chart === "pie" ? (
              <CategoryBreakdown id="report-chart" categories={report.categories} period={period} title={t("reports.categories.title")} />
            ) : chart === "bar" ? (
              <IncomeExpenseBars id="report-chart" trend={report.trend} grouping={grouping} period={period} />
            ) : (
              <SpendingTrend id="report-chart" trend={report.trend} grouping={grouping} period={period} />
            )}
          </Card>
        </div>
      )}
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <LoadError error={error} titleKey="errors.failedToLoadReports" />;
}
