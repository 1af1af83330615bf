import { useTranslation } from "~/locales/use-translation";
import { formatPercentChange } from "~/features/dashboard/model";
import type { CurrencyMonth, MonthTotals } from "~/features/transactions/model/transaction";
import { Money, moneyToneClass, type MoneyTone } from "~/components/money";
import { USD } from "~/money/currencies";
import { panel } from "./tones";

/** Spec section 2: income, expenses and net balance for the current month, in USD. */
export function MoneyCards({
  current,
  changeTenths,
  byCurrency,
  month,
}: {
  current: MonthTotals;
  /** The change against last month in tenths of a percent, as exact digits (dashboard/model.ts shownChange). */
  changeTenths: string | null;
  byCurrency: CurrencyMonth[];
  month: string;
}) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const others = byCurrency.map((c) => c.currencyCode).filter((code) => code !== USD.code);
  const cards: { key: string; label: string; cents: number; tone: MoneyTone }[] = [
    { key: "income", label: t("dashboard.money.income"), cents: current.incomeUsdCents, tone: "income" },
    { key: "expenses", label: t("dashboard.money.expenses"), cents: current.expenseUsdCents, tone: "expense" },
    { key: "net", label: t("dashboard.money.net"), cents: current.netUsdCents, tone: "signed" },
  ];
  return (
    <section aria-labelledby="month-money">
      <h2 id="month-money" className="sr-only">
        {t("dashboard.money.title")}
      </h2>
      <div className="grid gap-4 md:grid-cols-3">
        {cards.map((card) => (
          <div key={card.key} className={panel}>
            <h3 className="text-sm font-medium text-slate-600 dark:text-slate-300">{card.label}</h3>
            <p className="mt-2 text-2xl font-bold sm:text-3xl"><Money minor={card.cents} currency={USD} tone={card.tone} /></p>
            <p className="mt-1 text-xs text-slate-600 dark:text-slate-300">{t("dashboard.money.period", { month })}</p>
            {card.key === "net" ? (
              <>
                {others.length > 0 ? (
                  <p className="mt-2 text-sm text-slate-700 dark:text-slate-200">
                    {t("dashboard.money.otherCurrencies", { codes: new Intl.ListFormat(locale, { type: "conjunction" }).format(others) })}
                  </p>
                ) : null}
                {changeTenths !== null ? (
                  <p className={`mt-1 text-sm font-medium ${moneyToneClass(BigInt(changeTenths), "signed")}`}>
                    <span aria-hidden="true">{BigInt(changeTenths) < 0n ? "▼ " : BigInt(changeTenths) > 0n ? "▲ " : ""}</span>
                    {t("dashboard.money.change", { percent: formatPercentChange(changeTenths, locale) })}
                  </p>
                ) : null}
              </>
            ) : null}
          </div>
        ))}
      </div>
    </section>
  );
}
