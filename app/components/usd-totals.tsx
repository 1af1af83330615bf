import type { ReactNode } from "react";
import { useTranslation } from "~/locales/use-translation";
import { USD } from "~/money/currencies";
import { cardClass, cardFromSmClass, cardOnPhoneOnlyClass } from "./card";
import { Money, type MoneyTone } from "./money";

/** Income, expenses and their difference in USD cents, as the database summed them. */
export type UsdTotalsFigures = { incomeUsdCents: number; expenseUsdCents: number; netUsdCents: number };

export type UsdTotalKey = "income" | "expenses" | "net";

const FIGURES: { key: UsdTotalKey; cents: (totals: UsdTotalsFigures) => number; tone: MoneyTone }[] = [
  { key: "income", cents: (totals) => totals.incomeUsdCents, tone: "income" },
  { key: "expenses", cents: (totals) => totals.expenseUsdCents, tone: "expense" },
  { key: "net", cents: (totals) => totals.netUsdCents, tone: "signed" },
];

/**
 * The income, expenses and net tiles in USD: `messages` names the page's labels (its income,
 * expenses and net keys). "cards" are the dashboard's three large cards, each figure under its
 * own heading (an h3, below the section's h2), with `notes` (more paragraphs) under a figure;
 * "strip" is the transaction list's terms, one compact line on a phone, so the list's first rows
 * fit the first screen, and cards from sm up.
 */
export function UsdTotals({
  totals,
  messages,
  layout,
  notes,
}: {
  totals: UsdTotalsFigures;
  messages: string;
  layout: "cards" | "strip";
  notes?: (key: UsdTotalKey) => ReactNode;
}) {
  const { t } = useTranslation();
  const money = (figure: (typeof FIGURES)[number]) => <Money minor={figure.cents(totals)} currency={USD} tone={figure.tone} />;
  if (layout === "cards") {
    return (
      <div className="grid gap-4 md:grid-cols-3">
        {FIGURES.map((figure) => (
          <div key={figure.key} className={`p-4 sm:p-6 ${cardClass}`}>
            <h3 className="text-sm font-medium text-slate-600 dark:text-slate-300">{t(`${messages}.${figure.key}`)}</h3>
            <p className="mt-2 text-2xl font-bold sm:text-3xl">{money(figure)}</p>
            {notes?.(figure.key)}
          </div>
        ))}
      </div>
    );
  }
  return (
    <dl className={`flex flex-wrap items-baseline gap-x-4 gap-y-1 px-4 py-2 sm:grid sm:grid-cols-3 sm:gap-3 sm:p-0 ${cardClass} ${cardOnPhoneOnlyClass}`}>
      {FIGURES.map((figure) => (
        <div key={figure.key} className={`flex items-baseline gap-1.5 sm:block sm:p-4 ${cardFromSmClass}`}>
          <dt className="text-xs font-medium text-slate-600 sm:text-sm dark:text-slate-300">{t(`${messages}.${figure.key}`)}</dt>
          <dd className="text-sm font-bold sm:mt-1 sm:text-2xl">{money(figure)}</dd>
        </div>
      ))}
    </dl>
  );
}
