import type { CSSProperties, ReactNode } from "react";
import { formatMoney } from "~/money/amounts";
import { USD } from "~/money/currencies";
import { dayToDate } from "~/calendar/days";
import { formatDayMonth, formatMonthShort } from "~/calendar/format";
import { barLayout, donutSlices, labelledSlots, slotCentre, steppedPath, valueScale, yPercent, type Scale } from "./geometry";

// The charts, drawn by the server as plain SVG (decision 031): there at first paint, with or
// without JavaScript, from the same rows as the table beside each. Each figure is named by its
// card's heading (role="img", aria-labelledby); the table holds the exact figures for a screen
// reader, and each bar, point and slice has its figures in a <title> for a pointer. Colours come
// from the theme's CSS variables (app.css), so both themes draw from one markup.

export type Grouping = "daily" | "weekly" | "monthly";

const color = {
  income: "var(--chart-income)",
  expense: "var(--chart-expense)",
  balance: "var(--chart-balance)",
  grid: "var(--chart-grid)",
  zero: "var(--chart-zero)",
  surface: "var(--chart-surface)",
} as const;

/** Below this many pixels a bucket's two bars get too thin to read: a longer chart scrolls sideways instead (a 30-day month on a phone). */
const MIN_SLOT_PX = 22;
/** Up to this many buckets a chart fits a phone's card without scrolling. */
const FITS_A_PHONE = 12;

/** An axis tick in cents as a whole amount of USD ("$ 1,200"), with the app's one money formatter. */
function tickText(cents: number, locale: string) {
  return formatMoney(cents, USD, locale).replace(/[.,]00$/, "");
}

function shortDate(date: string, grouping: Grouping, locale: string) {
  return grouping === "monthly" ? formatMonthShort(dayToDate(date), locale) : formatDayMonth(dayToDate(date), locale);
}

/** How a linked bar, point or slice shows keyboard focus (SVG takes an outline in Chromium and Firefox). */
const linkFocus = "focus:outline-none focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-brand-500";

/**
 * A chart's mark as a link to the transactions behind it (issue 27), or the mark alone. A slice is
 * a link for everyone, named by its tooltip's words (a pie has a few). A bar or a trend's point is
 * a pointer's shortcut only (`pointerOnly`): out of the tab order and of the accessibility tree (a
 * month of daily bars would be 60 tab stops); the table under the chart has the same links for the
 * keyboard and a screen reader.
 */
function MarkLink({ href, label, pointerOnly = false, children }: { href?: string; label: string; pointerOnly?: boolean; children: ReactNode }) {
  if (!href) return <>{children}</>;
  return pointerOnly ? (
    <a href={href} aria-hidden="true" tabIndex={-1} className="cursor-pointer">
      {children}
    </a>
  ) : (
    <a href={href} aria-label={label} className={`cursor-pointer ${linkFocus}`}>
      {children}
    </a>
  );
}

type LegendItem = { label: string; swatch: ReactNode };

/** What each colour and shape stands for, above the plot (the table's column headings say the same to a screen reader). */
function Legend({ items }: { items: LegendItem[] }) {
  return (
    <ul aria-hidden="true" className="mb-2 flex flex-wrap gap-x-4 gap-y-1 text-xs text-slate-700 dark:text-slate-200">
      {items.map((item) => (
        <li key={item.label} className="inline-flex items-center gap-1.5">
          <svg width="24" height="12" className="shrink-0 overflow-visible">
            {item.swatch}
          </svg>
          {item.label}
        </li>
      ))}
    </ul>
  );
}

/**
 * The frame of a bar or line chart: the legend, then the value axis (its labels in HTML, so they
 * keep their size at any width) beside the plot, and the buckets' labels under it. A chart with
 * many buckets keeps each at least MIN_SLOT_PX wide and scrolls sideways in its own box, its
 * value labels staying in view; the box then takes focus, so a keyboard can scroll it too.
 */
