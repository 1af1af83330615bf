import { expect, test } from "vitest";
import { annualSaving, freeMonthsOnAnnual, planPrice, plans } from "./pricing";

test("the three plans carry the spec's monthly and annual prices", () => {
  expect(plans.map((p) => [p.id, p.monthly, p.annual])).toEqual([
    ["basic", 9, 90],
    ["pro", 19, 190],
    ["enterprise", 39, 390],
  ]);
});

test("annual billing saves twelve monthly payments minus the annual price", () => {
  expect(plans.map((p) => annualSaving(p))).toEqual([18, 38, 78]);
});

test("the saving follows the prices rather than a fixed figure", () => {
  expect(annualSaving({ monthly: 10, annual: 100 })).toBe(20);
  expect(annualSaving({ monthly: 10, annual: 120 })).toBe(0);
});

test("only Pro is marked most popular", () => {
  expect(plans.filter((p) => p.popular).map((p) => p.id)).toEqual(["pro"]);
});

test("Basic is limited to three currencies and the others are unlimited", () => {
  expect(plans.map((p) => p.currencyLimit)).toEqual([3, null, null]);
});

test("every plan's annual price gives two months free", () => {
  expect(freeMonthsOnAnnual()).toBe(2);
  expect(freeMonthsOnAnnual([{ monthly: 10, annual: 90 }, { monthly: 10, annual: 100 }])).toBe(2);
  expect(freeMonthsOnAnnual([])).toBe(0);
});

test("the price shown depends on the billing period", () => {
  const [basic] = plans;
  expect(planPrice(basic, "monthly")).toBe(9);
  expect(planPrice(basic, "annual")).toBe(90);
});
