import { useTranslation } from "~/locales/use-translation";
import { formatCount } from "~/text/count";
import { Money, type MoneyTone } from "~/components/money";
import { USD } from "~/money/currencies";

/** The USD totals of every row the list's filters match (all pages), as the database summed them. */
export type ListTotals = { incomeUsdCents: number; expenseUsdCents: number; netUsdCents: number };

export function Totals({ totals, total, filtered }: { totals: ListTotals; total: number; filtered: boolean }) {
  const { t, i18n } = useTranslation();
  const tiles: { key: string; label: string; cents: number; tone: MoneyTone }[] = [
    { key: "income", label: t("transactions.totals.income"), cents: totals.incomeUsdCents, tone: "income" },
    { key: "expenses", label: t("transactions.totals.expenses"), cents: totals.expenseUsdCents, tone: "expense" },
    { key: "net", label: t("transactions.totals.net"), cents: totals.netUsdCents, tone: "signed" },
  ];
  return (
    <section aria-labelledby="transaction-totals-heading">
      <h2 id="transaction-totals-heading" className="mb-1 text-sm font-medium text-slate-600 sm:mb-2 dark:text-slate-300">
        {filtered ? t("transactions.totals.title", { total: formatCount(total, i18n.language) }) : t("transactions.totals.titleAll")}
      </h2>
      {/* One compact line on a phone, so the first transactions fit on the first screen; tiles from sm up. */}
      <dl className="flex flex-wrap items-baseline gap-x-4 gap-y-1 rounded-xl border border-slate-200 bg-white px-4 py-2 shadow-sm sm:grid sm:grid-cols-3 sm:gap-3 sm:border-0 sm:bg-transparent sm:p-0 sm:shadow-none dark:border-slate-800 dark:bg-slate-900 sm:dark:bg-transparent">
        {tiles.map((tile) => (
          <div
            key={tile.key}
            className="flex items-baseline gap-1.5 sm:block sm:rounded-xl sm:border sm:border-slate-200 sm:bg-white sm:p-4 sm:shadow-sm sm:dark:border-slate-800 sm:dark:bg-slate-900"
          >
            <dt className="text-xs font-medium text-slate-600 sm:text-sm dark:text-slate-300">{tile.label}</dt>
            <dd className="text-sm font-bold sm:mt-1 sm:text-2xl"><Money minor={tile.cents} currency={USD} tone={tile.tone} /></dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
