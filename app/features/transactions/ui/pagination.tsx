import { useTranslation } from "~/locales/use-translation";
import { formatCount } from "~/text/count";
import { Link } from "react-router";
import { listHref, pageCount, pageWindow, shownRange, type ListQuery } from "~/features/transactions/model/list-query";

// The list's paging: "Showing 11–20 of 42" and the page links. Every link is the list's URL with
// only the page changed, so paging keeps the search, filters and sort, with or without JavaScript.

/**
 * The history state of a paging or sorting link. With JavaScript the list keeps the scroll
 * position (preventScrollReset) and then brings the top of the table into view (the list
 * route reads this), so the reader starts at the first row of the new page, not at the page's top.
 */
export const TO_LIST_TOP = { toListTop: true } as const;

/** True when the location was reached by a paging or sorting link. */
export function reachedByListLink(state: unknown): boolean {
  return typeof state === "object" && state !== null && (state as { toListTop?: unknown }).toListTop === true;
}

export function ShowingText({ page, total }: { page: number; total: number }) {
  const { t, i18n } = useTranslation();
  const range = shownRange(page, total);
  return (
    <p className="text-sm text-slate-600 dark:text-slate-300">
      {t("transactions.list.showing", { from: formatCount(range.from, i18n.language), to: formatCount(range.to, i18n.language), total: formatCount(range.total, i18n.language) })}
    </p>
  );
}

export function Pagination({ query, total }: { query: ListQuery; total: number }) {
  const { t, i18n } = useTranslation();
  const last = pageCount(total);
  if (last <= 1) return null;
  const current = query.page;
  const base =
    "inline-flex min-h-11 min-w-11 items-center justify-center rounded-md border px-3 py-1.5 text-sm sm:min-h-9 sm:min-w-9 font-medium focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-500";
  const idle = "border-slate-300 bg-white text-slate-800 hover:bg-slate-50 dark:border-slate-600 dark:bg-slate-800 dark:text-slate-100 dark:hover:bg-slate-700";
  const disabled = "cursor-not-allowed border-slate-200 bg-slate-50 text-slate-500 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-400";
  const step = (page: number, label: string) =>
    page < 1 || page > last ? (
      <span aria-disabled="true" className={`${base} ${disabled}`}>
        {label}
      </span>
    ) : (
      <Link to={listHref(query, { page })} preventScrollReset state={TO_LIST_TOP} className={`${base} ${idle}`}>
        {label}
      </Link>
    );
  return (
    <nav
      aria-label={t("transactions.pagination.label")}
      className="flex flex-col items-center justify-between gap-3 border-t border-slate-200 px-4 py-3 sm:flex-row dark:border-slate-800"
    >
      <ShowingText page={current} total={total} />
      <ul className="flex flex-wrap items-center justify-center gap-1">
        <li>{step(current - 1, t("transactions.pagination.previous"))}</li>
        {pageWindow(current, last).map((page, index) =>
          page === null ? (
            <li key={`gap-${index}`} className="px-1 text-slate-600 dark:text-slate-300">
              <span aria-hidden="true">…</span>
              <span className="sr-only">{t("transactions.pagination.gap")}</span>
            </li>
          ) : (
            <li key={page}>
              <Link
                to={listHref(query, { page })}
                preventScrollReset
                state={TO_LIST_TOP}
                aria-current={page === current ? "page" : undefined}
                aria-label={t("transactions.pagination.page", { page: formatCount(page, i18n.language) })}
                className={`${base} ${page === current ? "border-brand-600 bg-brand-600 text-white hover:bg-brand-700" : idle}`}
              >
                {formatCount(page, i18n.language)}
              </Link>
            </li>
          ),
        )}
        <li>{step(current + 1, t("transactions.pagination.next"))}</li>
      </ul>
    </nav>
  );
}
