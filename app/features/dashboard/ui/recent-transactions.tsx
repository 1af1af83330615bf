import { useTranslation } from "~/locales/use-translation";
import { Link } from "react-router";
import { Card } from "~/components/card";
import { CategoryBadge } from "~/components/category-icon";
import { useCategoryName } from "~/components/category-name";
import { DataCell, DataRow, DataTable } from "~/components/table";
import { RepeatsSign } from "~/components/repeats-sign";
import { currencyOf, type DashboardCurrency } from "~/features/dashboard/model";
import { paymentPartsByCurrency, type RecentTransaction } from "~/features/transactions/model/transaction";
import { signedAmount } from "~/money/amounts";
import { Money, MoneyParts } from "~/components/money";
import { USD } from "~/money/currencies";
import { dayToDate } from "~/calendar/days";
import { formatDate } from "~/calendar/format";

/** Spec section 2: the 5 latest by date, with a USD line under non-USD amounts. */
export function RecentTransactions({ recent, currencies }: { recent: RecentTransaction[]; currencies: DashboardCurrency[] }) {
  const { t, i18n } = useTranslation();
  const categoryName = useCategoryName();
  const locale = i18n.language;
  return (
    <Card
      id="recent-transactions"
      title={t("dashboard.recent.title")}
      actions={
        recent.length > 0 ? (
          <Link
            to="/expenses"
            className="inline-flex min-h-11 items-center px-1 text-sm font-medium text-brand-700 hover:underline focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-500 sm:min-h-0 dark:text-blue-300"
          >
            {t("dashboard.recent.viewAll")}
          </Link>
        ) : null
      }
    >
      {recent.length === 0 ? (
        <div className="py-6 text-center">
          <p className="font-semibold">{t("dashboard.recent.emptyTitle")}</p>
          <p className="mt-1 text-slate-600 dark:text-slate-300">{t("dashboard.recent.emptyText")}</p>
          <Link
            to="/expenses/new"
            className="mt-4 inline-flex items-center justify-center rounded-md bg-brand-600 px-4 py-2 text-sm font-semibold text-white shadow-sm hover:bg-brand-700 focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:ring-offset-2 dark:focus-visible:ring-offset-slate-900"
          >
            {t("dashboard.recent.emptyAction")}
          </Link>
        </div>
      ) : (
        <DataTable compact labelledBy="recent-transactions" columns={[
          { key: "date", label: t("dashboard.recent.date") },
          { key: "description", label: t("dashboard.recent.description") },
          { key: "category", label: t("dashboard.recent.category") },
          { key: "currency", label: t("dashboard.recent.currency") },
          { key: "amount", label: t("dashboard.recent.amount"), align: "right" },
        ]}>
          {recent.map((tx) => {
            const single = tx.payments.length === 1 ? tx.payments[0] : undefined;
            const codes = [...new Set(tx.payments.map((p) => p.currencyCode))];
            return (
              <DataRow key={tx.id}>
                <DataCell label={t("dashboard.recent.date")} className="whitespace-nowrap text-slate-700 dark:text-slate-200">
                  <time dateTime={tx.date}>{formatDate(dayToDate(tx.date), locale)}</time>
                </DataCell>
                <DataCell label={t("dashboard.recent.description")} place="title">
                  {tx.description}
                  <RepeatsSign recurringId={tx.recurringId} label={t("dashboard.recent.repeats")} />
                </DataCell>
                <DataCell label={t("dashboard.recent.category")}>
                  {tx.category ? (
                    <span className="inline-flex items-center gap-2">
                      <CategoryBadge icon={tx.category.icon} color={tx.category.color} size="sm" />
                      {categoryName(tx.category)}
                    </span>
                  ) : (
                    <span className="text-slate-600 dark:text-slate-300">{t("dashboard.recent.uncategorized")}</span>
                  )}
                </DataCell>
                <DataCell label={t("dashboard.recent.currency")} className="whitespace-nowrap">{codes.join(", ")}</DataCell>
                <DataCell label={t("dashboard.recent.amount")} place="headline" align="right">
                  <span className="sr-only">{t(`money.types.${tx.type}`)}: </span>
                  {single ? (
                    <>
                      <Money
                        minor={signedAmount(tx.type, single.amountMinor)}
                        currency={currencyOf(currencies, single.currencyCode)}
                        sign="always"
                        tone="signed"
                        className="block font-semibold"
                      />
                      {single.currencyCode !== USD.code ? (
                        <Money minor={signedAmount(tx.type, single.usdCents)} currency={USD} sign="always" className="block text-xs text-slate-600 dark:text-slate-300" />
                      ) : null}
                    </>
                  ) : (
                    <>
                      <Money minor={signedAmount(tx.type, tx.usdCents)} currency={USD} sign="always" tone="signed" className="block font-semibold" />
                      <MoneyParts
                        label={t("dashboard.recent.paidIn")}
                        parts={paymentPartsByCurrency(tx.payments).map((p) => ({ currency: currencyOf(currencies, p.currencyCode), minor: p.amountMinor }))}
                      />
                      <span className="block text-xs text-slate-600 dark:text-slate-300">
                        {t("dashboard.recent.multi", { count: tx.payments.length })}
                      </span>
                    </>
                  )}
                </DataCell>
              </DataRow>
            );
          })}
        </DataTable>
      )}
    </Card>
  );
}
