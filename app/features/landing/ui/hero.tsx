import { Link } from "react-router";
import { buttonClass } from "~/components/forms";
import { useTranslation } from "~/locales/use-translation";
import { CheckIcon } from "./check-icon";
import { largeButton, mutedText } from "./classes";
import { OverviewCard } from "./overview-card";

export function Hero() {
  const { t } = useTranslation();
  return (
    <section
      aria-labelledby="hero-title"
      className="bg-linear-to-b from-brand-50 to-slate-50 dark:from-slate-900 dark:to-slate-950"
    >
      <div className="mx-auto grid max-w-7xl items-center gap-12 px-4 py-16 sm:px-6 sm:py-20 lg:grid-cols-2 lg:px-8">
        <div>
          <p className="text-sm font-semibold uppercase tracking-wide text-brand-700 dark:text-blue-300">{t("landing.hero.eyebrow")}</p>
          <h1 id="hero-title" elementtiming="page-title" className="mt-3 text-4xl font-extrabold tracking-tight text-slate-900 sm:text-5xl dark:text-white">
            {t("landing.hero.title")}
          </h1>
          <p className={`mt-5 text-lg ${mutedText}`}>{t("landing.hero.body")}</p>
          <p className="mt-4 flex items-center gap-2 font-medium text-slate-800 dark:text-slate-100">
            <CheckIcon className="h-5 w-5 shrink-0 text-green-700 dark:text-green-400" />
            {t("landing.hero.trial")}
          </p>
          <div className="mt-8 flex flex-col gap-3 sm:flex-row">
            <Link to="/auth/register" prefetch="intent" className={largeButton(buttonClass.primary)}>
              {t("landing.hero.startTrial")}
            </Link>
            <a href="#overview" className={largeButton(buttonClass.secondary)}>
              {t("landing.hero.watchDemo")}
              <svg aria-hidden="true" viewBox="0 0 24 24" className="h-5 w-5" fill="none" stroke="currentColor" strokeWidth="2">
                <path d="M12 5v14M6 13l6 6 6-6" strokeLinecap="round" strokeLinejoin="round" />
              </svg>
            </a>
          </div>
        </div>
        <OverviewCard />
      </div>
    </section>
  );
}
