import { Link } from "react-router";
import { useTranslation } from "~/locales/use-translation";
import { formatPercentChange } from "~/features/dashboard/model";
import type { CurrencyMonth, MonthTotals } from "~/features/transactions/model/transaction";
import { moneyToneClass } from "~/components/money";
import { UsdTotals } from "~/components/usd-totals";
import { formatMoney } from "~/money/amounts";
import { USD } from "~/money/currencies";

/** Spec section 2: income, expenses and net balance for the current month, in USD. */
export function MoneyCards({
  current,
  changeTenths,
  differenceCents,
  byCurrency,
  month,
}: {
  current: MonthTotals;
  /** The change against last month in tenths of a percent, as exact digits (dashboard/model.ts shownChange). */
  changeTenths: string | null;
  /** This month's net − last month's, in USD cents, as exact digits (dashboard/model.ts netDifferenceCents). */
  differenceCents: string;
  byCurrency: CurrencyMonth[];
  month: string;
}) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const others = byCurrency.map((c) => c.currencyCode).filter((code) => code !== USD.code);
  return (
    <section aria-labelledby="month-money">
      <h2 id="month-money" className="sr-only">
        {t("dashboard.money.title")}
      </h2>
      <UsdTotals
        totals={current}
        messages="dashboard.money"
        layout="cards"
        notes={(key) => (
          <>
            <p className="mt-1 text-xs text-slate-600 dark:text-slate-300">{t("dashboard.money.period", { month })}</p>
            {key === "net" && others.length > 0 ? (
              <p className="mt-2 text-sm text-slate-700 dark:text-slate-200">
                {t("dashboard.money.otherCurrencies", { codes: new Intl.ListFormat(locale, { type: "conjunction" }).format(others) })}
              </p>
            ) : null}
            {key === "net" && changeTenths !== null ? (
              <p className={`mt-1 text-sm font-medium ${moneyToneClass(BigInt(changeTenths), "signed")}`}>
                <span aria-hidden="true">{BigInt(changeTenths) < 0n ? "▼ " : BigInt(changeTenths) > 0n ? "▲ " : ""}</span>
                {t("dashboard.money.change", {
                  percent: formatPercentChange(changeTenths, locale),
                  difference: formatMoney(BigInt(differenceCents), USD, locale, "always"),
                })}
              </p>
            ) : null}
          </>
        )}
      />
      {current.incomeUsdCents === 0 && current.expenseUsdCents === 0 ? (
        <p className="mt-3 text-sm text-slate-600 dark:text-slate-300">
          {t("dashboard.money.empty")}{" "}
          <Link to="/expenses/new" className="font-medium text-brand-700 underline underline-offset-4 focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-500 dark:text-blue-300">
            {t("dashboard.money.emptyAction")}
          </Link>
        </p>
      ) : null}
    </section>
  );
}
