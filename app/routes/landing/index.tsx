import { redirectSignedIn } from "~/auth/guards.server";
import { Alert } from "~/components/forms";
import { Logo } from "~/components/logo";
import { useFlashParam } from "~/components/use-flash-param";
import { focusRing, mutedText } from "~/features/landing/ui/classes";
import { ClosingCta, SALES_EMAIL } from "~/features/landing/ui/closing-cta";
import { Features } from "~/features/landing/ui/features-section";
import { Hero } from "~/features/landing/ui/hero";
import { Pricing } from "~/features/landing/ui/pricing-section";
import { Testimonials } from "~/features/landing/ui/testimonials";
import { TopBar } from "~/features/landing/ui/top-bar";
import { withMessages } from "~/locales/messages.client";
import { routeMessages } from "~/locales/sections";
import { useTranslation } from "~/locales/use-translation";
import { getInstance } from "~/middleware/i18n";
import { SIGNED_OUT_PARAM } from "./signed-out";
import type { Route } from "./+types/index";

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: loaderData?.title }, { name: "description", content: loaderData?.description }];
}

// This page's messages beside the shell (locales/sections.ts), loaded before a client navigation renders it.
export const handle = routeMessages("landing");
export const clientLoader = ({ serverLoader }: Route.ClientLoaderArgs) => withMessages(handle, serverLoader());

export function loader({ context }: Route.LoaderArgs) {
  redirectSignedIn(context);
  const { t } = getInstance(context);
  return { title: t("landing.metaTitle"), description: t("landing.metaDescription") };
}

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
