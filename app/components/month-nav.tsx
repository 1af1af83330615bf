import type { ReactNode } from "react";
import { useTranslation } from "~/locales/use-translation";
import { Link } from "react-router";
import { dayToDate } from "~/calendar/days";
import { addMonths, type MonthStart } from "~/calendar/months";
import { acceptedDays, isMonthInRange } from "~/calendar/range";
import { formatMonthYear } from "~/calendar/format";

/** The look of a month link: a 44 px target on phones, compact from sm up. */
export const monthLinkClass =
  "inline-flex min-h-11 min-w-11 items-center justify-center rounded-md border border-slate-300 bg-white px-3 text-sm font-medium text-slate-800 hover:bg-slate-50 focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-500 sm:min-h-9 dark:border-slate-600 dark:bg-slate-800 dark:text-slate-100 dark:hover:bg-slate-700";

/**
 * Previous month, the period shown, next month, and back to this month: links, so they work
 * without JavaScript (/budgets and /reports). `messages` is the locale prefix of nav, previous,
 * next, nextDisabled, previousDisabled and current; `href` makes a month's address. With
 * `nextUpTo`, the next month is not offered past it (spec section 2: reports stop at the current
 * month). Neither arrow leads out of the accepted dates (decision 022: 1900-01 to ten years after
 * this month), where the page would only show this month again. `title` replaces the month's name
 * (a custom period).
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
  // The months accepted are those whose first day is: the range from this month's first day has the same months as today's.
  const accepted = acceptedDays(current);
  const nextOffered = isMonthInRange(next, accepted) && !(nextUpTo && next > nextUpTo);
  return (
    <nav aria-label={t(`${messages}.nav`)} className="flex flex-wrap items-center gap-2">
      {isMonthInRange(previous, accepted) ? (
        <Link to={href(previous)} aria-label={t(`${messages}.previous`, { month: name(previous) })} className={monthLinkClass}>
          <span aria-hidden="true">‹</span>
        </Link>
      ) : (
        <DisabledArrow arrow="‹" label={t(`${messages}.previousDisabled`)} />
      )}
      <p className="min-w-40 text-center font-semibold" aria-current={title ? undefined : "date"}>
        {title ?? name(month)}
      </p>
      {nextOffered ? (
        <Link to={href(next)} aria-label={t(`${messages}.next`, { month: name(next) })} className={monthLinkClass}>
          <span aria-hidden="true">›</span>
        </Link>
      ) : (
        <DisabledArrow arrow="›" label={t(`${messages}.nextDisabled`)} />
      )}
      {month !== current || title ? (
        <Link to={href(current)} className={monthLinkClass}>
          {t(`${messages}.current`)}
        </Link>
      ) : null}
    </nav>
  );
}

/** An arrow that leads nowhere: shown dimmed, with its reason for screen readers and on hover. */
function DisabledArrow({ arrow, label }: { arrow: string; label: string }) {
  return (
    <span aria-disabled="true" title={label} className={`${monthLinkClass} cursor-not-allowed opacity-50`}>
      <span aria-hidden="true">{arrow}</span>
      <span className="sr-only">{label}</span>
    </span>
  );
}
