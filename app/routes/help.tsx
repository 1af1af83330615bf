import { Link } from "react-router";
import { AppFooter } from "~/components/app-footer";
import { AppHeader } from "~/components/app-header";
import { LanguageSwitch } from "~/components/language-switch";
import { PageHeader } from "~/components/page-header";
import { ThemeToggle } from "~/components/theme-toggle";
import { useOptionalUser } from "~/components/use-user";
import { HelpSections } from "~/features/help/ui/help-sections";
import { withMessages } from "~/locales/messages.client";
import { routeMessages } from "~/locales/sections";
import { translatorFor } from "~/locales/server-translators";
import { useTranslation } from "~/locales/use-translation";
import type { Route } from "./+types/help";

// /help: what the app does and where, for everyone (the footer's Help). A signed-in reader gets the
// app's header; a guest a way back home, the language and the theme.

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: loaderData?.title }, { name: "description", content: loaderData?.description }];
}

export const handle = routeMessages("help");
export const clientLoader = ({ serverLoader }: Route.ClientLoaderArgs) => withMessages(handle, serverLoader());

export function loader({ context }: Route.LoaderArgs) {
  const { t } = translatorFor(context);
  return { title: t("help.metaTitle"), description: t("help.metaDescription") };
}

export default function Help() {
  const { t } = useTranslation();
  const user = useOptionalUser();
  return (
    <div className="flex min-h-screen flex-col">
      {user ? (
        <AppHeader />
      ) : (
        <header className="flex items-center justify-between px-4 py-3 sm:px-6">
          <Link to="/" className="inline-flex min-h-11 items-center text-sm font-medium text-slate-700 hover:underline dark:text-slate-200">
            ← {t("help.backHome")}
          </Link>
          <div className="flex items-center gap-2">
            <LanguageSwitch />
            <ThemeToggle />
          </div>
        </header>
      )}
      <main id="main" className="mx-auto w-full max-w-3xl flex-1 space-y-6 px-4 py-6 sm:px-6">
        <PageHeader
          back={user ? { to: "/dashboard", label: t("help.backDashboard") } : undefined}
          title={t("help.title")}
          subtitle={t("help.subtitle")}
        />
        <HelpSections />
      </main>
      <AppFooter />
    </div>
  );
}
