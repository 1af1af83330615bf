import { expect, test } from "vitest";
import { localDay } from "~/calendar/time-zones";
import { firstNextDate, isOccurrence, nextOccurrence, nextOccurrences, occurrenceAt, occurrencesBetween, ruleProblems, type ScheduleRule } from "./model";

const rule = (fields: Partial<ScheduleRule> & Pick<ScheduleRule, "frequency" | "startDate">): ScheduleRule => ({
  interval: 1,
  endDate: null,
  occurrenceLimit: null,
  ...fields,
});
const dates = (r: ScheduleRule, from: string, to: string) => occurrencesBetween(r, from, to).map((o) => o.date);

test("monthly on the 31st posts on February's last day and returns to the 31st after it, in common and leap years", () => {
  const common = rule({ frequency: "monthly", startDate: "2026-01-31" });
  expect(dates(common, "2026-01-01", "2026-05-31")).toEqual(["2026-01-31", "2026-02-28", "2026-03-31", "2026-04-30", "2026-05-31"]);
  const leap = rule({ frequency: "monthly", startDate: "2028-01-31" });
  expect(dates(leap, "2028-01-01", "2028-03-31")).toEqual(["2028-01-31", "2028-02-29", "2028-03-31"]);
  const on29 = rule({ frequency: "monthly", startDate: "2026-01-29" });
  expect(dates(on29, "2026-02-01", "2026-03-31")).toEqual(["2026-02-28", "2026-03-29"]);
});

test("every 2 weeks runs across a year end on the same weekday", () => {
  const fortnight = rule({ frequency: "weekly", interval: 2, startDate: "2026-12-18" });
  expect(dates(fortnight, "2026-12-01", "2027-01-31")).toEqual(["2026-12-18", "2027-01-01", "2027-01-15", "2027-01-29"]);
  // Read from the middle of the run: the same dates, not a new count from the reading day.
  expect(dates(fortnight, "2027-01-02", "2027-01-20")).toEqual(["2027-01-15"]);
});

test("yearly on February 29 posts on February 28 in common years and on the 29th in leap years", () => {
  const leapDay = rule({ frequency: "yearly", startDate: "2028-02-29" });
  expect(dates(leapDay, "2028-01-01", "2032-12-31")).toEqual(["2028-02-29", "2029-02-28", "2030-02-28", "2031-02-28", "2032-02-29"]);
});

test("an end date that falls on an occurrence includes it, and nothing after it", () => {
  const monthly = rule({ frequency: "monthly", startDate: "2026-01-15", endDate: "2026-04-15" });
  expect(dates(monthly, "2026-01-01", "2026-12-31")).toEqual(["2026-01-15", "2026-02-15", "2026-03-15", "2026-04-15"]);
  expect(nextOccurrence(monthly, "2026-04-16")).toBeNull();
});

test("a count of 1 has its start date and nothing more", () => {
  const once = rule({ frequency: "daily", startDate: "2026-03-01", occurrenceLimit: 1 });
  expect(dates(once, "2026-01-01", "2026-12-31")).toEqual(["2026-03-01"]);
  expect(nextOccurrences(once, "2026-03-01", 5)).toEqual(["2026-03-01"]);
  expect(nextOccurrence(once, "2026-03-02")).toBeNull();
});

test("the count includes skipped occurrences: a count of 3 with the second skipped leaves two to post", () => {
  const three = rule({ frequency: "weekly", startDate: "2026-03-02", occurrenceLimit: 3 });
  expect(nextOccurrences(three, "2026-03-01", 5, new Set(["2026-03-09"]))).toEqual(["2026-03-02", "2026-03-16"]);
});

test("the next five dates pass over the consumed ones", () => {
  const daily = rule({ frequency: "daily", interval: 3, startDate: "2026-01-01" });
  expect(nextOccurrences(daily, "2026-01-02", 5, new Set(["2026-01-07", "2026-01-04"]))).toEqual(["2026-01-10", "2026-01-13", "2026-01-16", "2026-01-19", "2026-01-22"]);
});

test("occurrences are computed from the start, far from it too", () => {
  const monthly = rule({ frequency: "monthly", interval: 5, startDate: "2000-01-31" });
  expect(occurrenceAt(monthly, 300)).toBe("2125-01-31");
  expect(dates(monthly, "2125-01-01", "2125-12-31")).toEqual(["2125-01-31", "2125-06-30", "2125-11-30"]);
  // Years 0–99 are years as written, never 1900–1999.
  expect(occurrenceAt(rule({ frequency: "yearly", startDate: "0004-02-29" }), 1)).toBe("0005-02-28");
});

test("a start before the user's today starts from the start when the past is to be posted, else from today", () => {
  const monthly = rule({ frequency: "monthly", startDate: "2026-08-01" });
  expect(firstNextDate(monthly, "2026-11-20", true)).toBe("2026-08-01");
  expect(firstNextDate(monthly, "2026-11-20", false)).toBe("2026-12-01");
  expect(firstNextDate(monthly, "2026-07-20", false)).toBe("2026-08-01");
});

test("the user's day decides what is due: the 1st's rent is not due at 20:00 on the 31st in Caracas", () => {
  const rent = rule({ frequency: "monthly", startDate: "2026-01-01" });
  const instant = new Date("2026-02-01T00:30:00Z");
  const caracas = localDay("America/Caracas", instant);
  expect(caracas).toBe("2026-01-31");
  expect(dates(rent, "2026-01-02", caracas)).toEqual([]);
  expect(dates(rent, "2026-01-02", localDay("UTC", instant))).toEqual(["2026-02-01"]);
  expect(isOccurrence(rent, "2026-02-01")).toBe(true);
  expect(isOccurrence(rent, "2026-02-02")).toBe(false);
});

test("the interval is 1 to 365, an end is not before the start, and a schedule has an end or a count, not both", () => {
  const base = rule({ frequency: "daily", startDate: "2026-05-10" });
  expect(ruleProblems(base)).toEqual([]);
  expect(ruleProblems({ ...base, interval: 365 })).toEqual([]);
  expect(ruleProblems({ ...base, interval: 0 })).toEqual([{ field: "interval", problem: "intervalRange" }]);
  expect(ruleProblems({ ...base, interval: 366 })).toEqual([{ field: "interval", problem: "intervalRange" }]);
  expect(ruleProblems({ ...base, endDate: "2026-05-09" })).toEqual([{ field: "endDate", problem: "endBeforeStart" }]);
  expect(ruleProblems({ ...base, endDate: "2026-05-10" })).toEqual([]);
  expect(ruleProblems({ ...base, endDate: "2026-06-01", occurrenceLimit: 2 })).toEqual([{ field: "occurrenceLimit", problem: "endAndCount" }]);
  expect(ruleProblems({ ...base, occurrenceLimit: 0 })).toEqual([{ field: "occurrenceLimit", problem: "countRange" }]);
});
