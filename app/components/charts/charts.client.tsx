import { VisAxis, VisDonut, VisGroupedBar, VisLine, VisSingleContainer, VisXYContainer } from "@unovis/react";
import { formatMoney } from "~/money/amounts";
import { USD } from "~/money/currencies";
import { dayToDate } from "~/calendar/days";
import { formatDayMonth } from "~/calendar/format";
import { CHART_COLORS, type ChartProps } from "./chart-types";

// The charts themselves (Unovis), loaded only on pages with charts, after hydration, when the
// chart scrolls into view (lazy-chart.tsx). They are pictures of the table beside them, which
// holds the exact figures: the charts are aria-hidden. Values stay integer cents; only the
// axis ticks are formatted, with the app's one money formatter. No animation (duration 0): a
// chart appears drawn, for readers who prefer less motion and for screenshots alike.

const { income: INCOME, expense: EXPENSE, balance: BALANCE } = CHART_COLORS;

function dayLabel(day: string, locale: string) {
  return formatDayMonth(dayToDate(day), locale);
}

/** An axis tick in cents as a whole amount of USD ("$ 1,200"): ticks are rounded to the cent before formatting. */
function centsTick(locale: string) {
  return (tick: number | Date) => formatMoney(Math.round(Number(tick) / 100) * 100, USD, locale).replace(/[.,]00$/, "");
}

export default function Chart(props: ChartProps) {
  const { locale } = props;
  if (props.kind === "pie") {
    return (
      <VisSingleContainer height={240} duration={0}>
        <VisDonut<(typeof props.slices)[number]> data={props.slices} value={(d) => d.cents} color={(d) => d.color} arcWidth={48} padAngle={0.01} />
      </VisSingleContainer>
    );
  }
  const points = props.points;
  const labels = (tick: number | Date) => {
    const point = points[Math.round(Number(tick))];
    return point ? dayLabel(point.date, locale) : "";
  };
  if (props.kind === "bar") {
    type Point = (typeof props.points)[number];
    return (
      <VisXYContainer<Point> data={props.points} height={240} duration={0}>
        <VisGroupedBar<Point> x={(_, i) => i} y={[(d) => d.incomeCents, (d) => d.expenseCents]} color={[INCOME, EXPENSE]} roundedCorners={2} groupPadding={0.2} />
        <VisAxis type="x" tickFormat={labels} numTicks={Math.min(points.length, 7)} gridLine={false} />
        <VisAxis type="y" tickFormat={centsTick(locale)} numTicks={4} />
      </VisXYContainer>
    );
  }
  type Point = (typeof props.points)[number];
  return (
    <VisXYContainer<Point> data={props.points} height={240} duration={0}>
      <VisLine<Point> x={(_, i) => i} y={[(d) => d.expenseCents, (d) => d.balanceCents]} color={[EXPENSE, BALANCE]} lineWidth={2} />
      <VisAxis type="x" tickFormat={labels} numTicks={Math.min(points.length, 7)} gridLine={false} />
      <VisAxis type="y" tickFormat={centsTick(locale)} numTicks={4} />
    </VisXYContainer>
  );
}
