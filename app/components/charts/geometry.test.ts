import { expect, test } from "vitest";
import { barLayout, donutSlices, labelledSlots, percentOf, slotCentre, steppedPath, valueScale, yPercent } from "./geometry";

test("a share of the axis is an exact quotient of integer cents, rounded once to a thousandth of a percent", () => {
  expect(percentOf(1, 3)).toBe(33.333);
  expect(percentOf(2, 3)).toBe(66.667);
  expect(percentOf(0, 700)).toBe(0);
  // Amounts past 2^53 cents still divide exactly.
  expect(percentOf(9_007_199_254_740_993, 18_014_398_509_481_986)).toBe(50);
});

test("the value axis runs from zero to a nice whole amount above the largest value, in at most four steps", () => {
  expect(valueScale([3_000_00, 1_370_00])).toEqual({ bottom: 0, top: 300_000, ticks: [0, 100_000, 200_000, 300_000] });
  expect(valueScale([12_345])).toEqual({ bottom: 0, top: 15_000, ticks: [0, 5000, 10_000, 15_000] });
  // A balance below zero: the axis reaches down to a step below it, through zero.
  const scale = valueScale([137_87, -2_630_00, 1_200_00]);
  expect(scale.ticks).toContain(0);
  expect(scale.bottom).toBeLessThanOrEqual(-263_000);
  expect(scale.top).toBeGreaterThanOrEqual(120_000);
  expect(scale.ticks.length).toBeLessThanOrEqual(5);
  expect(valueScale([0, 0])).toEqual({ bottom: 0, top: 100, ticks: [0, 100] });
});

test("bars are scaled from integer cents; a day with nothing draws no bar at all", () => {
  const scale = valueScale([40_000]);
  expect(scale.top).toBe(40_000);
  const [first, second] = barLayout(
    [
      { incomeCents: 40_000, expenseCents: 10_000 },
      { incomeCents: 0, expenseCents: 0 },
    ],
    scale,
  );
  expect(first!.income).toEqual({ x: 7, width: 17, y: 0, height: 100, cents: 40_000 });
  expect(first!.expense).toEqual({ x: 26, width: 17, y: 75, height: 25, cents: 10_000 });
  expect(second).toEqual({ income: null, expense: null });
  // One cent of a large axis is still a bar, never rounded away to a stub or to nothing.
  const tiny = barLayout([{ incomeCents: 1, expenseCents: 0 }], valueScale([1_000_000]));
  expect(tiny[0]!.income!.height).toBe(0.5);
});

test("the trend is a stepped line: each bucket's value holds across its own width and changes only at its edge", () => {
  const scale = { bottom: 0, top: 400, ticks: [0, 400] };
  expect(steppedPath([100, 100, 400, 0], scale)).toBe("M0 75H100V75H200V0H300V100H400");
  expect(steppedPath([], scale)).toBe("");
  expect(yPercent(-200, { bottom: -400, top: 400, ticks: [] })).toBe(75);
});

test("labels under the axis: at most seven, evenly spaced, at the buckets' centres", () => {
  expect(labelledSlots(7)).toEqual([0, 1, 2, 3, 4, 5, 6]);
  expect(labelledSlots(31)).toEqual([0, 5, 10, 15, 20, 25, 30]);
  expect(slotCentre(0, 4)).toBe(12.5);
  expect(slotCentre(3, 4)).toBe(87.5);
});

test("pie slices follow the integer shares clockwise from the top; zero draws nothing and one value is the whole ring", () => {
  const halves = donutSlices([50, 0, 50], 100, 60);
  expect(halves.map((s) => s.index)).toEqual([0, 2]);
  expect(halves[0]!.path).toBe("M0 -100A100 100 0 0 1 0 100L0 60A60 60 0 0 0 0 -60Z");
  expect(halves[1]!.path).toBe("M0 100A100 100 0 0 1 0 -100L0 -60A60 60 0 0 0 0 60Z");
  const quarter = donutSlices([1, 3], 100, 60);
  expect(quarter[0]!.path).toBe("M0 -100A100 100 0 0 1 100 0L60 0A60 60 0 0 0 0 -60Z");
  expect(quarter[1]!.path).toContain("0 1 1");
  const whole = donutSlices([120_000], 100, 60);
  expect(whole).toHaveLength(1);
  expect(whole[0]!.path.match(/A/g)).toHaveLength(4);
  expect(donutSlices([], 100, 60)).toEqual([]);
});
