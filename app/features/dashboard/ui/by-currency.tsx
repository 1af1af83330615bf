import { useTranslation } from "~/locales/use-translation";
import { formatCount } from "~/text/count";
import { Card } from "~/components/card";
import { DataCell, DataRow, DataTable } from "~/components/table";
import { currencyOf, type DashboardCurrency } from "~/features/dashboard/model";
import type { CurrencyMonth } from "~/features/transactions/model/transaction";
import { MoneyWithUsd, type MoneyTone } from "~/components/money";

/** Spec section 2: shown only when more than one currency was used this month. */
export function ByCurrency({ byCurrency, currencies }: { byCurrency: CurrencyMonth[]; currencies: DashboardCurrency[] }) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const money = (minor: number, usdCents: number, code: string, tone: MoneyTone) => (
    <MoneyWithUsd minor={minor} usdCents={usdCents} currency={currencyOf(currencies, code)} tone={tone} />
  );
  return (
    <Card id="by-currency" title={t("dashboard.byCurrency.title")}>
      <p className="-mt-2 mb-3 text-sm text-slate-600 dark:text-slate-300">{t("dashboard.byCurrency.subtitle")}</p>
      <DataTable wideAt="sm" compact labelledBy="by-currency" columns={[
        { key: "currency", label: t("dashboard.byCurrency.currency") },
        { key: "income", label: t("dashboard.byCurrency.income"), align: "right" },
        { key: "expenses", label: t("dashboard.byCurrency.expenses"), align: "right" },
        { key: "net", label: t("dashboard.byCurrency.net"), align: "right" },
        { key: "count", label: t("dashboard.byCurrency.count"), align: "right" },
      ]}>
        {byCurrency.map((c) => {
          const net = c.incomeMinor - c.expenseMinor;
          const netUsd = c.incomeUsdCents - c.expenseUsdCents;
          return (
            <DataRow key={c.currencyCode}>
              <DataCell label={t("dashboard.byCurrency.currency")} place="title" header className="text-left font-semibold">
                {c.currencyCode}
              </DataCell>
              <DataCell label={t("dashboard.byCurrency.income")} align="right" >{money(c.incomeMinor, c.incomeUsdCents, c.currencyCode, "income")}</DataCell>
              <DataCell label={t("dashboard.byCurrency.expenses")} align="right" >{money(c.expenseMinor, c.expenseUsdCents, c.currencyCode, "expense")}</DataCell>
              <DataCell label={t("dashboard.byCurrency.net")} align="right" className="font-medium">{money(net, netUsd, c.currencyCode, "signed")}</DataCell>
              <DataCell label={t("dashboard.byCurrency.count")} align="right" className="tabular-nums">{formatCount(c.count, locale)}</DataCell>
            </DataRow>
          );
        })}
      </DataTable>
    </Card>
  );
}
