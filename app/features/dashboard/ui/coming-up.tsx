import { useTranslation } from "~/locales/use-translation";
import { Link } from "react-router";
import { Card } from "~/components/card";
import { Money } from "~/components/money";
import { scheduleHref } from "~/components/repeats-sign";
import { currencyOf, type DashboardCurrency } from "~/features/dashboard/model";
import { formatMoney, signedAmount } from "~/money/amounts";
import { USD } from "~/money/currencies";
import { dayToDate } from "~/calendar/days";
import { formatDate } from "~/calendar/format";
import type { ComingUpItem } from "~/features/recurring/queries.server";

/** One occurrence due soon, as the loader sends it (recurring/queries.server.ts comingUp). */
export type ComingUpRow = ComingUpItem;

const linkClass =
  "inline-flex min-h-11 items-center px-1 text-sm font-medium text-brand-700 hover:underline focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-500 sm:min-h-0 dark:text-blue-300";

/**
 * Issue 24: what the user's schedules post in the next 7 days (their today and the 6 after),
 * each with its date, description, amounts and a USD estimate at today's rate, labelled as one.
 * A currency with no rate today says so instead of a guess. Plain links and text: no JavaScript.
 */
export function ComingUp({ items, currencies }: { items: readonly ComingUpRow[]; currencies: readonly DashboardCurrency[] }) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  return (
    <Card
      id="coming-up"
      title={t("dashboard.comingUp.title")}
      actions={
        items.length > 0 ? (
          <Link to="/recurring" className={linkClass}>
            {t("dashboard.comingUp.manage")}
          </Link>
        ) : null
      }
    >
      <p className="-mt-2 mb-3 text-sm text-slate-600 dark:text-slate-300">{t("dashboard.comingUp.subtitle")}</p>
      {items.length === 0 ? (
        <p className="text-sm">
          {t("dashboard.comingUp.emptyText")}{" "}
          <Link to="/recurring" className={linkClass}>
            {t("dashboard.comingUp.emptyAction")}
          </Link>
        </p>
      ) : (
        <ul className="divide-y divide-slate-200 dark:divide-slate-800" data-coming-up="">
          {items.map((item) => {
            // An estimate only where a currency other than USD was converted: a USD amount is its own figure.
            const converted = item.payments.some((p) => p.currencyCode !== USD.code && !item.missingRates.includes(p.currencyCode));
            const estimate = BigInt(item.estimateUsdCents);
            return (
              <li key={`${item.recurringId}-${item.date}`} className="flex flex-wrap items-start justify-between gap-x-4 gap-y-1 py-3 first:pt-0 last:pb-0" data-coming-up-item="">
                <div className="min-w-0 flex-1">
                  <Link to={scheduleHref(item.recurringId)} className="inline-flex min-h-11 min-w-11 items-center font-medium break-words text-slate-900 hover:underline sm:min-h-0 sm:min-w-0 focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-500 dark:text-slate-100">
                    {item.description}
                  </Link>
                  <p className="text-sm text-slate-600 dark:text-slate-300">
                    <time dateTime={item.date}>{formatDate(dayToDate(item.date), locale)}</time>
                  </p>
                </div>
                <div className="text-right">
                  <span className="sr-only">{t(`money.types.${item.type}`)}: </span>
                  {item.payments.map((p, i) => (
                    <Money
                      key={i}
                      minor={signedAmount(item.type, p.amountMinor)}
                      currency={currencyOf(currencies, p.currencyCode)}
                      sign="always"
                      tone="signed"
                      className="block font-semibold"
                    />
                  ))}
                  {converted ? (
                    <span className="block text-xs text-slate-600 dark:text-slate-300" data-estimate="">
                      {t("dashboard.comingUp.estimate", { amount: formatMoney(estimate, USD, locale) })}
                    </span>
                  ) : null}
                  {item.missingRates.length > 0 ? (
                    <span className="block text-xs text-amber-800 dark:text-amber-300">{t("dashboard.comingUp.noRate", { codes: item.missingRates.join(", ") })}</span>
                  ) : null}
                </div>
              </li>
            );
          })}
        </ul>
      )}
    </Card>
  );
}
