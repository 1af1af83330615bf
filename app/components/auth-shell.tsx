import type { ReactNode } from "react";
import { useTranslation } from "~/locales/use-translation";
import { Link } from "react-router";
import { cardClass } from "./card";
import { LanguageSwitch } from "./language-switch";
import { Logo } from "./logo";
import { ThemeToggle } from "./theme-toggle";

export function AuthShell({ title, subtitle, children }: { title: string; subtitle: string; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <div className="flex min-h-screen flex-col">
      <header className="flex items-center justify-between px-4 py-3 sm:px-6">
        <Link to="/" className="inline-flex min-h-11 items-center text-sm font-medium text-slate-700 hover:underline dark:text-slate-200">
          ← {t("auth.login.backHome")}
        </Link>
        <div className="flex items-center gap-2">
          <LanguageSwitch />
          <ThemeToggle />
        </div>
      </header>
      <main id="main" className="flex flex-1 items-start justify-center px-4 py-8 sm:items-center">
        <div className={`w-full max-w-md p-6 sm:p-8 ${cardClass}`}>
          <div className="mb-6 text-center">
            <Logo className="mx-auto mb-3 h-10 w-10" />
            <h1 elementtiming="page-title" className="text-2xl font-bold tracking-tight">{title}</h1>
            <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">{subtitle}</p>
          </div>
          {children}
        </div>
      </main>
    </div>
  );
}
