import type { ReactNode } from "react";
import { useTranslation } from "~/locales/use-translation";
import { CategoryBadge } from "~/components/category-icon";
import { useCategoryName } from "~/components/category-name";
import { BarChart, PieChart, TrendChart } from "~/components/charts/charts";
import { distinctSliceColors } from "~/components/charts/slice-colors";
import { FigureLink } from "~/components/figure-link";
import { Money } from "~/components/money";
import { DataCell, DataRow, DataTable } from "~/components/table";
import { formatPercentTenths } from "~/text/count";
import { USD } from "~/money/currencies";
import { formatMoney } from "~/money/amounts";
import { dayToDate } from "~/calendar/days";
import { formatDate, formatMonthYear } from "~/calendar/format";
import { bucketRange, type Grouping, type ReportPeriod, type TrendPoint } from "~/features/reports/model/period";
import { expensesHref } from "~/features/transactions/model/list-query";
import type { ReportCategory } from "~/features/reports/queries/report.server";

// The figures of a report as tables (rendered by the server, read by screen readers), each with
// the chart that pictures it: every chart is drawn from the same rows its table lists, by the
// server as SVG (decision 031), and is named by the card's heading (`labelledBy`).

/** A share in tenths of a percent ("12.5%"), exact from its digits. */
export function ShareText({ tenths }: { tenths: number }) {
  const { i18n } = useTranslation();
  return <span className="tabular-nums">{formatPercentTenths(tenths, i18n.language)}</span>;
}

function bucketLabel(date: string, grouping: Grouping, locale: string) {
  return grouping === "monthly" ? formatMonthYear(dayToDate(date), locale) : formatDate(dayToDate(date), locale);
}

/** The rows a table lists: the buckets with income or expenses (the chart draws every bucket; an empty one adds nothing to read). */
function withActivity(trend: TrendPoint[]) {
  return trend.filter((p) => p.incomeUsdCents !== 0 || p.expenseUsdCents !== 0);
}

/** The days a report's figures count: its period. */
type Span = Pick<ReportPeriod, "startDate" | "endDate">;

/** The slice of expenses with no category (slate-400, as its row's dot). */
const UNCATEGORISED_COLOR = "#94A3B8";

function uncategorised(category: ReportCategory) {
  return { id: category.categoryId ?? "", name: category.name ?? "" };
}

/** Spending by category: the pie and the top-spending table (category, USD, share of the total). */
export function CategoryBreakdown({ id, categories, period, title }: { id: string; categories: ReportCategory[]; period: Span; title?: string }) {
  const { t, i18n } = useTranslation();
  const categoryName = useCategoryName();
  const name = (c: ReportCategory) => (c.categoryId ? categoryName(uncategorised(c)) : t("reports.categories.uncategorised"));
  if (categories.length === 0) return <p className="text-slate-600 dark:text-slate-300">{t("reports.categories.empty")}</p>;
  // The slices' colours, neighbours kept apart; each row's badge takes its slice's colour, so the table is the pie's key.
  const colors = distinctSliceColors(categories.map((c) => c.color ?? UNCATEGORISED_COLOR));
  // A slice and its row lead to the same list: the category's expenses in the period (issue 27).
  const href = (c: ReportCategory) => expensesHref({ type: "EXPENSE", categoryId: c.categoryId, from: period.startDate, to: period.endDate });
  const slices = categories.map((c, index) => ({
    key: c.categoryId ?? "none",
    cents: c.usdCents,
    color: colors[index]!,
    title: `${name(c)}: ${formatMoney(c.usdCents, USD, i18n.language)} (${formatPercentTenths(c.shareTenths, i18n.language)})`,
    href: href(c),
  }));
  return (
    // Side by side when the card is wide enough: a container query, as the dashboard's card is half as wide as the page's.
    <div className="@container">
      <div className="grid gap-4 @3xl:grid-cols-2 @3xl:items-start">
        <PieChart labelledBy={id} slices={slices} />
        <div>
          {title ? (
            <h3 id={`${id}-table`} className="mb-2 font-semibold">
              {title}
            </h3>
          ) : null}
          <DataTable wideAt="sm" compact labelledBy={title ? `${id}-table` : id} columns={[
            { key: "category", label: t("reports.categories.category") },
            { key: "amount", label: t("reports.categories.amount"), align: "right" },
            { key: "percent", label: t("reports.categories.percent"), align: "right" },
          ]}>
            {categories.map((c, index) => (
              <DataRow key={c.categoryId ?? "none"}>
                <DataCell label={t("reports.categories.category")} place="title" header className="text-left">
                  <span className="inline-flex items-center gap-2">
                    {c.icon && c.color ? (
                      <CategoryBadge icon={c.icon} color={colors[index]!} size="sm" />
                    ) : (
                      <span aria-hidden="true" className="inline-block h-8 w-8 rounded-full" style={{ backgroundColor: colors[index] }} />
                    )}
                    <span className="font-medium break-words">
                      <FigureLink to={href(c)}>{name(c)}</FigureLink>
                    </span>
                  </span>
                </DataCell>
                <DataCell label={t("reports.categories.amount")} place="headline" align="right">
                  <Money minor={c.usdCents} currency={USD} />
                </DataCell>
                <DataCell label={t("reports.categories.percent")} align="right">
                  <ShareText tenths={c.shareTenths} />
                </DataCell>
              </DataRow>
            ))}
          </DataTable>
        </div>
      </div>
    </div>
  );
}

