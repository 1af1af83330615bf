import { createContext, useContext, type ReactNode, type TdHTMLAttributes, type ThHTMLAttributes } from "react";

/*
 * The one responsive table every list uses (issue 11; budgets and reports reuse it).
 *
 * One markup, two layouts chosen by the width of the table's own box (a container query, so a
 * table in a half-width card stacks too): from `wideAt` up it is an ordinary table with a header
 * row; below it each row is a card and nothing scrolls sideways:
 *
 *   ┌──────────────────────────────┐
 *   │ title cell          headline │   place="title" (the row's name) and place="headline" (the
 *   │ subtitle                     │   amount) share the first line, place="subtitle" (a date)
 *   │ Label ................ value │   sits under the title; every other cell is a line
 *   │ Label ................ value │   of its own with its column's label before the value;
 *   │                      actions │   place="actions" sits last, on the right.
 *   └──────────────────────────────┘
 *
 * Below `wideAt` the header row is not displayed, so each "line" cell shows its column's label
 * (data-label, drawn as generated content, which screen readers read with the value). The title,
 * subtitle, headline and actions speak for themselves (a name, a date, a signed amount, named
 * buttons). From `wideAt` up the header row names the columns as usual.
 *
 * Usage: <DataTable columns={[...]} labelledBy="card-title"> rows of <DataRow> with one <DataCell
 * label={column label} place=…> per column, in the columns' order </DataTable>: the wide table
 * puts a cell under the header of its position, whatever its place (the card layout places
 * title, subtitle and headline by grid area, so their order does not matter there). `inset` pads the stacked rows when the
 * table sits edge to edge in its panel instead of inside a padded Card.
 */

export type TableWidth = "sm" | "md" | "lg";

// Literal class lists per threshold (Tailwind only sees whole class names): sm = a 36rem box (five
// or six short columns), md = 42rem, lg = 48rem (seven or more columns).
const wide = {
  sm: {
    table: "@xl:table",
    head: "@xl:table-header-group",
    body: "@xl:table-row-group",
    row: "@xl:table-row @xl:p-0",
    cell: "@xl:table-cell @xl:align-middle",
    compactPad: "@xl:px-3 @xl:py-2",
    pad: "@xl:px-4 @xl:py-3",
    narrowOnly: "@xl:hidden",
    left: "@xl:text-left",
    right: "@xl:text-right",
    start: "@xl:justify-start",
    narrowHidden: "@max-xl:hidden",
    noLabel: "@xl:before:content-none",
  },
  md: {
    table: "@2xl:table",
    head: "@2xl:table-header-group",
    body: "@2xl:table-row-group",
    row: "@2xl:table-row @2xl:p-0",
    cell: "@2xl:table-cell @2xl:align-middle",
    compactPad: "@2xl:px-3 @2xl:py-2",
    pad: "@2xl:px-4 @2xl:py-3",
    narrowOnly: "@2xl:hidden",
    left: "@2xl:text-left",
    right: "@2xl:text-right",
    start: "@2xl:justify-start",
    narrowHidden: "@max-2xl:hidden",
    noLabel: "@2xl:before:content-none",
  },
  lg: {
    table: "@3xl:table",
    head: "@3xl:table-header-group",
    body: "@3xl:table-row-group",
    row: "@3xl:table-row @3xl:p-0",
    cell: "@3xl:table-cell @3xl:align-middle",
    compactPad: "@3xl:px-3 @3xl:py-2",
    pad: "@3xl:px-4 @3xl:py-3",
    narrowOnly: "@3xl:hidden",
    left: "@3xl:text-left",
    right: "@3xl:text-right",
    start: "@3xl:justify-start",
    narrowHidden: "@max-3xl:hidden",
    noLabel: "@3xl:before:content-none",
  },
} as const;

// A card line's label: its column's name from data-label, as generated content (read by screen
// readers like text, and not part of the cell's textContent).
const labelClass =
  "before:shrink-0 before:text-xs before:font-medium before:text-slate-600 before:content-[attr(data-label)] dark:before:text-slate-300";

const headerText = "text-xs font-semibold uppercase tracking-wide text-slate-600 dark:text-slate-300";

type HeaderCellProps = ThHTMLAttributes<HTMLTableCellElement> & { align?: "left" | "right"; compact?: boolean };

/** One column header; extra classes and attributes (aria-sort) pass through. */
export function HeaderCell({ align = "left", compact = false, className = "", children, ...rest }: HeaderCellProps) {
  const size = compact ? "px-3 py-2" : "px-4 py-3";
  return (
    <th scope="col" className={`${size} ${align === "right" ? "text-right" : "text-left"} ${headerText} ${className}`} {...rest}>
      {children}
    </th>
  );
}

export type Column = {
  key: string;
  /** Plain text, or a sort link. */
  label: ReactNode;
  align?: "left" | "right";
  ariaSort?: "ascending" | "descending";
};

