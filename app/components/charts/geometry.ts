// The charts' geometry, pure (no React): scales from integer cents to positions, the bars of a
// bar chart, the stepped lines of a trend and the slices of a pie. Cents stay integers up to the
// last step: a share of the axis is an exact BigInt quotient, rounded once to a thousandth of a
// percent, so two equal amounts always draw equal bars, whatever their size.

/** `part` of `whole` in percent, rounded half up to 3 decimals (0 ≤ part ≤ whole, whole > 0). */
export function percentOf(part: number, whole: number): number {
  if (whole <= 0) return 0;
  const scaled = (BigInt(part) * 200_000n + BigInt(whole)) / (2n * BigInt(whole));
  return Number(scaled) / 1000;
}

/** Nice steps for an axis in cents: 1, 2, 2.5 and 5 times a power of ten. */
function niceStep(atLeast: number): number {
  if (atLeast <= 1) return 1;
  let power = 1;
  while (power * 10 < atLeast) power *= 10;
  for (const factor of [1, 2, 2.5, 5, 10]) {
    const step = power * factor;
    if (Number.isInteger(step) && step >= atLeast) return step;
  }
  return power * 10;
}

export type Scale = { bottom: number; top: number; ticks: number[] };

/**
 * The vertical axis for values in cents: from a multiple of a nice step at or below the lowest
 * value (never above zero) to one at or above the highest (never below zero), in at most
 * `divisions` steps. Every tick is a whole number of cents.
 */
export function valueScale(values: readonly number[], divisions = 4): Scale {
  const low = Math.min(0, ...values);
  const high = Math.max(0, ...values);
  if (low === high) return { bottom: 0, top: 100, ticks: [0, 100] };
  let step = niceStep(Math.ceil((high - low) / divisions));
  let bottom = Math.floor(low / step) * step;
  let top = Math.ceil(high / step) * step;
  // Rounding both ends out can add a step: take the next nice step until it fits.
  while ((top - bottom) / step > divisions) {
    step = niceStep(step + 1);
    bottom = Math.floor(low / step) * step;
    top = Math.ceil(high / step) * step;
  }
  const ticks: number[] = [];
  for (let tick = bottom; tick <= top; tick += step) ticks.push(tick);
  return { bottom, top, ticks };
}

/** How far down the plot a value sits, in percent (0 at the top of the scale, 100 at its bottom). */
export function yPercent(value: number, scale: Scale): number {
  return percentOf(scale.top - value, scale.top - scale.bottom);
}

export type Bar = { x: number; width: number; y: number; height: number; cents: number };

/** Each bucket's slot, in hundredths: a gap, the income bar, a gap, the expense bar, a gap. */
const SLOT = 100;
const BAR_WIDTH = 34;
const INCOME_AT = 14;
const EXPENSE_AT = SLOT - INCOME_AT - BAR_WIDTH;
const MIN_BAR = 0.5;

/**
 * The bars of an income and expenses chart, in percent of the plot (x from the left, y from the
 * top), each as tall as its cents' share of the scale. A bucket with nothing draws nothing: a zero
 * is no bar, not a sliver.
 */
export function barLayout(points: readonly { incomeCents: number; expenseCents: number }[], scale: Scale): { income: Bar | null; expense: Bar | null }[] {
  const width = points.length * SLOT;
  const base = yPercent(0, scale);
  const bar = (cents: number, index: number, at: number): Bar | null => {
    if (cents <= 0) return null;
    // Something, however small next to the axis, shows as a hairline (half a percent, a pixel): only nothing draws nothing.
    const height = Math.max(MIN_BAR, percentOf(cents, scale.top - scale.bottom));
    return { x: percentOf(index * SLOT + at, width), width: percentOf(BAR_WIDTH, width), y: Math.round((base - height) * 1000) / 1000, height, cents };
  };
  return points.map((p, index) => ({ income: bar(p.incomeCents, index, INCOME_AT), expense: bar(p.expenseCents, index, EXPENSE_AT) }));
}

/** The centre of bucket `index` of `count`, in percent from the left. */
export function slotCentre(index: number, count: number): number {
  return percentOf(index * 2 + 1, count * 2);
}

/**
 * A stepped line over buckets of equal width, in a box `count` × 100 wide and 100 tall (drawn
 * stretched to the plot): each value holds across its own bucket and the line changes only at the
 * bucket's edge, so nothing seems to happen before the day it happened.
 */
export function steppedPath(values: readonly number[], scale: Scale): string {
  if (values.length === 0) return "";
  const y = (value: number) => String(yPercent(value, scale));
  let d = `M0 ${y(values[0]!)}H100`;
  for (let index = 1; index < values.length; index++) d += `V${y(values[index]!)}H${(index + 1) * 100}`;
  return d;
}

/** Which buckets get a label under the axis: at most `most`, evenly spaced, the first always. */
export function labelledSlots(count: number, most = 7): number[] {
  const every = Math.max(1, Math.ceil(count / most));
  const slots: number[] = [];
  for (let index = 0; index < count; index += every) slots.push(index);
  return slots;
}

export type Slice = { path: string; index: number };

const round = (n: number) => Math.round(n * 100) / 100;

function point(radius: number, turn: number) {
  // Clockwise from twelve o'clock.
  const angle = turn * 2 * Math.PI;
  return `${round(radius * Math.sin(angle))} ${round(-radius * Math.cos(angle))}`;
}

/**
 * The slices of a ring centred on 0,0 (outer and inner radius), one per value in order, clockwise
 * from the top, each as large as its share of the integer total. A zero draws nothing; a single
 * value is the whole ring.
 */
export function donutSlices(values: readonly number[], outer: number, inner: number): Slice[] {
  const total = values.reduce((sum, value) => sum + BigInt(value), 0n);
  if (total <= 0n) return [];
  const slices: Slice[] = [];
  let before = 0n;
  values.forEach((value, index) => {
    if (value <= 0) return;
    const start = Number((before * 1_000_000n) / total) / 1_000_000;
    before += BigInt(value);
    const end = Number((before * 1_000_000n) / total) / 1_000_000;
    if (end - start >= 1) {
      // A whole ring: two half arcs each way (one arc cannot start and end at the same point).
      slices.push({
        index,
        path: `M${point(outer, 0)}A${outer} ${outer} 0 1 1 ${point(outer, 0.5)}A${outer} ${outer} 0 1 1 ${point(outer, 0)}ZM${point(inner, 0)}A${inner} ${inner} 0 1 0 ${point(inner, 0.5)}A${inner} ${inner} 0 1 0 ${point(inner, 0)}Z`,
      });
      return;
    }
    const large = end - start > 0.5 ? 1 : 0;
    slices.push({
      index,
      path: `M${point(outer, start)}A${outer} ${outer} 0 ${large} 1 ${point(outer, end)}L${point(inner, end)}A${inner} ${inner} 0 ${large} 0 ${point(inner, start)}Z`,
    });
  });
  return slices;
}
