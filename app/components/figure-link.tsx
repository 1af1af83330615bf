import type { ReactNode } from "react";
import { Link } from "react-router";

/**
 * A figure as a link to the transactions it adds up (issue 27): /expenses filtered to exactly
 * them (expensesHref), whose total is this figure. Underlined, so it reads as a link beside
 * plain figures; a plain link, so it works without JavaScript. A thumb's size on a phone (44 px,
 * decision 016): it is also the phone's and the keyboard's way to what a chart's small marks link to.
 */
export function FigureLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Link
      to={to}
      data-figure-link=""
      className="inline-flex min-h-11 min-w-11 items-center rounded-sm underline sm:min-h-0 sm:min-w-0 decoration-slate-400 decoration-1 underline-offset-4 hover:decoration-2 focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-500 dark:decoration-slate-500"
    >
      {children}
    </Link>
  );
}