type TableContext = { width: TableWidth; compact: boolean; inset: boolean };
const TableSettings = createContext<TableContext>({ width: "md", compact: false, inset: false });

export function DataTable({
  columns,
  labelledBy,
  caption,
  wideAt = "md",
  compact = false,
  inset = false,
  narrowHeader,
  children,
}: {
  columns: Column[];
  /** The id of the heading that names the table (its card's title), or a caption. */
  labelledBy?: string;
  caption?: string;
  wideAt?: TableWidth;
  /** Smaller cell padding for tables inside dashboard cards. */
  compact?: boolean;
  /** Pad the stacked rows sideways (the table touches its panel's edges). */
  inset?: boolean;
  /** Shown above the cards in place of the header row (the sort links). */
  narrowHeader?: ReactNode;
  children: ReactNode;
}) {
  const w = wide[wideAt];
  return (
    <div className="@container">
      {narrowHeader ? <div className={w.narrowOnly}>{narrowHeader}</div> : null}
      <table aria-labelledby={labelledBy} className={`block w-full text-sm ${w.table}`}>
        {caption ? <caption className="sr-only">{caption}</caption> : null}
        <thead className={`hidden ${w.head} ${compact ? "" : "bg-slate-50 dark:bg-slate-800"}`}>
          <tr>
            {columns.map((column) => (
              <HeaderCell key={column.key} align={column.align} compact={compact} aria-sort={column.ariaSort}>
                {column.label}
              </HeaderCell>
            ))}
          </tr>
        </thead>
        <tbody className={`block divide-y divide-slate-200 dark:divide-slate-800 ${w.body}`}>
          <TableSettings.Provider value={{ width: wideAt, compact, inset }}>{children}</TableSettings.Provider>
        </tbody>
      </table>
    </div>
  );
}

/** A row: a card of stacked lines when narrow, a table row when wide. */
export function DataRow({ children, className = "", ...rest }: { children: ReactNode; className?: string } & Record<`data-${string}`, string>) {
  const { width, inset } = useContext(TableSettings);
  return (
    <tr
      className={`grid grid-cols-[minmax(0,1fr)_auto] items-start gap-x-3 gap-y-1 py-3 ${inset ? "px-4" : ""} ${wide[width].row} ${className}`}
      {...rest}
    >
      {children}
    </tr>
  );
}

type Place = "title" | "subtitle" | "headline" | "line" | "actions";

const placeClass: Record<Place, string> = {
  title: "col-start-1 row-start-1 min-w-0 break-words font-medium",
  subtitle: "col-start-1 row-start-2 min-w-0 text-xs text-slate-600 dark:text-slate-300",
  headline: "col-start-2 row-span-2 row-start-1 text-right whitespace-nowrap tabular-nums",
  line: "col-span-2 flex items-baseline justify-between gap-3",
  actions: "col-span-2 flex justify-end pt-1",
};

/**
 * One cell. `label` is its column's label (shown on a card's line); `header` makes
 * it the row's header cell (<th scope="row">); `align` places the value when the table is wide.
 */
export function DataCell({
  label,
  place = "line",
  header = false,
  align = "left",
  wideOnly = false,
  className = "",
  children,
  ...rest
}: {
  label: string;
  place?: Place;
  header?: boolean;
  /** Not shown on a card because another cell already says it (the amount names its currency). */
  wideOnly?: boolean;
  align?: "left" | "right";
  className?: string;
  children: ReactNode;
} & Omit<TdHTMLAttributes<HTMLTableCellElement>, "align">) {
  const { width, compact } = useContext(TableSettings);
  const w = wide[width];
  const Tag = header ? "th" : "td";
  const line = place === "line";
  const classes = `${placeClass[place]} ${w.cell} ${compact ? w.compactPad : w.pad} ${align === "right" ? w.right : w.left} ${line ? `${labelClass} ${w.noLabel}` : ""} ${wideOnly ? w.narrowHidden : ""} ${className}`;
  return (
    <Tag scope={header ? "row" : undefined} data-label={line ? label : undefined} className={classes} {...rest}>
      {line ? (
        <span className={`min-w-0 text-right break-words ${align === "right" ? w.right : w.left}`}>{children}</span>
      ) : place === "actions" ? (
        <span className={`flex flex-wrap justify-end gap-2 ${align === "right" ? "" : w.start}`}>{children}</span>
      ) : (
        children
      )}
    </Tag>
  );
}

/** A row that spans every column (a confirmation panel under its row). */
export function FullWidthRow({ columns, children }: { columns: number; children: ReactNode }) {
  const { width, inset } = useContext(TableSettings);
  return (
    <tr className={`block ${wide[width].row}`}>
      <td colSpan={columns} className={`block pb-4 ${inset ? "px-4" : ""} ${wide[width].cell}`}>
        {children}
      </td>
    </tr>
  );
}
