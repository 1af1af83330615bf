import { useTranslation } from "~/locales/use-translation";
import { Link } from "react-router";
import { buttonClass } from "~/components/forms";
import { PageHeader } from "~/components/page-header";
import { listHref, type ListQuery } from "~/features/transactions/model/list-query";

/** The list's title with its two actions: reload the same URL (the icon spins while loading) and add one. */
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
          {/* Issue 26: bring history in from a bank's CSV or another app's export. */}
          <Link to="/import" className={buttonClass.secondary}>
            {t("transactions.importLink")}
          </Link>
          <Link to="/expenses/new" className={buttonClass.primary}>
            <span aria-hidden="true">+</span>
            {t("transactions.newTransaction")}
          </Link>
        </div>
      }
    />
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
