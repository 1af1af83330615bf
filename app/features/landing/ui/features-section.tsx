import type { ReactNode } from "react";
import { cardClass } from "~/components/card";
import { useTranslation } from "~/locales/use-translation";
import { headingClass, mutedText } from "./classes";

const featureIcons: Record<string, ReactNode> = {
  multiCurrency: <path d="M7 7h12l-3-3M17 17H5l3 3" strokeLinecap="round" strokeLinejoin="round" />,
  analytics: <path d="M3 21h18M7 17v-5M12 17V7M17 17v-8" strokeLinecap="round" />,
  budgets: (
    <>
      <circle cx="12" cy="12" r="9" />
      <circle cx="12" cy="12" r="5" />
      <circle cx="12" cy="12" r="1" fill="currentColor" />
    </>
  ),
  categories: (
    <>
      <path d="M3 12V4a1 1 0 0 1 1-1h8l9 9-9 9-9-9Z" strokeLinejoin="round" />
      <circle cx="8" cy="8" r="1.5" />
    </>
  ),
  mobile: (
    <>
      <rect x="7" y="2" width="10" height="20" rx="2" />
      <path d="M11 18h2" strokeLinecap="round" />
    </>
  ),
  export: <path d="M12 3v12M7 10l5 5 5-5M4 21h16" strokeLinecap="round" strokeLinejoin="round" />,
};

const featureKeys = ["multiCurrency", "analytics", "budgets", "categories", "mobile", "export"] as const;

export function Features() {
  const { t } = useTranslation();
  return (
    <section id="features" aria-labelledby="features-title" className="scroll-mt-20 py-16 sm:py-24">
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <div className="mx-auto max-w-2xl text-center">
          <h2 id="features-title" className={headingClass}>
            {t("landing.features.title")}
          </h2>
          <p className={`mt-4 text-lg ${mutedText}`}>{t("landing.features.subtitle")}</p>
        </div>
        <ul className="mt-12 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {featureKeys.map((key) => (
            <li key={key} className={`${cardClass} p-6`}>
              <span className="flex h-11 w-11 items-center justify-center rounded-lg bg-brand-50 text-brand-700 dark:bg-blue-950 dark:text-blue-300">
                <svg aria-hidden="true" viewBox="0 0 24 24" className="h-6 w-6" fill="none" stroke="currentColor" strokeWidth="2">
                  {featureIcons[key]}
                </svg>
              </span>
              <h3 className="mt-4 text-lg font-semibold text-slate-900 dark:text-white">{t(`landing.features.items.${key}.title`)}</h3>
              <p className={`mt-2 ${mutedText}`}>{t(`landing.features.items.${key}.body`)}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
