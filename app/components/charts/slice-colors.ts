// A pie's slices take their categories' colours, and two categories may share one (two oranges
// side by side read as one slice). Pure: each slice keeps its colour unless it is too close to
// the slice before it (or, for the last, to the first, which it touches); then it takes the first
// of a fixed list of shades of its own colour that is far enough from both neighbours. Same
// input, same colours, on the server and in the browser.

type Rgb = [number, number, number];

function parseHex(color: string): Rgb | null {
  const match = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(color.trim());
  if (!match) return null;
  const hex = match[1]!.length === 3 ? [...match[1]!].map((c) => c + c).join("") : match[1]!;
  return [0, 2, 4].map((at) => parseInt(hex.slice(at, at + 2), 16)) as Rgb;
}

function toHex(rgb: Rgb): string {
  return `#${rgb.map((c) => Math.round(Math.min(255, Math.max(0, c))).toString(16).padStart(2, "0")).join("")}`;
}

/** A cheap perceptual distance ("redmean"): 0 for equal colours, about 765 for black and white. */
export function colorDistance(a: string, b: string): number {
  const x = parseHex(a);
  const y = parseHex(b);
  if (!x || !y) return a.toLowerCase() === b.toLowerCase() ? 0 : Infinity;
  const mean = (x[0] + y[0]) / 2;
  const [dr, dg, db] = [x[0] - y[0], x[1] - y[1], x[2] - y[2]];
  return Math.sqrt((2 + mean / 256) * dr * dr + 4 * dg * dg + (2 + (255 - mean) / 256) * db * db);
}

/** Closer than this, two neighbouring slices are hard to tell apart. */
export const MIN_SLICE_DISTANCE = 120;

function mix(color: string, toward: Rgb, share: number): string {
  const rgb = parseHex(color);
  if (!rgb) return color;
  return toHex(rgb.map((c, i) => c + (toward[i]! - c) * share) as Rgb);
}

const BLACK: Rgb = [0, 0, 0];
const WHITE: Rgb = [255, 255, 255];
/** Darker first (a category's white icon stays readable on it), then lighter, then further. */
const SHADES: [Rgb, number][] = [
  [BLACK, 0.35],
  [WHITE, 0.45],
  [BLACK, 0.6],
  [WHITE, 0.7],
];

/** The colours to draw neighbouring slices in: the categories' own where they are distinct enough, else a shade of it. */
export function distinctSliceColors(colors: readonly string[]): string[] {
  const out: string[] = [];
  colors.forEach((color, index) => {
    const neighbours = [out[index - 1], index === colors.length - 1 && index > 1 ? out[0] : undefined].filter((c): c is string => c !== undefined);
    const distinct = (candidate: string) => neighbours.every((n) => colorDistance(candidate, n) >= MIN_SLICE_DISTANCE);
    if (distinct(color)) return void out.push(color);
    const shade = SHADES.map(([toward, share]) => mix(color, toward, share)).find(distinct);
    // No shade of it is far enough (a grey between a black and a white slice): the darkest one, the surface stroke still parts them.
    out.push(shade ?? mix(color, BLACK, 0.6));
  });
  return out;
}
