import type { ReactNode } from "react";

/**
 * One labelled figure of a card (a budget's spent, a goal's target), inside a FigureList: on a
 * phone a row with the label left and the amount right, so a long amount (COP 4.000.000,00)
 * has the width it needs; side by side from sm up.
 */
export function Figure({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex min-w-0 items-baseline justify-between gap-3 sm:block">
      <dt className="text-xs text-slate-600 dark:text-slate-300">{label}</dt>
      <dd className="font-medium">{children}</dd>
    </div>
  );
}

/** A card's figures: stacked rows on a phone, three columns from sm up. */
export function FigureList({ label, className = "", children }: { label?: string; className?: string; children: ReactNode }) {
  return (
    <dl aria-label={label} className={`grid gap-1 text-sm sm:grid-cols-3 sm:gap-2 ${className}`}>
      {children}
    </dl>
  );
}
