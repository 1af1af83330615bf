import { useTranslation } from "~/locales/use-translation";
import { Link } from "react-router";
import { TO_LIST_TOP } from "~/features/transactions/ui/pagination";
import { listHref, nextSort, sortedBy, type ListQuery, type SortColumn } from "~/features/transactions/model/list-query";

// Sorting is a link to the same list with the next sort (nextSort), back on page 1, so it works
// without JavaScript; the arrow shows the active direction and a hidden text names it.

// 44 px tall on a phone (the sort bar above the cards), compact in the wide table's header.
const sortLinkClass =
  "inline-flex min-h-11 items-center gap-1 rounded @3xl:min-h-0 hover:text-slate-900 focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-500 dark:hover:text-white";

function SortArrow({ direction }: { direction: "asc" | "desc" | null }) {
  return (
    <span aria-hidden="true" className={direction ? "text-brand-700 dark:text-blue-300" : "text-slate-400 dark:text-slate-500"}>
      {direction === "asc" ? "↑" : direction === "desc" ? "↓" : "↕"}
    </span>
  );
}

export function SortLink({ query, column, label }: { query: ListQuery; column: SortColumn; label: string }) {
  const { t } = useTranslation();
  const active = sortedBy(query, column);
  return (
    <Link to={listHref(query, { ...nextSort(query, column), page: 1 })} preventScrollReset state={TO_LIST_TOP} className={sortLinkClass}>
      {label}
      {active ? <span className="sr-only">({t(active === "asc" ? "transactions.list.ascending" : "transactions.list.descending")})</span> : null}
      <SortArrow direction={active} />
    </Link>
  );
}

/** When the rows are cards the table's header row is hidden, so the sort links sit above them (DataTable's narrowHeader). */
export function MobileSort({ query }: { query: ListQuery }) {
  const { t } = useTranslation();
  return (
    <div className="flex items-center gap-4 border-b border-slate-200 px-4 py-0.5 text-sm font-medium text-slate-700 dark:border-slate-800 dark:text-slate-200">
      <span>{t("transactions.list.sortHint")}</span>
      <SortLink query={query} column="date" label={t("transactions.columns.date")} />
      <SortLink query={query} column="amount" label={t("transactions.columns.amount")} />
    </div>
  );
}
