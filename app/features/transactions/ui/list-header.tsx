import { useTranslation } from "~/locales/use-translation";
import { Link } from "react-router";
import { buttonClass } from "~/components/forms";
import { PageHeader } from "~/components/page-header";
import { listHref, type ListQuery } from "~/features/transactions/model/list-query";

/** The list's title with its actions: reload the same URL (the icon spins while loading), import a file, and add one. */
export function ListHeader({ query, loading }: { query: ListQuery; loading: boolean }) {
  const { t } = useTranslation();
  return (
    <PageHeader
      title={t("transactions.title")}
      subtitle={t("transactions.subtitle")}
      // Left out on a phone, where the first screen is for the transactions themselves.
      subtitleOnPhone={false}
      actions={
        <div className="flex flex-wrap gap-2">
          <Link to={listHref(query)} preventScrollReset className={buttonClass.secondary}>
            <RefreshIcon spinning={loading} />
            {t("transactions.refresh")}
          </Link>
          {/* Issue 26: bring history in from a bank's CSV or another app's export. Not on a phone,
              where a third button would wrap the actions onto a second line and push the first
              transaction below the first screen: there the link is under the list (ImportLink). */}
          <span className="hidden sm:inline-flex">
            <Link to="/import" className={buttonClass.secondary}>
              {t("transactions.importLink")}
            </Link>
          </span>
          <Link to="/expenses/new" className={buttonClass.primary}>
            <span aria-hidden="true">+</span>
            {t("transactions.newTransaction")}
          </Link>
        </div>
      }
    />
  );
}

/** On a phone, the way to /import: under the list, where it takes nothing from the first screen. */
export function ImportLink() {
  const { t } = useTranslation();
  return (
    <p className="sm:hidden">
      <Link to="/import" className="inline-flex min-h-11 items-center font-medium text-brand-700 hover:underline dark:text-blue-300">
        {t("transactions.importFromFile")}
      </Link>
    </p>
  );
}

function RefreshIcon({ spinning }: { spinning: boolean }) {
  return (
    <svg
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      className={`h-4 w-4 ${spinning ? "animate-spin" : ""}`}
    >
      <path d="M21 12a9 9 0 1 1-3-6.7L21 8" />
      <path d="M21 3v5h-5" />
    </svg>
  );
}
