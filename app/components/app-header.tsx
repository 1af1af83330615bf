import { useTranslation } from "~/locales/use-translation";
import { Form, Link, NavLink } from "react-router";
import { useIsPending } from "./forms";
import { useCloseOnNavigate } from "./use-close-on-navigate";
import { LanguageSwitch } from "./language-switch";
import { Logo } from "./logo";
import { RoleBadge } from "./role-badge";
import { ThemeToggle } from "./theme-toggle";
import { useUser } from "./use-user";

const links = [
  { to: "/dashboard", key: "dashboard" },
  { to: "/expenses", key: "transactions" },
  { to: "/categories", key: "categories" },
  { to: "/tags", key: "tags" },
  { to: "/budgets", key: "budgets" },
  { to: "/recurring", key: "recurring" },
  { to: "/reports", key: "reports" },
] as const;

// Menus are <details>: they open and close without JavaScript and are keyboard-operable. The
// links sit in the bar from xl up; below, in the menu button (Spanish labels with the admin link
// need more than 1,024 px beside the language, theme and user controls).
export function AppHeader() {
  const { t } = useTranslation();
  const user = useUser();
  const mobileMenu = useCloseOnNavigate();
  const navLinks = user.isAdmin ? [...links, { to: "/admin", key: "admin" } as const] : links;
  const navClass = ({ isActive }: { isActive: boolean }) =>
    `flex min-h-11 items-center rounded-md py-2 text-sm font-medium sm:min-h-0 ${
      isActive
        ? "bg-brand-50 text-brand-700 dark:bg-slate-800 dark:text-white"
        : "text-slate-700 hover:bg-slate-100 hover:text-slate-900 dark:text-slate-300 dark:hover:bg-slate-800 dark:hover:text-white"
    }`;
  return (
    <header className="border-b border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-900">
      <a href="#main" className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:rounded focus:bg-white focus:p-2">
        {t("common.skipToContent")}
      </a>
      <div className="mx-auto flex h-16 max-w-7xl items-center gap-4 px-4 sm:px-6 lg:px-8">
        <Link to="/dashboard" className="flex min-h-11 min-w-11 items-center gap-2 font-bold">
          <Logo />
          {/* sr-only rather than hidden on phones, so the link keeps its name there. */}
          <span className="sr-only sm:not-sr-only">{t("common.appName")}</span>
        </Link>
        <nav aria-label={t("common.nav.mainNavigation")} className="hidden flex-1 items-center gap-1 xl:flex">
          {navLinks.map((l) => (
            // One line each, a little tighter than the menu's, so nine Spanish labels fit at 1,280 px.
            <NavLink key={l.to} to={l.to} className={(state) => `${navClass(state)} whitespace-nowrap px-2`} prefetch="intent">
              {t(`common.nav.${l.key}`)}
            </NavLink>
          ))}
        </nav>
        <div className="ml-auto flex items-center gap-2">
          <LanguageSwitch />
          <ThemeToggle />
          <UserMenu />
          <details ref={mobileMenu} data-menu className="relative xl:hidden">
            <summary
              className="cursor-pointer rounded-md p-2.5 text-slate-700 hover:bg-slate-100 focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-500 dark:text-slate-200 dark:hover:bg-slate-800"
              aria-label={t("common.nav.menu")}
            >
              <svg aria-hidden="true" viewBox="0 0 24 24" className="h-6 w-6" fill="none" stroke="currentColor" strokeWidth="2">
                <path d="M4 6h16M4 12h16M4 18h16" strokeLinecap="round" />
              </svg>
            </summary>
            <nav
              aria-label={t("common.nav.mainNavigation")}
              className="absolute right-0 z-20 mt-2 flex w-56 flex-col gap-1 rounded-lg border border-slate-200 bg-white p-2 shadow-lg dark:border-slate-700 dark:bg-slate-900"
            >
              {navLinks.map((l) => (
                <NavLink key={l.to} to={l.to} className={(state) => `${navClass(state)} px-3`}>
                  {t(`common.nav.${l.key}`)}
                </NavLink>
              ))}
            </nav>
          </details>
        </div>
      </div>
    </header>
  );
}

function UserMenu() {
  const { t } = useTranslation();
  const user = useUser();
  const signingOut = useIsPending({ formAction: "/auth/logout" });
  const menu = useCloseOnNavigate();
  const initials = `${user.firstName[0] ?? ""}${user.lastName[0] ?? ""}`.toUpperCase();
  return (
    <details ref={menu} data-menu className="relative" data-testid="user-menu">
      <summary
        className="flex cursor-pointer items-center gap-2 rounded-full p-1.5 focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-500"
        aria-label={t("common.nav.userMenu", { initials })}
      >
        <span className="flex h-8 w-8 items-center justify-center rounded-full bg-brand-600 text-sm font-semibold text-white">
          {initials}
        </span>
      </summary>
      <div className="absolute right-0 z-20 mt-2 w-64 rounded-lg border border-slate-200 bg-white p-3 shadow-lg dark:border-slate-700 dark:bg-slate-900">
        <p className="truncate font-semibold">{user.name}</p>
        <p className="truncate text-sm text-slate-600 dark:text-slate-300">{user.email}</p>
        <div className="mt-2">
          <RoleBadge isAdmin={user.isAdmin} />
        </div>
        <hr className="my-3 border-slate-200 dark:border-slate-700" />
        <Link
          to="/profile"
          className="block rounded-md px-2 py-2 text-sm hover:bg-slate-100 focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-500 dark:hover:bg-slate-800"
        >
          {t("common.nav.profileSettings")}
        </Link>
        <Form method="post" action="/auth/logout">
          <button
            type="submit"
            disabled={signingOut}
            className="block w-full rounded-md px-2 py-2 text-left text-sm text-red-700 hover:bg-slate-100 focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-500 dark:text-red-300 dark:hover:bg-slate-800"
          >
            {signingOut ? t("common.nav.signingOut") : t("common.nav.signOut")}
          </button>
        </Form>
      </div>
    </details>
  );
}