function XyFrame({
  kind,
  labelledBy,
  linked = false,
  legend,
  scale,
  dates,
  grouping,
  locale,
  defs,
  children,
}: {
  kind: "bar" | "trend";
  labelledBy: string;
  /**
   * Its bars or points link to their transactions (issue 27): the plot is then a group named by the
   * heading, as an image's parts may hold no links (or, when the box scrolls, the box is that group).
   */
  linked?: boolean;
  legend: LegendItem[];
  scale: Scale;
  dates: string[];
  grouping: Grouping;
  locale: string;
  defs?: ReactNode;
  children: ReactNode;
}) {
  const scrolls = kind === "bar" && dates.length > FITS_A_PHONE;
  const ticks = scale.ticks.map((tick) => ({ tick, text: tickText(tick, locale), at: yPercent(tick, scale) }));
  const widest = ticks.reduce((a, b) => (b.text.length > a.length ? b.text : a), "");
  const plotRole = !linked ? "img" : scrolls ? undefined : "group";
  const minWidth: CSSProperties | undefined = kind === "bar" ? { minWidth: `calc(${dates.length * MIN_SLOT_PX}px + 4rem)` } : undefined;
  return (
    <div data-chart={kind}>
      <Legend items={legend} />
      <div className="overflow-x-auto pb-1" tabIndex={scrolls ? 0 : undefined} role={scrolls ? "group" : undefined} aria-labelledby={scrolls ? labelledBy : undefined}>
        <div role={plotRole} aria-labelledby={plotRole ? labelledBy : undefined} data-plot="" className="grid grid-cols-[auto_1fr] grid-rows-[11rem_auto] pt-2 pr-4 text-xs text-slate-600 sm:grid-rows-[13rem_auto] dark:text-slate-300" style={minWidth}>
          <div className="sticky left-0 z-10 bg-white pr-2 dark:bg-slate-900">
            {/* The widest label, invisible, sets the column's width; the visible ones sit at their ticks. */}
            <span className="invisible block h-0 overflow-hidden whitespace-nowrap">{widest}</span>
            {ticks.map(({ tick, text, at }) => (
              <span key={tick} className="absolute right-2 -translate-y-1/2 whitespace-nowrap tabular-nums" style={{ top: `${at}%` }}>
                {text}
              </span>
            ))}
          </div>
          <div className="relative">
            <svg className="absolute inset-0 h-full w-full overflow-visible">
              {defs ? <defs>{defs}</defs> : null}
              {ticks.map(({ tick, at }) => (
                <line key={tick} x1="0" x2="100%" y1={`${at}%`} y2={`${at}%`} style={{ stroke: tick === 0 ? color.zero : color.grid }} strokeWidth="1" />
              ))}
              {children}
            </svg>
          </div>
          <div />
          <div className="relative h-6">
            {labelledSlots(dates.length).map((slot, nth) => (
              // A chart as wide as a phone's card has room for every other label there.
              <span
                key={dates[slot]}
                className={`absolute top-1 -translate-x-1/2 whitespace-nowrap ${!scrolls && nth % 2 === 1 ? "hidden sm:inline" : ""}`}
                style={{ left: `${slotCentre(slot, dates.length)}%` }}
              >
                {shortDate(dates[slot]!, grouping, locale)}
              </span>
            ))}
          </div>
        </div>
      </div>
    </div>
  );
}

/** Income and expenses per bucket: income as solid bars, expenses hatched, so the two differ by more than colour. */
export function BarChart({
  labelledBy,
  locale,
  grouping,
  points,
  labels,
  bucketName,
}: {
  labelledBy: string;
  locale: string;
  grouping: Grouping;
  /** Each bar may link to its bucket's transactions of its type (issue 27). */
  points: { date: string; incomeCents: number; expenseCents: number; incomeHref?: string; expenseHref?: string }[];
  labels: { income: string; expenses: string };
  /** A bucket's full name for its tooltip ("Oct 3, 2026", "Week of …"). */
  bucketName: (date: string) => string;
}) {
  const scale = valueScale(points.flatMap((p) => [p.incomeCents, p.expenseCents]));
  const bars = barLayout(points, scale);
  const hatch = `${labelledBy}-hatch`;
  const expenseStyle = { fill: `url(#${hatch})`, stroke: color.expense };
  const incomeStyle = { fill: color.income };
  const tooltip = (date: string, label: string, cents: number) => `${bucketName(date)}: ${label} ${formatMoney(cents, USD, locale)}`;
  return (
    <XyFrame
      kind="bar"
      labelledBy={labelledBy}
      linked={points.some((p) => p.incomeHref || p.expenseHref)}
      scale={scale}
      dates={points.map((p) => p.date)}
      grouping={grouping}
      locale={locale}
      legend={[
        { label: labels.income, swatch: <rect x="6" y="0" width="12" height="12" style={incomeStyle} /> },
        { label: labels.expenses, swatch: <rect x="6.5" y="0.5" width="11" height="11" style={expenseStyle} /> },
      ]}
      defs={
        <pattern id={hatch} width="5" height="5" patternUnits="userSpaceOnUse" patternTransform="rotate(45)">
          <rect width="5" height="5" style={{ fill: color.expense, fillOpacity: 0.25 }} />
          <rect width="2.5" height="5" style={{ fill: color.expense }} />
        </pattern>
      }
    >
      {bars.map(({ income, expense }, index) => {
        const { date, incomeHref, expenseHref } = points[index]!;
        return (
          <g key={date}>
            {income ? (
              <MarkLink href={incomeHref} label={tooltip(date, labels.income, income.cents)} pointerOnly>
                <rect x={`${income.x}%`} y={`${income.y}%`} width={`${income.width}%`} height={`${income.height}%`} style={incomeStyle}>
                  <title>{tooltip(date, labels.income, income.cents)}</title>
                </rect>
              </MarkLink>
            ) : null}
            {expense ? (
              <MarkLink href={expenseHref} label={tooltip(date, labels.expenses, expense.cents)} pointerOnly>
                <rect x={`${expense.x}%`} y={`${expense.y}%`} width={`${expense.width}%`} height={`${expense.height}%`} style={expenseStyle} strokeWidth="1">
                  <title>{tooltip(date, labels.expenses, expense.cents)}</title>
                </rect>
              </MarkLink>
            ) : null}
          </g>
        );
      })}
    </XyFrame>
  );
}

