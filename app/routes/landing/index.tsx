import { useEffect, useState, useSyncExternalStore, type ReactNode } from "react";
import { useTranslation } from "~/locales/use-translation";
import { Link } from "react-router";
import { redirectSignedIn } from "~/auth/guards.server";
import { Alert, buttonClass, useHydrated } from "~/components/forms";
import { LanguageSwitch } from "~/components/language-switch";
import { Logo } from "~/components/logo";
import { Money, type MoneyTone } from "~/components/money";
import { ThemeToggle } from "~/components/theme-toggle";
import { useFlashParam } from "~/components/use-flash-param";
import { annualSaving, freeMonthsOnAnnual, plans, type PlanId } from "~/features/landing/pricing";
import { formatMoney } from "~/money/amounts";
import { USD } from "~/money/currencies";
import { SIGNED_OUT_PARAM } from "./signed-out";
import { withMessages } from "~/locales/messages.client";
import { routeMessages } from "~/locales/sections";
import { translatorFor } from "~/locales/server-translators";
import type { Route } from "./+types/index";

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: loaderData?.title }, { name: "description", content: loaderData?.description }];
}

// This page's messages beside the shell (locales/sections.ts), loaded before a client navigation renders it.
export const handle = routeMessages("landing");
export const clientLoader = ({ serverLoader }: Route.ClientLoaderArgs) => withMessages(handle, serverLoader());

export function loader({ context }: Route.LoaderArgs) {
  redirectSignedIn(context);
  const { t } = translatorFor(context);
  return { title: t("landing.metaTitle"), description: t("landing.metaDescription") };
}

/** SPEC.md section 9: testimonials rotate every 5 seconds. */
const ROTATION_MS = 5000;

const SALES_EMAIL = "mailto:sales@example.com";

const sectionLinks = [
  { href: "#features", key: "features" },
  { href: "#pricing", key: "pricing" },
  { href: "#testimonials", key: "testimonials" },
] as const;

const focusRing =
  "focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:ring-offset-2 focus-visible:ring-offset-white dark:focus-visible:ring-offset-slate-950";

const headingClass = "text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl dark:text-white";
const mutedText = "text-slate-600 dark:text-slate-300";

/** The shared button styles at hero size; swapping the classes avoids two paddings competing. */
const largeButton = (base: string) => base.replace("px-4 py-2 text-sm", "px-6 py-3 text-base");

export default function Landing() {
  return (
    <div className="flex min-h-screen flex-col">
      <TopBar />
      <main id="main" className="flex-1">
        <SignedOutBanner />
        <Hero />
        <Features />
        <Pricing />
        <Testimonials />
        <ClosingCta />
      </main>
      <LandingFooter />
    </div>
  );
}

function SignedOutBanner() {
  const { t } = useTranslation();
  const signedOut = useFlashParam(SIGNED_OUT_PARAM);
  if (!signedOut) return null;
  return (
    <div className="mx-auto max-w-7xl px-4 pt-4 sm:px-6 lg:px-8">
      <Alert tone="success">{t("landing.signedOut")}</Alert>
    </div>
  );
}

function TopBar() {
  const { t } = useTranslation();
  const anchorClass = `rounded-md px-3 py-2 text-sm font-medium text-slate-700 hover:bg-slate-100 hover:text-slate-900 dark:text-slate-300 dark:hover:bg-slate-800 dark:hover:text-white ${focusRing}`;
  return (
    <header className="sticky top-0 z-30 border-b border-slate-200 bg-white/95 backdrop-blur dark:border-slate-800 dark:bg-slate-900/95">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-40 focus:rounded focus:bg-white focus:p-2 focus:text-slate-900 dark:focus:bg-slate-900 dark:focus:text-white"
      >
        {t("common.skipToContent")}
      </a>
      <div className="mx-auto flex h-16 max-w-7xl items-center gap-2 px-4 sm:gap-4 sm:px-6 lg:px-8">
        <Link to="/" className={`flex min-h-11 shrink-0 items-center gap-2 rounded-md font-bold text-slate-900 dark:text-white ${focusRing}`}>
          <Logo />
          <span>{t("common.appName")}</span>
        </Link>
        <nav aria-label={t("landing.nav.label")} className="hidden flex-1 items-center justify-center gap-1 md:flex">
          {sectionLinks.map((l) => (
            <a key={l.href} href={l.href} className={anchorClass}>
              {t(`landing.nav.${l.key}`)}
            </a>
          ))}
        </nav>
        <div className="ml-auto flex items-center gap-2 md:ml-0">
          <LanguageSwitch />
          <ThemeToggle />
          <Link
            to="/auth/login"
            prefetch="intent"
            className={`hidden rounded-md px-3 py-2 text-sm font-semibold text-slate-700 hover:bg-slate-100 hover:text-slate-900 md:inline-flex dark:text-slate-200 dark:hover:bg-slate-800 dark:hover:text-white ${focusRing}`}
          >
            {t("landing.nav.signIn")}
          </Link>
          {/* Wrapped: buttonClass sets its own display, which would fight a `hidden` on the link. */}
          <span className="hidden md:contents">
            <Link to="/auth/register" prefetch="intent" className={buttonClass.primary}>
              {t("landing.nav.getStarted")}
            </Link>
          </span>
          <MobileMenu />
        </div>
      </div>
    </header>
  );
}

