import { Link } from "react-router";

/** A page's heading with its subtitle, under a link back to where it sits (the admin dashboard, the list). */
export function PageHeader({ back, title, subtitle }: { back: { to: string; label: string }; title: string; subtitle: string }) {
  return (
    <div>
      <Link
        to={back.to}
        className="inline-flex min-h-11 items-center gap-1 text-sm font-medium text-brand-700 hover:underline sm:min-h-0 focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-500 dark:text-blue-300"
      >
        <span aria-hidden="true">←</span>
        {back.label}
      </Link>
      <h1 className="mt-2 text-2xl font-bold tracking-tight sm:text-3xl">{title}</h1>
      <p className="mt-1 text-slate-600 dark:text-slate-300">{subtitle}</p>
    </div>
  );
}
