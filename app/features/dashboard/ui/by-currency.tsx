import { useTranslation } from "react-i18next";
import { Card } from "~/components/card";
import { TableHead } from "~/components/table";
import { currencyOf, type CurrencyMonth, type DashboardCurrency } from "~/features/dashboard/model";
import { Money, type MoneyTone } from "~/components/money";
import { USD } from "~/money/currencies";

/** Spec section 2: shown only when more than one currency was used this month. */
export function ByCurrency({ byCurrency, currencies }: { byCurrency: CurrencyMonth[]; currencies: DashboardCurrency[] }) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const n = new Intl.NumberFormat(locale);
  const money = (minor: number, usdCents: number, code: string, tone: MoneyTone) => (
    <>
      <Money minor={minor} currency={currencyOf(currencies, code)} tone={tone} className="block" />
      {code !== USD.code ? (
        <Money minor={usdCents} currency={USD} className="block text-xs text-slate-600 dark:text-slate-300" />
      ) : null}
    </>
  );
  return (
    <Card id="by-currency" title={t("dashboard.byCurrency.title")}>
      <p className="-mt-2 mb-3 text-sm text-slate-600 dark:text-slate-300">{t("dashboard.byCurrency.subtitle")}</p>
      {/* A focusable scroll box on a phone; relative, so the screen-reader-only text inside scrolls with it instead of widening the page. */}
      <div className="relative overflow-x-auto" tabIndex={0} role="region" aria-labelledby="by-currency">
        <table className="w-full min-w-[36rem] divide-y divide-slate-200 text-sm dark:divide-slate-800">
          <TableHead compact columns={[
            { key: "currency", label: t("dashboard.byCurrency.currency") },
            { key: "income", label: t("dashboard.byCurrency.income"), align: "right" },
            { key: "expenses", label: t("dashboard.byCurrency.expenses"), align: "right" },
            { key: "net", label: t("dashboard.byCurrency.net"), align: "right" },
            { key: "count", label: t("dashboard.byCurrency.count"), align: "right" },
          ]} />
          <tbody className="divide-y divide-slate-200 dark:divide-slate-800">
            {byCurrency.map((c) => {
              const net = c.incomeMinor - c.expenseMinor;
              const netUsd = c.incomeUsdCents - c.expenseUsdCents;
              return (
                <tr key={c.currencyCode}>
                  <th scope="row" className="px-3 py-2 text-left font-semibold">
                    {c.currencyCode}
                  </th>
                  <td className="px-3 py-2 text-right">{money(c.incomeMinor, c.incomeUsdCents, c.currencyCode, "income")}</td>
                  <td className="px-3 py-2 text-right">{money(c.expenseMinor, c.expenseUsdCents, c.currencyCode, "expense")}</td>
                  <td className="px-3 py-2 text-right font-medium">{money(net, netUsd, c.currencyCode, "signed")}</td>
                  <td className="px-3 py-2 text-right tabular-nums">{n.format(c.count)}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </Card>
  );
}