/** A <details> menu: it opens and closes without JavaScript; with it, following a link also closes it. */
function MobileMenu() {
  const { t } = useTranslation();
  const close = (event: React.MouseEvent<HTMLElement>) => {
    if ((event.target as HTMLElement).closest("a")) event.currentTarget.closest("details")?.removeAttribute("open");
  };
  const itemClass = `block rounded-md px-3 py-2 text-sm font-medium text-slate-700 hover:bg-slate-100 hover:text-slate-900 dark:text-slate-200 dark:hover:bg-slate-800 dark:hover:text-white ${focusRing}`;
  return (
    <details className="relative md:hidden">
      <summary
        aria-label={t("landing.nav.openMenu")}
        className={`cursor-pointer rounded-md p-2.5 text-slate-700 hover:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-800 ${focusRing}`}
      >
        <svg aria-hidden="true" viewBox="0 0 24 24" className="h-6 w-6" fill="none" stroke="currentColor" strokeWidth="2">
          <path d="M4 6h16M4 12h16M4 18h16" strokeLinecap="round" />
        </svg>
      </summary>
      {/* The click handler only closes the menu after a link (itself keyboard-operable) is followed. */}
      <div
        onClick={close}
        className="absolute right-0 z-40 mt-2 w-60 rounded-lg border border-slate-200 bg-white p-2 shadow-lg dark:border-slate-700 dark:bg-slate-900"
      >
        <nav aria-label={t("landing.nav.label")} className="flex flex-col gap-1">
          {sectionLinks.map((l) => (
            <a key={l.href} href={l.href} className={itemClass}>
              {t(`landing.nav.${l.key}`)}
            </a>
          ))}
        </nav>
        <hr className="my-2 border-slate-200 dark:border-slate-700" />
        <div className="flex flex-col gap-2 p-1">
          <Link to="/auth/login" className={buttonClass.secondary}>
            {t("landing.nav.signIn")}
          </Link>
          <Link to="/auth/register" className={buttonClass.primary}>
            {t("landing.nav.getStarted")}
          </Link>
        </div>
      </div>
    </details>
  );
}

