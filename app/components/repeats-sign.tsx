import { Link } from "react-router";

/** The address of a schedule on the /recurring page. */
export const scheduleHref = (recurringId: string) => `/recurring#recurring-${recurringId}`;

/**
 * The small "repeats" sign beside a transaction that a schedule posted (issue 24): a circular
 * arrows icon linking to its schedule, named by `label` ("Recurring") for assistive technology
 * and as its tooltip. Nothing for a transaction of no schedule (or of a deleted one).
 */
export function RepeatsSign({ recurringId, label }: { recurringId: string | null; label: string }) {
  if (recurringId === null) return null;
  // The space keeps "Rent" and "Recurring" two words for a screen reader; none without a sign.
  return (
    <>
      {" "}
      <Link
        to={scheduleHref(recurringId)}
        title={label}
        data-repeats-sign=""
        className="ml-0.5 inline-flex h-11 w-11 shrink-0 items-center justify-center rounded align-middle sm:h-6 sm:w-6 text-brand-700 hover:bg-slate-100 focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-500 dark:text-blue-300 dark:hover:bg-slate-800"
      >
        <svg aria-hidden="true" viewBox="0 0 20 20" className="h-4 w-4" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round">
          <path d="M4 8a6 6 0 0 1 10.5-3.5L16 6" />
          <path d="M16 2.5V6h-3.5" />
          <path d="M16 12a6 6 0 0 1-10.5 3.5L4 14" />
          <path d="M4 17.5V14h3.5" />
        </svg>
        <span className="sr-only">{label}</span>
      </Link>
    </>
  );
}
