import type { ReactNode, ThHTMLAttributes } from "react";

// The column headers every data table shares: small uppercase labels, left or right aligned
// (numbers on the right). Dashboard cards use the compact size.

const cellBase = "text-xs font-semibold uppercase tracking-wide text-slate-600 dark:text-slate-300";

type HeaderCellProps = ThHTMLAttributes<HTMLTableCellElement> & { align?: "left" | "right"; compact?: boolean };

/** One column header; extra classes (sticky, background) and attributes (aria-sort) pass through. */
export function HeaderCell({ align = "left", compact = false, className = "", children, ...rest }: HeaderCellProps) {
  const size = compact ? "px-3 py-2" : "px-4 py-3";
  return (
    <th scope="col" className={`${size} ${align === "right" ? "text-right" : "text-left"} ${cellBase} ${className}`} {...rest}>
      {children}
    </th>
  );
}

export type HeaderColumn = { label: ReactNode; key: string; align?: "left" | "right" };

/** A header row of plain labels; the full size sits on a tinted band, the compact one does not. */
export function TableHead({ columns, compact = false }: { columns: HeaderColumn[]; compact?: boolean }) {
  return (
    <thead className={compact ? undefined : "bg-slate-50 dark:bg-slate-800"}>
      <tr>
        {columns.map((column) => (
          <HeaderCell key={column.key} align={column.align} compact={compact}>
            {column.label}
          </HeaderCell>
        ))}
      </tr>
    </thead>
  );
}

/**
 * A card's data table: it scrolls sideways inside the card when the screen is narrower than
 * `minWidth` (a Tailwind min-w class), and the scroll region is keyboard-reachable and named
 * by the card's title (`labelledBy`).
 */
export function CardTable({
  labelledBy,
  minWidth,
  columns,
  children,
}: {
  labelledBy: string;
  minWidth: string;
  columns: HeaderColumn[];
  children: ReactNode;
}) {
  return (
    <div className="-mx-4 overflow-x-auto sm:-mx-6" tabIndex={0} role="region" aria-labelledby={labelledBy}>
      <table className={`w-full ${minWidth} divide-y divide-slate-200 text-sm dark:divide-slate-800`}>
        <TableHead columns={columns} />
        <tbody className="divide-y divide-slate-200 dark:divide-slate-800">{children}</tbody>
      </table>
    </div>
  );
}
