import { redirectSignedIn } from "~/auth/guards.server";
import { Alert } from "~/components/forms";
import { AppFooter } from "~/components/app-footer";
import { useFlashParam } from "~/components/use-flash-param";
import { ClosingCta } from "~/features/landing/ui/closing-cta";
import { Features } from "~/features/landing/ui/features-section";
import { Hero } from "~/features/landing/ui/hero";
import { Pricing } from "~/features/landing/ui/pricing-section";
import { Testimonials } from "~/features/landing/ui/testimonials";
import { TopBar } from "~/features/landing/ui/top-bar";
import { withMessages } from "~/locales/messages.client";
import { routeMessages } from "~/locales/sections";
import { useTranslation } from "~/locales/use-translation";
import { SIGNED_OUT_PARAM } from "./signed-out";
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

export default function Landing() {
  const { t } = useTranslation();
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
      <AppFooter tagline={t("landing.footer.tagline")} sections={[{ key: "features", href: "#features" }, { key: "pricing", href: "#pricing" }]} />
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
