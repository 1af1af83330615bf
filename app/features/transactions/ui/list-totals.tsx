import { useTranslation } from "react-i18next";
import { Money, type MoneyTone } from "~/components/money";
import { USD } from "~/money/currencies";

/** The USD totals of every row the list's filters match (all pages), as the database summed them. */
export type ListTotals = { incomeUsdCents: number; expenseUsdCents: number; netUsdCents: number };

export function Totals({ totals, total, filtered }: { totals: ListTotals; total: number; filtered: boolean }) {
  const { t, i18n } = useTranslation();
  const n = new Intl.NumberFormat(i18n.language);
  const tiles: { key: string; label: string; cents: number; tone: MoneyTone }[] = [
    { key: "income", label: t("transactions.totals.income"), cents: totals.incomeUsdCents, tone: "income" },
    { key: "expenses", label: t("transactions.totals.expenses"), cents: totals.expenseUsdCents, tone: "expense" },
    { key: "net", label: t("transactions.totals.net"), cents: totals.netUsdCents, tone: "signed" },
  ];
  return (
    <section aria-labelledby="transaction-totals-heading">
      <h2 id="transaction-totals-heading" className="mb-2 text-sm font-medium text-slate-600 dark:text-slate-300">
        {filtered ? t("transactions.totals.title", { total: n.format(total) }) : t("transactions.totals.titleAll")}
      </h2>
      <dl className="grid gap-3 sm:grid-cols-3">
        {tiles.map((tile) => (
          <div
            key={tile.key}
            className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm dark:border-slate-800 dark:bg-slate-900"
          >
            <dt className="text-sm font-medium text-slate-600 dark:text-slate-300">{tile.label}</dt>
            <dd className="mt-1 text-xl font-bold sm:text-2xl"><Money minor={tile.cents} currency={USD} tone={tile.tone} /></dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