function Hero() {
  const { t } = useTranslation();
  return (
    <section
      aria-labelledby="hero-title"
      className="bg-linear-to-b from-brand-50 to-slate-50 dark:from-slate-900 dark:to-slate-950"
    >
      <div className="mx-auto grid max-w-7xl items-center gap-12 px-4 py-16 sm:px-6 sm:py-20 lg:grid-cols-2 lg:px-8">
        <div>
          <p className="text-sm font-semibold uppercase tracking-wide text-brand-700 dark:text-blue-300">{t("landing.hero.eyebrow")}</p>
          <h1 id="hero-title" className="mt-3 text-4xl font-extrabold tracking-tight text-slate-900 sm:text-5xl dark:text-white">
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

/** Illustrative sample month in minor units; USD equivalents are fixed so the preview reads the same everywhere. */
const sampleRows = [
  { key: "salary", currency: "USD", amount: 420000, usd: 420000 },
  { key: "freelance", currency: "EUR", amount: 95000, usd: 104000 },
  { key: "rent", currency: "USD", amount: -145000, usd: -145000 },
  { key: "groceries", currency: "VES", amount: -1240000, usd: -34000 },
  { key: "travel", currency: "COP", amount: -78000000, usd: -19500 },
] as const;

/** The plans' prices are whole dollars. */
const WHOLE_USD = { code: USD.code, decimals: 0 };

function OverviewCard() {
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

function Features() {
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
            <li
              key={key}
              className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm dark:border-slate-800 dark:bg-slate-900"
            >
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
function Pricing() {
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

const testimonials = [
  { key: "maria", avatar: "/avatars/maria-gonzalez.svg" },
  { key: "david", avatar: "/avatars/david-chen.svg" },
  { key: "laura", avatar: "/avatars/laura-martinez.svg" },
] as const;

/**
 * Server-rendered (and without JavaScript) all testimonials are listed; after hydration
 * they become a carousel, since rotating and the dots need script.
 */
function Testimonials() {
  const { t } = useTranslation();
  const hydrated = useHydrated();
  return (
    <section id="testimonials" aria-labelledby="testimonials-title" className="scroll-mt-20 py-16 sm:py-24">
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <h2 id="testimonials-title" className={`mx-auto max-w-2xl text-center ${headingClass}`}>
          {t("landing.testimonials.title")}
        </h2>
        {hydrated ? (
          <Carousel />
        ) : (
          <ul className="mt-12 grid gap-6 lg:grid-cols-3">
            {testimonials.map((item) => (
              <li key={item.key} className="flex">
                <TestimonialCard item={item} />
              </li>
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}

function TestimonialCard({ item }: { item: (typeof testimonials)[number] }) {
  const { t } = useTranslation();
  return (
    <figure className="flex w-full flex-col justify-between rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8 dark:border-slate-800 dark:bg-slate-900">
      <blockquote className="text-lg text-slate-800 dark:text-slate-100">
        <p>“{t(`landing.testimonials.items.${item.key}.quote`)}”</p>
      </blockquote>
      <figcaption className="mt-6 flex items-center gap-3">
        <img src={item.avatar} alt="" width={48} height={48} className="h-12 w-12 rounded-full" />
        <span>
          <span className="block font-semibold text-slate-900 dark:text-white">{t(`landing.testimonials.items.${item.key}.name`)}</span>
          <span className={`block text-sm ${mutedText}`}>{t(`landing.testimonials.items.${item.key}.role`)}</span>
        </span>
      </figcaption>
    </figure>
  );
}

function subscribeReducedMotion(onChange: () => void) {
  const query = window.matchMedia("(prefers-reduced-motion: reduce)");
  query.addEventListener("change", onChange);
  return () => query.removeEventListener("change", onChange);
}

function usePrefersReducedMotion() {
  return useSyncExternalStore(
    subscribeReducedMotion,
    () => window.matchMedia("(prefers-reduced-motion: reduce)").matches,
    () => true,
  );
}

function Carousel() {
  const { t } = useTranslation();
  const [active, setActive] = useState(0);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  // null follows the motion preference until the visitor presses pause or play.
  const [playChoice, setPlayChoice] = useState<boolean | null>(null);
  const reducedMotion = usePrefersReducedMotion();
  const playing = playChoice ?? !reducedMotion;
  const advancing = playing && !hovered && !focused;

  // Re-armed on every change of slide, so picking a dot gives that slide its full 5 seconds.
  useEffect(() => {
    if (!advancing) return;
    const timer = window.setTimeout(() => setActive((i) => (i + 1) % testimonials.length), ROTATION_MS);
    return () => window.clearTimeout(timer);
  }, [advancing, active]);

  return (
    <div
      role="region"
      aria-roledescription="carousel"
      aria-label={t("landing.testimonials.carousel")}
      className="mx-auto mt-12 max-w-3xl"
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFocused(false);
      }}
    >
      {/* Slides share one grid cell so the height is the tallest quote's and nothing jumps. */}
      <div className="grid" aria-live={advancing ? "off" : "polite"}>
        {testimonials.map((item, i) => {
          const current = i === active;
          return (
            <div
              key={item.key}
              role="group"
              aria-roledescription="slide"
              aria-label={t("landing.testimonials.slide", { n: i + 1, total: testimonials.length })}
              aria-hidden={!current}
              className={`col-start-1 row-start-1 flex transition-[opacity,visibility] duration-500 motion-reduce:transition-none ${
                current ? "visible opacity-100" : "invisible opacity-0"
              }`}
            >
              <TestimonialCard item={item} />
            </div>
          );
        })}
      </div>
      <div className="mt-6 flex items-center justify-center gap-1">
        <button
          type="button"
          onClick={() => setPlayChoice(!playing)}
          aria-label={playing ? t("landing.testimonials.pause") : t("landing.testimonials.play")}
          title={playing ? t("landing.testimonials.pause") : t("landing.testimonials.play")}
          className={`mr-2 flex h-11 w-11 items-center justify-center rounded-full text-slate-700 hover:bg-slate-200 dark:text-slate-200 dark:hover:bg-slate-800 ${focusRing}`}
        >
          <svg aria-hidden="true" viewBox="0 0 24 24" className="h-5 w-5" fill="currentColor">
            {playing ? <path d="M7 5h3v14H7zM14 5h3v14h-3z" /> : <path d="M8 5v14l11-7z" />}
          </svg>
        </button>
        {testimonials.map((item, i) => (
          <button
            key={item.key}
            type="button"
            onClick={() => setActive(i)}
            aria-label={t("landing.testimonials.show", { n: i + 1 })}
            aria-current={i === active ? "true" : undefined}
            className={`group flex h-11 w-11 items-center justify-center rounded-full ${focusRing}`}
          >
            <span
              className={`block h-3 w-3 rounded-full transition-colors ${
                i === active
                  ? "bg-brand-600 dark:bg-blue-400"
                  : "bg-slate-400 group-hover:bg-slate-500 dark:bg-slate-500 dark:group-hover:bg-slate-400"
              }`}
            />
          </button>
        ))}
      </div>
    </div>
  );
}

function ClosingCta() {
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

function LandingFooter() {
  const { t } = useTranslation();
  // Pages for the plain-text items do not exist yet; they stay text rather than dead "#" links.
  const columns: { title: string; items: { label: string; href?: string }[] }[] = [
    {
      title: t("common.footer.company"),
      items: [{ label: t("common.footer.about") }, { label: t("common.footer.careers") }, { label: t("common.footer.blog") }],
    },
    {
      title: t("common.footer.product"),
      items: [
        { label: t("common.footer.features"), href: "#features" },
        { label: t("common.footer.pricing"), href: "#pricing" },
        { label: t("common.footer.security") },
      ],
    },
    {
      title: t("common.footer.support"),
      items: [
        { label: t("common.footer.helpCenter") },
        { label: t("common.footer.contact"), href: SALES_EMAIL },
        { label: t("common.footer.privacy") },
        { label: t("common.footer.terms") },
      ],
    },
  ];
  return (
    <footer className="border-t border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-900">
      <div className="mx-auto grid max-w-7xl gap-8 px-4 py-12 sm:grid-cols-2 sm:px-6 lg:grid-cols-4 lg:px-8">
        <div>
          <p className="flex items-center gap-2 font-bold text-slate-900 dark:text-white">
            <Logo />
            {t("common.appName")}
          </p>
          <p className={`mt-3 text-sm ${mutedText}`}>{t("landing.footer.tagline")}</p>
        </div>
        {columns.map((c) => (
          <div key={c.title}>
            <h2 className="text-sm font-semibold text-slate-900 dark:text-white">{c.title}</h2>
            {/* On a phone every line is a thumb's height, so the links in it are easy to tap. */}
            <ul className={`mt-3 text-sm sm:space-y-2 ${mutedText}`}>
              {c.items.map((item) => (
                <li key={item.label} className="flex min-h-11 items-center sm:block sm:min-h-0">
                  {item.href ? (
                    <a
                      href={item.href}
                      className={`inline-flex min-h-11 items-center rounded underline underline-offset-4 hover:text-slate-900 sm:inline sm:min-h-0 dark:hover:text-white ${focusRing}`}
                    >
                      {item.label}
                    </a>
                  ) : (
                    item.label
                  )}
                </li>
              ))}
            </ul>
          </div>
        ))}
      </div>
      <p className="border-t border-slate-200 px-4 py-6 text-center text-xs text-slate-600 dark:border-slate-800 dark:text-slate-300">
        {t("common.footer.rights", { year: new Date().getFullYear() })}
      </p>
    </footer>
  );
}

function CheckIcon({ className }: { className: string }) {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" className={className} fill="none" stroke="currentColor" strokeWidth="2.5">
      <path d="M5 12.5l4.5 4.5L19 7.5" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}
