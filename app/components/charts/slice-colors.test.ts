import { expect, test } from "vitest";
import { colorDistance, distinctSliceColors, MIN_SLICE_DISTANCE } from "./slice-colors";

const ORANGE = "#F97316";

test("distinct category colours are drawn as they are", () => {
  const colors = ["#EF4444", "#3B82F6", "#10B981", "#F59E0B"];
  expect(distinctSliceColors(colors)).toEqual(colors);
});

test("two neighbouring slices of one colour: the second takes a shade far enough from the first", () => {
  const [first, second, third] = distinctSliceColors([ORANGE, ORANGE, "#3B82F6"]);
  expect(first).toBe(ORANGE);
  expect(second).not.toBe(ORANGE);
  expect(colorDistance(first!, second!)).toBeGreaterThanOrEqual(MIN_SLICE_DISTANCE);
  expect(colorDistance(second!, third!)).toBeGreaterThanOrEqual(MIN_SLICE_DISTANCE);
  // Same input, same output (server and browser draw alike).
  expect(distinctSliceColors([ORANGE, ORANGE, "#3B82F6"])).toEqual([first, second, third]);
});

test("close colours count as equal, and the last slice is kept apart from the first, which it touches", () => {
  const shaded = distinctSliceColors([ORANGE, "#3B82F6", "#F97415"]);
  expect(shaded[2]).not.toBe("#F97415");
  expect(colorDistance(shaded[2]!, ORANGE)).toBeGreaterThanOrEqual(MIN_SLICE_DISTANCE);
  expect(colorDistance(shaded[2]!, "#3B82F6")).toBeGreaterThanOrEqual(MIN_SLICE_DISTANCE);
  // Three of a kind in a row alternate, each apart from its neighbours.
  const three = distinctSliceColors([ORANGE, ORANGE, ORANGE, "#3B82F6"]);
  for (let i = 1; i < three.length; i++) expect(colorDistance(three[i - 1]!, three[i]!)).toBeGreaterThanOrEqual(MIN_SLICE_DISTANCE);
});
