import { useTranslation } from "~/locales/use-translation";
import type { MoneyCurrency } from "~/money/amounts";
import { formatCount } from "~/text/count";
import { MoneyWithUsd, type MoneyTone } from "./money";
import { DataCell, DataRow, DataTable } from "./table";

/** One currency's income and expenses in its own minor units, with the USD cents stored with the payments. */
export type CurrencyTotalsRow = {
  currencyCode: string;
  incomeMinor: number;
  expenseMinor: number;
  incomeUsdCents: number;
  expenseUsdCents: number;
  /** Transactions with a payment in this currency, when the table counts them. */
  count?: number;
};

/**
 * Each currency in its own units (exact, at its decimals) with the USD equivalents under them:
 * income, expenses and net, and with `counted` the number of transactions. The dashboard's month
 * and the reports' period; `labelledBy` is the heading of the card it sits in.
 */
export function CurrencyTotalsTable({
  labelledBy,
  rows,
  currencyOf,
  counted = false,
}: {
  labelledBy: string;
  rows: CurrencyTotalsRow[];
  currencyOf: (code: string) => MoneyCurrency;
  counted?: boolean;
}) {
  const { t, i18n } = useTranslation();
  const label = {
    currency: t("money.byCurrency.currency"),
    income: t("money.byCurrency.income"),
    expenses: t("money.byCurrency.expenses"),
    net: t("money.byCurrency.net"),
    count: t("money.byCurrency.count"),
  };
  const money = (minor: number, usdCents: number, code: string, tone: MoneyTone) => (
    <MoneyWithUsd minor={minor} usdCents={usdCents} currency={currencyOf(code)} tone={tone} />
  );
  return (
    <DataTable
      wideAt="sm"
      compact
      labelledBy={labelledBy}
      columns={[
        { key: "currency", label: label.currency },
        { key: "income", label: label.income, align: "right" },
        { key: "expenses", label: label.expenses, align: "right" },
        { key: "net", label: label.net, align: "right" },
        ...(counted ? [{ key: "count", label: label.count, align: "right" as const }] : []),
      ]}
    >
      {rows.map((c) => (
        <DataRow key={c.currencyCode}>
          <DataCell label={label.currency} place="title" header className="text-left font-semibold">
            {c.currencyCode}
          </DataCell>
          <DataCell label={label.income} align="right">
            {money(c.incomeMinor, c.incomeUsdCents, c.currencyCode, "income")}
          </DataCell>
          <DataCell label={label.expenses} align="right">
            {money(c.expenseMinor, c.expenseUsdCents, c.currencyCode, "expense")}
          </DataCell>
          <DataCell label={label.net} align="right" className="font-medium">
            {money(c.incomeMinor - c.expenseMinor, c.incomeUsdCents - c.expenseUsdCents, c.currencyCode, "signed")}
          </DataCell>
          {counted ? (
            <DataCell label={label.count} align="right" className="tabular-nums">
              {formatCount(c.count ?? 0, i18n.language)}
            </DataCell>
          ) : null}
        </DataRow>
      ))}
    </DataTable>
  );
}
