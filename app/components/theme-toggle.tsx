import type { MouseEvent } from "react";
import { flushSync } from "react-dom";
import { Form, useLocation } from "react-router";
import { Theme, useTheme } from "remix-themes";
import { useTranslation } from "~/locales/use-translation";

/**
 * Two buttons, one per target theme; CSS shows the one that switches away from the
 * theme in effect (stored, or the system's), so the toggle needs no JavaScript: the form
 * posts and the page comes back. With JavaScript a click switches at once through
 * remix-themes' setter, which stores the choice and tells the user's other tabs (decision 026).
 */
export function ThemeToggle() {
  const { t } = useTranslation();
  const location = useLocation();
  const [, setTheme] = useTheme();
  const switchTo = (next: Theme) => (event: MouseEvent<HTMLButtonElement>) => {
    event.preventDefault();
    const form = event.currentTarget.form;
    flushSync(() => setTheme(next));
    // The clicked button is hidden now; the one that switches back keeps the keyboard's place.
    const back = next === Theme.DARK ? Theme.LIGHT : Theme.DARK;
    form?.querySelector<HTMLButtonElement>(`button[value="${back}"]`)?.focus();
  };
  const buttonClass =
    "rounded-md p-3 text-slate-600 sm:p-2.5 hover:bg-slate-100 hover:text-slate-900 focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-500 dark:text-slate-300 dark:hover:bg-slate-800 dark:hover:text-white";
  return (
    <Form method="post" action="/resources/theme" preventScrollReset>
      <input type="hidden" name="redirectTo" value={location.pathname + location.search} />
      <button
        type="submit"
        name="theme"
        value="dark"
        onClick={switchTo(Theme.DARK)}
        className={`${buttonClass} dark:hidden`}
        title={t("common.theme.toDark")}
      >
        <span className="sr-only">{t("common.theme.toDark")}</span>
        <svg aria-hidden="true" viewBox="0 0 24 24" className="h-5 w-5" fill="none" stroke="currentColor" strokeWidth="2">
          <path d="M21 12.8A9 9 0 1 1 11.2 3a7 7 0 0 0 9.8 9.8Z" strokeLinejoin="round" />
        </svg>
      </button>
      <button
        type="submit"
        name="theme"
        value="light"
        onClick={switchTo(Theme.LIGHT)}
        className={`${buttonClass} hidden dark:inline-block`}
        title={t("common.theme.toLight")}
      >
        <span className="sr-only">{t("common.theme.toLight")}</span>
        <svg aria-hidden="true" viewBox="0 0 24 24" className="h-5 w-5" fill="none" stroke="currentColor" strokeWidth="2">
          <circle cx="12" cy="12" r="4" />
          <path
            d="M12 2v2M12 20v2M4.9 4.9l1.4 1.4M17.7 17.7l1.4 1.4M2 12h2M20 12h2M4.9 19.1l1.4-1.4M17.7 6.3l1.4-1.4"
            strokeLinecap="round"
          />
        </svg>
      </button>
    </Form>
  );
}
