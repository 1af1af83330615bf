import type { ReactNode } from "react";
import { useTranslation } from "~/locales/use-translation";
import { Link } from "react-router";
import { addMonths, dayToDate, formatMonthYear, type MonthStart } from "~/money/dates";

/** The look of a month link: a 44 px target on phones, compact from sm up. */
export const monthLinkClass =
  "inline-flex min-h-11 min-w-11 items-center justify-center rounded-md border border-slate-300 bg-white px-3 text-sm font-medium text-slate-800 hover:bg-slate-50 focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-500 sm:min-h-9 dark:border-slate-600 dark:bg-slate-800 dark:text-slate-100 dark:hover:bg-slate-700";

/**
 * Previous month, the period shown, next month, and back to this month: links, so they work
 * without JavaScript (/budgets and /reports). `messages` is the locale prefix of nav, previous,
 * next, nextDisabled and current; `href` makes a month's address. With `nextUpTo`, the next
 * month is not offered past it (spec section 2: reports stop at the current month). `title`
 * replaces the month's name (a custom period).
 */
export function MonthNav({
  month,
  current,
  href,
  messages,
  nextUpTo,
  title,
}: {
  month: MonthStart;
  current: MonthStart;
  href: (month: MonthStart) => string;
  messages: string;
  nextUpTo?: MonthStart;
  title?: ReactNode;
}) {
  const { t, i18n } = useTranslation();
  const name = (m: MonthStart) => formatMonthYear(dayToDate(m), i18n.language);
  const previous = addMonths(month, -1);
  const next = addMonths(month, 1);
  return (
    <nav aria-label={t(`${messages}.nav`)} className="flex flex-wrap items-center gap-2">
      <Link to={href(previous)} aria-label={t(`${messages}.previous`, { month: name(previous) })} className={monthLinkClass}>
        <span aria-hidden="true">‹</span>
      </Link>
      <p className="min-w-40 text-center font-semibold" aria-current={title ? undefined : "date"}>
        {title ?? name(month)}
      </p>
      {nextUpTo && next > nextUpTo ? (
        <span aria-disabled="true" title={t(`${messages}.nextDisabled`)} className={`${monthLinkClass} cursor-not-allowed opacity-50`}>
          <span aria-hidden="true">›</span>
          <span className="sr-only">{t(`${messages}.nextDisabled`)}</span>
        </span>
      ) : (
        <Link to={href(next)} aria-label={t(`${messages}.next`, { month: name(next) })} className={monthLinkClass}>
          <span aria-hidden="true">›</span>
        </Link>
      )}
      {month !== current || title ? (
        <Link to={href(current)} className={monthLinkClass}>
          {t(`${messages}.current`)}
        </Link>
      ) : null}
    </nav>
  );
}
