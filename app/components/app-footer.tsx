import { Link } from "react-router";
import { useTranslation } from "~/locales/use-translation";
import { focusRing } from "./focus-ring";
import { Logo } from "./logo";

/** A footer link: its words (a key of common.footer) and where it goes. */
export type FooterLink = { key: "features" | "pricing" | "help" | "contact"; href: string };

/** Where Contact writes, on every page (the landing page's Contact Sales too). */
export const CONTACT_EMAIL = "mailto:sales@example.com";

/**
 * The one footer: the landing page's, the help page's and the signed-in pages'. Only links that
 * lead somewhere (the landing page's sections, the help page, the contact address): the spec's
 * placeholder columns (About, Careers, Blog, Security, Privacy, Terms…) had no page behind them
 * and took a phone's screen for nothing. The landing page adds its sections (`sections`) and its
 * brand line (`tagline`). One line of links, wrapping on a phone, each a thumb's height there.
 */
export function AppFooter({ tagline, sections = [] }: { tagline?: string; sections?: readonly FooterLink[] }) {
  const { t } = useTranslation();
  const links: FooterLink[] = [...sections, { key: "help", href: "/help" }, { key: "contact", href: CONTACT_EMAIL }];
  const linkClass = `inline-flex min-h-11 min-w-11 items-center justify-center rounded underline underline-offset-4 hover:text-slate-900 sm:min-h-0 dark:hover:text-white ${focusRing}`;
  return (
    <footer className="border-t border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-900">
      <div className="mx-auto flex max-w-7xl flex-col gap-4 px-4 py-6 sm:flex-row sm:items-center sm:justify-between sm:px-6 lg:px-8">
        {tagline ? (
          <div>
            <p className="flex items-center gap-2 font-bold text-slate-900 dark:text-white">
              <Logo />
              {t("common.appName")}
            </p>
            <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">{tagline}</p>
          </div>
        ) : null}
        <nav aria-label={t("common.footer.label")}>
          <ul className="flex flex-wrap gap-x-6 text-sm text-slate-600 dark:text-slate-300">
            {links.map((link) => (
              <li key={link.key}>
                {link.href.startsWith("/") ? (
                  <Link to={link.href} className={linkClass}>
                    {t(`common.footer.${link.key}`)}
                  </Link>
                ) : (
                  <a href={link.href} className={linkClass}>
                    {t(`common.footer.${link.key}`)}
                  </a>
                )}
              </li>
            ))}
          </ul>
        </nav>
      </div>
      <p className="border-t border-slate-200 px-4 py-4 text-center text-xs text-slate-600 dark:border-slate-800 dark:text-slate-300">
        {t("common.footer.rights", { year: new Date().getFullYear() })}
      </p>
    </footer>
  );
}
