import { Link } from "react-router";
import { CONTACT_EMAIL } from "~/components/app-footer";
import { useTranslation } from "~/locales/use-translation";

/** Contact Sales (spec: behaviour not shown) writes where the footer's Contact does. */
export const SALES_EMAIL = CONTACT_EMAIL;

export function ClosingCta() {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="cta-title" className="px-4 pb-16 sm:px-6 sm:pb-24 lg:px-8">
      <div className="mx-auto max-w-5xl rounded-3xl bg-brand-700 px-6 py-12 text-center shadow-xl sm:px-12 sm:py-16 dark:bg-blue-950 dark:ring-1 dark:ring-blue-800">
        <h2 id="cta-title" className="text-3xl font-bold tracking-tight text-white sm:text-4xl">
          {t("landing.cta.title")}
        </h2>
        <p className="mx-auto mt-4 max-w-xl text-lg text-blue-50 dark:text-blue-100">{t("landing.cta.body")}</p>
        <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
          <Link
            to="/auth/register"
            prefetch="intent"
            className="inline-flex items-center justify-center rounded-md bg-white px-6 py-3 text-base font-semibold text-brand-700 shadow-sm hover:bg-blue-50 focus:outline-none focus-visible:ring-2 focus-visible:ring-white focus-visible:ring-offset-2 focus-visible:ring-offset-brand-700 dark:text-blue-900 dark:focus-visible:ring-offset-blue-950"
          >
            {t("landing.cta.getStarted")}
          </Link>
          <a
            href={SALES_EMAIL}
            className="inline-flex items-center justify-center rounded-md border border-white/80 px-6 py-3 text-base font-semibold text-white hover:bg-white/10 focus:outline-none focus-visible:ring-2 focus-visible:ring-white focus-visible:ring-offset-2 focus-visible:ring-offset-brand-700 dark:focus-visible:ring-offset-blue-950"
          >
            {t("landing.cta.contactSales")}
          </a>
        </div>
      </div>
    </section>
  );
}
