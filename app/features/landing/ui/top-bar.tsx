import { Link } from "react-router";
import { buttonClass } from "~/components/forms";
import { LanguageSwitch } from "~/components/language-switch";
import { Logo } from "~/components/logo";
import { ThemeToggle } from "~/components/theme-toggle";
import { focusRing } from "~/components/focus-ring";
import { useTranslation } from "~/locales/use-translation";

const sectionLinks = [
  { href: "#features", key: "features" },
  { href: "#pricing", key: "pricing" },
  { href: "#testimonials", key: "testimonials" },
] as const;

export function TopBar() {
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