type TrendColumn = {
  key: string;
  label: string;
  cell: (point: TrendPoint) => ReactNode;
  /** The column's figure links to the bucket's transactions of this type, when it has any (issue 27). */
  type?: "INCOME" | "EXPENSE";
};

/** A trend's table: a row per bucket with income or expenses, the first column naming the bucket. */
function TrendTable({ id, trend, grouping, period, columns }: { id: string; trend: TrendPoint[]; grouping: Grouping; period: Span; columns: TrendColumn[] }) {
  const { t, i18n } = useTranslation();
  const dateLabel = t(grouping === "daily" ? "reports.days.date" : grouping === "weekly" ? "reports.days.week" : "reports.days.month");
  return (
    <DataTable wideAt="sm" compact labelledBy={id} columns={[{ key: "date", label: dateLabel }, ...columns.map((c) => ({ key: c.key, label: c.label, align: "right" as const }))]}>
      {withActivity(trend).map((p) => (
        <DataRow key={p.date}>
          <DataCell label={dateLabel} place="title" header className="text-left">
            {bucketLabel(p.date, grouping, i18n.language)}
          </DataCell>
          {columns.map((c) => {
            const cents = c.type === "INCOME" ? p.incomeUsdCents : c.type === "EXPENSE" ? p.expenseUsdCents : 0;
            return (
              <DataCell key={c.key} label={c.label} align="right">
                {c.type && cents !== 0 ? <FigureLink to={bucketHref(p.date, grouping, period, c.type)}>{c.cell(p)}</FigureLink> : c.cell(p)}
              </DataCell>
            );
          })}
        </DataRow>
      ))}
    </DataTable>
  );
}

/** A bucket's transactions of one type: the list behind its bar, its trend point and its table figure. */
function bucketHref(date: string, grouping: Grouping, period: Span, type: "INCOME" | "EXPENSE") {
  return expensesHref({ type, ...bucketRange(date, grouping, period) });
}

/** Income and expenses per day (or week, or month): the bar chart and its table. */
export function IncomeExpenseBars({ id, trend, grouping, period }: { id: string; trend: TrendPoint[]; grouping: Grouping; period: Span }) {
  const { t, i18n } = useTranslation();
  return (
    <div className="space-y-4">
      <BarChart
        labelledBy={id}
        locale={i18n.language}
        grouping={grouping}
        points={trend.map((p) => ({
          date: p.date,
          incomeCents: p.incomeUsdCents,
          expenseCents: p.expenseUsdCents,
          incomeHref: bucketHref(p.date, grouping, period, "INCOME"),
          expenseHref: bucketHref(p.date, grouping, period, "EXPENSE"),
        }))}
        labels={{ income: t("reports.days.income"), expenses: t("reports.days.expenses") }}
        bucketName={(date) => bucketLabel(date, grouping, i18n.language)}
      />
      <TrendTable
        id={id}
        trend={trend}
        grouping={grouping}
        period={period}
        columns={[
          { key: "income", label: t("reports.days.income"), type: "INCOME", cell: (p) => <Money minor={p.incomeUsdCents} currency={USD} tone="income" /> },
          { key: "expenses", label: t("reports.days.expenses"), type: "EXPENSE", cell: (p) => <Money minor={p.expenseUsdCents} currency={USD} tone="expense" /> },
        ]}
      />
    </div>
  );
}

/** Expenses and the running balance over the period: the line chart and its table. */
export function SpendingTrend({ id, trend, grouping, period }: { id: string; trend: TrendPoint[]; grouping: Grouping; period: Span }) {
  const { t, i18n } = useTranslation();
  return (
    <div className="space-y-4">
      <TrendChart
        labelledBy={id}
        locale={i18n.language}
        grouping={grouping}
        points={trend.map((p) => ({
          date: p.date,
          incomeCents: p.incomeUsdCents,
          expenseCents: p.expenseUsdCents,
          balanceCents: p.balanceUsdCents,
          expenseHref: bucketHref(p.date, grouping, period, "EXPENSE"),
        }))}
        labels={{ expenses: t("reports.days.expenses"), balance: t("reports.days.balance") }}
        bucketName={(date) => bucketLabel(date, grouping, i18n.language)}
      />
      <TrendTable
        id={id}
        trend={trend}
        grouping={grouping}
        period={period}
        columns={[
          { key: "expenses", label: t("reports.days.expenses"), type: "EXPENSE", cell: (p) => <Money minor={p.expenseUsdCents} currency={USD} tone="expense" /> },
          { key: "balance", label: t("reports.days.balance"), cell: (p) => <Money minor={p.balanceUsdCents} currency={USD} tone="signed" /> },
        ]}
      />
    </div>
  );
}
