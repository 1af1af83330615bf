import { expect, test } from "vitest";
import { goalEntryKind, goalFigures, goalTimeLeft } from "./model";

const today = "2026-11-25";

test("time left counts 30-day months, rounded up, from today", () => {
  expect(goalTimeLeft(null, today)).toEqual({ kind: "none" });
  expect(goalTimeLeft("2026-11-24", today)).toEqual({ kind: "pastDue" });
  expect(goalTimeLeft("2026-11-25", today)).toEqual({ kind: "dueToday" });
  expect(goalTimeLeft("2026-11-26", today)).toEqual({ kind: "months", months: 1 }); // due tomorrow
  expect(goalTimeLeft("2026-12-25", today)).toEqual({ kind: "months", months: 1 }); // 30 days
  expect(goalTimeLeft("2026-12-26", today)).toEqual({ kind: "months", months: 2 }); // 31 days
  expect(goalTimeLeft("2027-11-25", today)).toEqual({ kind: "months", months: 13 }); // 365 days
});

test("a goal's figures: percent, what is left, and what to save each month to make the date", () => {
  // $1,500.00 target, $420.00 saved, 219 days (8 months) left.
  expect(goalFigures({ targetMinor: 150000, savedMinor: 42000, targetDate: "2027-07-02" }, today)).toEqual({
    percent: 28,
    remainingMinor: 108000,
    completed: false,
    timeLeft: { kind: "months", months: 8 },
    perMonthMinor: 13500,
  });
  // 100.00 left over 3 months: 33.34 a month, so three months are never short.
  expect(goalFigures({ targetMinor: 10000, savedMinor: 0, targetDate: "2027-02-23" }, today).perMonthMinor).toBe(3334);
  // A goal in a currency without decimals divides whole units.
  expect(goalFigures({ targetMinor: 1000, savedMinor: 1, targetDate: "2026-11-26" }, today).perMonthMinor).toBe(999);
});

test("a goal due today or past its date asks for no monthly amount; a reached one is completed", () => {
  expect(goalFigures({ targetMinor: 10000, savedMinor: 2500, targetDate: today }, today)).toMatchObject({ timeLeft: { kind: "dueToday" }, perMonthMinor: null, remainingMinor: 7500 });
  expect(goalFigures({ targetMinor: 10000, savedMinor: 2500, targetDate: "2026-01-01" }, today)).toMatchObject({ timeLeft: { kind: "pastDue" }, perMonthMinor: null });
  expect(goalFigures({ targetMinor: 10000, savedMinor: 10000, targetDate: "2027-01-01" }, today)).toMatchObject({ percent: 100, remainingMinor: 0, completed: true, perMonthMinor: null });
  expect(goalFigures({ targetMinor: 10000, savedMinor: 12345, targetDate: null }, today)).toMatchObject({ percent: 123, remainingMinor: 0, completed: true, timeLeft: { kind: "none" } });
  expect(goalFigures({ targetMinor: 10000, savedMinor: 0, targetDate: null }, today)).toMatchObject({ percent: 0, completed: false, perMonthMinor: null });
});

test("a goal's percent is rounded down, so it reads 100 % only once completed, and is capped past 999 %", () => {
  expect(goalFigures({ targetMinor: 10000, savedMinor: 9999, targetDate: null }, today)).toMatchObject({ percent: 99, completed: false });
  // A 0.01 goal with 9,000,000,000,000.00 saved: 90,000,000,000,000,000 %, shown as more than 999 %.
  expect(goalFigures({ targetMinor: 1, savedMinor: 900_000_000_000_000, targetDate: null }, today)).toMatchObject({ percent: 1000, completed: true });
});

test("a history entry without a note is named by what it was: the oldest the start, then added or withdrawn", () => {
  expect(goalEntryKind(42_000, true)).toBe("start");
  expect(goalEntryKind(8_000, false)).toBe("added");
  expect(goalEntryKind(-10_025, false)).toBe("withdrawn");
  // A first entry can only be money in (a goal never goes below zero), but a negative one still reads as withdrawn.
  expect(goalEntryKind(-1, true)).toBe("withdrawn");
});
