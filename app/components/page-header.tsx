import type { ReactNode } from "react";
import { Link } from "react-router";

/**
 * A page's title block: its h1 (which focus moves to after a navigation: use-focus-heading.ts) and
 * subtitle, under a link back to where the page sits when it has one (the admin dashboard, the
 * list), with the page's own buttons at the end of the line when it has some.
 */
export function PageHeader({
  back,
  title,
  subtitle,
  actions,
  subtitleOnPhone = true,
}: {
  back?: { to: string; label: string };
  title: string;
  subtitle: string;
  actions?: ReactNode;
  /** false leaves the subtitle out on a phone, where the first screen is for the page's content. */
  subtitleOnPhone?: boolean;
}) {
  const block = (
    <div>
      {back ? (
        <Link
          to={back.to}
          className="inline-flex min-h-11 items-center gap-1 text-sm font-medium text-brand-700 hover:underline sm:min-h-0 focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-500 dark:text-blue-300"
        >
          <span aria-hidden="true">←</span>
          {back.label}
        </Link>
      ) : null}
      <h1 elementtiming="page-title" className={`${back ? "mt-2 " : ""}text-2xl font-bold tracking-tight sm:text-3xl`}>{title}</h1>
      <p className={subtitleOnPhone ? "mt-1 text-slate-600 dark:text-slate-300" : "mt-1 hidden text-slate-600 sm:block dark:text-slate-300"}>{subtitle}</p>
    </div>
  );
  if (!actions) return block;
  return (
    <div className="flex flex-wrap items-end justify-between gap-4">
      {block}
      {actions}
    </div>
  );
}