/**
 * Expenses per bucket and the running balance, as stepped lines (a value holds across its bucket:
 * nothing rises before the day it happened). Expenses: a solid line with squares where there were
 * any; balance: a dashed line with circles where it moved.
 */
export function TrendChart({
  labelledBy,
  locale,
  grouping,
  points,
  labels,
  bucketName,
}: {
  labelledBy: string;
  locale: string;
  grouping: Grouping;
  /** Each bucket's expense point may link to its transactions (issue 27); the running balance is no set of transactions. */
  points: { date: string; incomeCents: number; expenseCents: number; balanceCents: number; expenseHref?: string }[];
  labels: { expenses: string; balance: string };
  bucketName: (date: string) => string;
}) {
  const scale = valueScale(points.flatMap((p) => [p.expenseCents, p.balanceCents]));
  const count = points.length;
  const line = { fill: "none", strokeWidth: 2, vectorEffect: "non-scaling-stroke" } as const;
  const tooltip = (date: string, label: string, cents: number) => `${bucketName(date)}: ${label} ${formatMoney(cents, USD, locale)}`;
  return (
    <XyFrame
      kind="trend"
      labelledBy={labelledBy}
      linked={points.some((p) => p.expenseHref)}
      scale={scale}
      dates={points.map((p) => p.date)}
      grouping={grouping}
      locale={locale}
      legend={[
        {
          label: labels.expenses,
          swatch: (
            <>
              <line x1="0" x2="24" y1="6" y2="6" style={{ stroke: color.expense }} strokeWidth="2" />
              <rect x="8.5" y="2.5" width="7" height="7" style={{ fill: color.expense }} />
            </>
          ),
        },
        {
          label: labels.balance,
          swatch: (
            <>
              <line x1="0" x2="24" y1="6" y2="6" style={{ stroke: color.balance }} strokeWidth="2" strokeDasharray="5 3" />
              <circle cx="12" cy="6" r="3.5" style={{ fill: color.balance }} />
            </>
          ),
        },
      ]}
    >
      {/* The lines in a box one unit per bucket wide, stretched to the plot; their strokes keep their width. */}
      <svg width="100%" height="100%" viewBox={`0 0 ${count * 100} 100`} preserveAspectRatio="none" className="overflow-visible">
        <path d={steppedPath(points.map((p) => p.expenseCents), scale)} style={{ ...line, stroke: color.expense }} />
        <path d={steppedPath(points.map((p) => p.balanceCents), scale)} style={{ ...line, stroke: color.balance }} strokeDasharray="6 4" />
      </svg>
      {points.map((p, index) => {
        const x = `${slotCentre(index, count)}%`;
        const moved = p.incomeCents !== 0 || p.expenseCents !== 0;
        return moved ? (
          <g key={p.date}>
            {p.expenseCents > 0 ? (
              <MarkLink href={p.expenseHref} label={tooltip(p.date, labels.expenses, p.expenseCents)} pointerOnly>
                <rect x={x} y={`${yPercent(p.expenseCents, scale)}%`} width="7" height="7" transform="translate(-3.5 -3.5)" style={{ fill: color.expense, stroke: color.surface }} strokeWidth="1">
                  <title>{tooltip(p.date, labels.expenses, p.expenseCents)}</title>
                </rect>
              </MarkLink>
            ) : null}
            <circle cx={x} cy={`${yPercent(p.balanceCents, scale)}%`} r="3.5" style={{ fill: color.balance, stroke: color.surface }} strokeWidth="1">
              <title>{tooltip(p.date, labels.balance, p.balanceCents)}</title>
            </circle>
          </g>
        ) : null;
      })}
    </XyFrame>
  );
}

/**
 * Spending by category as a ring, largest first clockwise from the top. Slices are parted by a
 * stroke in the card's colour; the caller gives colours already kept apart (distinctSliceColors).
 */
export function PieChart({
  labelledBy,
  slices,
}: {
  labelledBy: string;
  /** A slice with an href is a link to its transactions (issue 27): the ring is then a group of links (an image's parts are not read), named by the heading. */
  slices: { key: string; cents: number; color: string; title: string; href?: string }[];
}) {
  const paths = donutSlices(
    slices.map((s) => s.cents),
    98,
    58,
  );
  return (
    <div data-chart="pie" className="flex justify-center">
      <svg role={slices.some((s) => s.href) ? "group" : "img"} aria-labelledby={labelledBy} data-plot="" viewBox="-100 -100 200 200" className="h-52 w-52 sm:h-60 sm:w-60">
        {paths.map(({ path, index }) => {
          const slice = slices[index]!;
          return (
            <MarkLink key={slice.key} href={slice.href} label={slice.title}>
              <path d={path} fillRule="evenodd" style={{ fill: slice.color, stroke: color.surface }} strokeWidth="2" strokeLinejoin="round" data-slice={slice.key}>
                <title>{slice.title}</title>
              </path>
            </MarkLink>
          );
        })}
      </svg>
    </div>
  );
}
