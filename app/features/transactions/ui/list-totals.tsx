import { useTranslation } from "~/locales/use-translation";
import { formatCount } from "~/text/count";
import { UsdTotals, type UsdTotalsFigures } from "~/components/usd-totals";

/** The USD totals of every row the list's filters match (all pages), as the database summed them. */
export function Totals({ totals, total, filtered }: { totals: UsdTotalsFigures; total: number; filtered: boolean }) {
  const { t, i18n } = useTranslation();
  return (
    <section aria-labelledby="transaction-totals-heading">
      <h2 id="transaction-totals-heading" className="mb-1 text-sm font-medium text-slate-600 sm:mb-2 dark:text-slate-300">
        {filtered ? t("transactions.totals.title", { total: formatCount(total, i18n.language) }) : t("transactions.totals.titleAll")}
      </h2>
      <UsdTotals totals={totals} messages="transactions.totals" layout="strip" />
    </section>
  );
}
