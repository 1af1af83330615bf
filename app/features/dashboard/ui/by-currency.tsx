import { useTranslation } from "~/locales/use-translation";
import { Card } from "~/components/card";
import { CurrencyTotalsTable } from "~/components/currency-totals-table";
import { currencyOf, type DashboardCurrency } from "~/features/dashboard/model";
import type { CurrencyMonth } from "~/features/transactions/model/transaction";

/** Spec section 2: shown only when more than one currency was used this month. */
export function ByCurrency({ byCurrency, currencies }: { byCurrency: CurrencyMonth[]; currencies: DashboardCurrency[] }) {
  const { t } = useTranslation();
  return (
    <Card id="by-currency" title={t("dashboard.byCurrency.title")}>
      <p className="-mt-2 mb-3 text-sm text-slate-600 dark:text-slate-300">{t("dashboard.byCurrency.subtitle")}</p>
      <CurrencyTotalsTable labelledBy="by-currency" rows={byCurrency} currencyOf={(code) => currencyOf(currencies, code)} counted />
    </Card>
  );
}
