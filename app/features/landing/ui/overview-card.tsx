import { Money, type MoneyTone } from "~/components/money";
import { USD } from "~/money/currencies";
import { useTranslation } from "~/locales/use-translation";
import { mutedText } from "./classes";

/** Illustrative sample month in minor units; USD equivalents are fixed so the preview reads the same everywhere. */
const sampleRows = [
  { key: "salary", currency: "USD", amount: 420000, usd: 420000 },
  { key: "freelance", currency: "EUR", amount: 95000, usd: 104000 },
  { key: "rent", currency: "USD", amount: -145000, usd: -145000 },
  { key: "groceries", currency: "VES", amount: -1240000, usd: -34000 },
  { key: "travel", currency: "COP", amount: -78000000, usd: -19500 },
] as const;

export function OverviewCard() {
  const { t } = useTranslation();
  const income = sampleRows.reduce((sum, r) => (r.usd > 0 ? sum + r.usd : sum), 0);
  const expenses = sampleRows.reduce((sum, r) => (r.usd < 0 ? sum - r.usd : sum), 0);
  const tiles: { label: string; cents: number; tone: MoneyTone }[] = [
    { label: t("landing.overview.income"), cents: income, tone: "income" },
    { label: t("landing.overview.expenses"), cents: expenses, tone: "expense" },
    { label: t("landing.overview.net"), cents: income - expenses, tone: "plain" },
  ];
  return (
    <section
      id="overview"
      aria-labelledby="overview-title"
      className="scroll-mt-24 rounded-2xl border border-slate-200 bg-white p-4 shadow-xl sm:p-6 dark:border-slate-700 dark:bg-slate-900"
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div>
          <h2 id="overview-title" className="text-lg font-semibold text-slate-900 dark:text-white">
            {t("landing.overview.title")}
          </h2>
          <p className={`text-sm ${mutedText}`}>{t("landing.overview.month")}</p>
        </div>
        <span className="rounded-full border border-amber-300 bg-amber-50 px-2.5 py-0.5 text-xs font-semibold text-amber-900 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-200">
          {t("landing.overview.sample")}
        </span>
      </div>
      <dl className="mt-4 grid grid-cols-1 gap-3 min-[400px]:grid-cols-3">
        {tiles.map((tile) => (
          <div
            key={tile.label}
            className="flex items-baseline justify-between gap-2 rounded-lg bg-slate-50 px-3 py-2 min-[400px]:block min-[400px]:py-3 dark:bg-slate-800"
          >
            <dt className={`text-xs font-medium ${mutedText}`}>{tile.label}</dt>
            <dd className="text-lg font-bold min-[400px]:mt-1"><Money minor={tile.cents} currency={USD} tone={tile.tone} /></dd>
          </div>
        ))}
      </dl>
      <table className="mt-5 w-full text-sm">
        <caption className="mb-2 text-left text-sm font-semibold text-slate-900 dark:text-white">
          {t("landing.overview.byCurrency")}
        </caption>
        <thead>
          <tr className={`border-b border-slate-200 text-left text-xs dark:border-slate-700 ${mutedText}`}>
            <th scope="col" className="py-2 pr-2 font-medium">
              {t("landing.overview.description")}
            </th>
            <th scope="col" className="hidden py-2 pr-2 font-medium sm:table-cell">
              {t("landing.overview.currency")}
            </th>
            <th scope="col" className="py-2 text-right font-medium">
              {t("landing.overview.amount")}
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100 dark:divide-slate-800">
          {sampleRows.map((row) => (
            <tr key={row.key}>
              <td className="py-2 pr-2 text-slate-800 dark:text-slate-100">{t(`landing.overview.rows.${row.key}`)}</td>
              {/* On narrow screens the formatted amount already names the currency. */}
              <td className="hidden py-2 pr-2 sm:table-cell">
                <span className="rounded bg-slate-100 px-1.5 py-0.5 font-mono text-xs font-semibold text-slate-700 dark:bg-slate-800 dark:text-slate-200">
                  {row.currency}
                </span>
              </td>
              <td className="py-2 text-right tabular-nums">
                <Money minor={row.amount} currency={{ code: row.currency, decimals: 2 }} sign="always" tone="signed" className="block font-semibold" />
                {row.currency !== "USD" ? (
                  <span className={`block whitespace-nowrap text-xs ${mutedText}`}>
                    <span className="sr-only">{t("landing.overview.usd")}: </span>≈ <Money minor={row.usd} currency={USD} sign="always" />
                  </span>
                ) : null}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className={`mt-4 text-xs ${mutedText}`}>{t("landing.overview.caption")}</p>
    </section>
  );
}
