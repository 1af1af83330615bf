import { useTranslation } from "~/locales/use-translation";
import { Link } from "react-router";
import { buttonClass } from "~/components/forms";
import { listHref, withoutFilters, type ListQuery } from "~/features/transactions/model/list-query";

/** No rows: with filters on, the way out is to reset them; with none, to add the first transaction. */
export function EmptyState({ query, filtered }: { query: ListQuery; filtered: boolean }) {
  const { t } = useTranslation();
  return (
    <div className="px-4 py-12 text-center">
      <p className="font-semibold">{filtered ? t("transactions.empty.filteredTitle") : t("transactions.empty.title")}</p>
      <p className="mt-1 text-slate-600 dark:text-slate-300">{filtered ? t("transactions.empty.filteredText") : t("transactions.empty.text")}</p>
      {filtered ? (
        <Link to={listHref(withoutFilters(query))} className={`${buttonClass.secondary} mt-4`}>
          {t("transactions.filters.reset")}
        </Link>
      ) : (
        <Link to="/expenses/new" className={`${buttonClass.primary} mt-4`}>
          {t("transactions.empty.action")}
        </Link>
      )}
    </div>
  );
}
