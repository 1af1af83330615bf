import { Link } from "react-router";
import { buttonClass } from "~/components/forms";
import { annualSaving, freeMonthsOnAnnual, plans, type PlanId } from "~/features/landing/model/pricing";
import { useTranslation } from "~/locales/use-translation";
import { formatMoney } from "~/money/amounts";
import { USD } from "~/money/currencies";
import { CheckIcon } from "./check-icon";
import { headingClass, mutedText } from "./classes";

/** The plans' prices are whole dollars. */
const WHOLE_USD = { code: USD.code, decimals: 0 };

type PlanFeature = { key: string; values?: Record<string, unknown> };

function planFeatures(id: PlanId, currencyLimit: number | null): PlanFeature[] {
  const currencies: PlanFeature =
    currencyLimit === null ? { key: "unlimitedCurrencies" } : { key: "currencyLimit", values: { limit: currencyLimit } };
  switch (id) {
    case "basic":
      return [currencies, { key: "tracking" }, { key: "reports" }, { key: "csv" }];
    case "pro":
      return [currencies, { key: "tracking" }, { key: "budgets" }, { key: "analytics" }, { key: "csv" }];
    case "enterprise":
      return [currencies, { key: "everythingInPro" }, { key: "prioritySupport" }];
  }
}

/**
 * The billing toggle is two radios; CSS on the section (`group-has-[…:checked]`) shows the
 * chosen period's prices, so it works before and without JavaScript.
 */
export function Pricing() {
  const { t, i18n } = useTranslation();
  const price = (dollars: number) => formatMoney(dollars, WHOLE_USD, i18n.language);
  const segmentLabel = `flex cursor-pointer items-center gap-2 rounded-full px-4 py-2 text-sm font-semibold text-slate-700 peer-checked:bg-brand-600 peer-checked:text-white peer-focus-visible:ring-2 peer-focus-visible:ring-brand-500 peer-focus-visible:ring-offset-2 dark:text-slate-200 dark:peer-checked:text-white dark:peer-focus-visible:ring-offset-slate-900`;
  return (
    <section
      id="pricing"
      aria-labelledby="pricing-title"
      className="group/pricing scroll-mt-20 border-y border-slate-200 bg-white py-16 sm:py-24 dark:border-slate-800 dark:bg-slate-900"
    >
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <div className="mx-auto max-w-2xl text-center">
          <h2 id="pricing-title" className={headingClass}>
            {t("landing.pricing.title")}
          </h2>
          <p className={`mt-4 text-lg ${mutedText}`}>{t("landing.pricing.subtitle")}</p>
        </div>
        <fieldset className="mx-auto mt-10 flex w-fit gap-1 rounded-full border border-slate-300 bg-slate-50 p-1 dark:border-slate-600 dark:bg-slate-950">
          <legend className="sr-only">{t("landing.pricing.billing")}</legend>
          <div className="relative">
            <input type="radio" name="billing" id="billing-monthly" value="monthly" defaultChecked className="peer sr-only" />
            <label htmlFor="billing-monthly" className={segmentLabel}>
              {t("landing.pricing.monthly")}
            </label>
          </div>
          <div className="relative">
            <input type="radio" name="billing" id="billing-annual" value="annual" className="peer sr-only" />
            <label htmlFor="billing-annual" className={segmentLabel}>
              {t("landing.pricing.annual")}
              <span className="rounded-full bg-green-100 px-2 py-0.5 text-xs font-semibold text-green-800 dark:bg-green-950 dark:text-green-200">
                {t("landing.pricing.annualHint", { months: freeMonthsOnAnnual() })}
              </span>
            </label>
          </div>
        </fieldset>
        <ul className="mx-auto mt-12 grid max-w-md gap-8 lg:max-w-none lg:grid-cols-3">
          {plans.map((plan) => {
            const name = t(`landing.pricing.plans.${plan.id}.name`);
            return (
              <li
                key={plan.id}
                className={`relative flex flex-col rounded-2xl border bg-white p-6 shadow-sm sm:p-8 dark:bg-slate-950 ${
                  plan.popular
                    ? "border-brand-600 ring-2 ring-brand-600 dark:border-blue-400 dark:ring-blue-400"
                    : "border-slate-200 dark:border-slate-700"
                }`}
              >
                {plan.popular ? (
                  <p className="absolute -top-3 left-1/2 -translate-x-1/2 whitespace-nowrap rounded-full bg-brand-600 px-3 py-1 text-xs font-semibold text-white">
                    {t("landing.pricing.mostPopular")}
                  </p>
                ) : null}
                <h3 className="text-xl font-semibold text-slate-900 dark:text-white">{name}</h3>
                <p className={`mt-2 text-sm lg:min-h-10 ${mutedText}`}>{t(`landing.pricing.plans.${plan.id}.description`)}</p>
                <div className="mt-6 min-h-20 group-has-[#billing-annual:checked]/pricing:hidden">
                  <p className="flex items-baseline gap-1">
                    <span className="text-4xl font-bold tracking-tight text-slate-900 dark:text-white">{price(plan.monthly)}</span>
                    <span className={`text-sm font-medium ${mutedText}`}>{t("landing.pricing.perMonth")}</span>
                  </p>
                  <p className={`mt-1 text-sm ${mutedText}`}>{t("landing.pricing.billedMonthly")}</p>
                </div>
                <div className="mt-6 hidden min-h-20 group-has-[#billing-annual:checked]/pricing:block">
                  <p className="flex items-baseline gap-1">
                    <span className="text-4xl font-bold tracking-tight text-slate-900 dark:text-white">{price(plan.annual)}</span>
                    <span className={`text-sm font-medium ${mutedText}`}>{t("landing.pricing.perYear")}</span>
                  </p>
                  <p className="mt-1 text-sm font-semibold text-green-700 dark:text-green-400">
                    {t("landing.pricing.save", { amount: price(annualSaving(plan)) })}
                  </p>
                </div>
                <ul className="mt-6 flex-1 space-y-3 text-sm">
                  {planFeatures(plan.id, plan.currencyLimit).map((f) => (
                    <li key={f.key} className="flex gap-2 text-slate-700 dark:text-slate-200">
                      <CheckIcon className="h-5 w-5 shrink-0 text-brand-600 dark:text-blue-300" />
                      {t(`landing.pricing.featureList.${f.key}`, f.values)}
                    </li>
                  ))}
                </ul>
                <Link
                  to="/auth/register"
                  aria-label={`${t("landing.pricing.choose")}: ${name}`}
                  className={`${plan.popular ? buttonClass.primary : buttonClass.secondary} mt-8 w-full`}
                >
                  {t("landing.pricing.choose")}
                </Link>
              </li>
            );
          })}
        </ul>
      </div>
    </section>
  );
}
