import { expect, test } from "vitest";
import { isIsoDate, addDays, addYears, isoDay } from "~/calendar/days";
import { messageWithValues } from "~/text/message";
import { calendarDateOf, transactionInputSchema } from "./model";

test("a yyyy-MM-dd date is its own calendar date; an impossible one is refused", () => {
  expect(calendarDateOf("2026-11-10")).toBe("2026-11-10");
  expect(calendarDateOf("2024-02-29")).toBe("2024-02-29");
  expect(calendarDateOf("2026-02-29")).toBeNull();
  expect(calendarDateOf("2026-11-1")).toBeNull();
});

test("an ISO timestamp gives the date as written, in the offset the client sent", () => {
  expect(calendarDateOf("2026-11-10T00:00:00.000Z")).toBe("2026-11-10");
  expect(calendarDateOf("2026-11-10T23:59:59Z")).toBe("2026-11-10");
  // Local midnight in Caracas (UTC−4), written with its offset: the 10th there.
  expect(calendarDateOf("2026-11-10T00:00:00-04:00")).toBe("2026-11-10");
  expect(calendarDateOf("2026-11-10T05:30+05:30")).toBe("2026-11-10");
});

test("anything else is not a date", () => {
  for (const bad of ["", "10/11/2026", "2026-11-10T25:00:00Z", "2026-11-10T10:00:00", "2026-02-30T00:00:00Z", "2026-11-10 00:00:00Z", "tomorrow"]) {
    expect(calendarDateOf(bad), bad).toBeNull();
  }
});

test("year 0000 is no calendar's year: refused as a date and as a timestamp's date", () => {
  expect(isIsoDate("0000-01-01")).toBe(false);
  expect(calendarDateOf("0000-06-01T10:00:00Z")).toBeNull();
  expect(isIsoDate("0001-01-01")).toBe(true);
});

test("a description keeps line breaks but refuses invisible control characters", () => {
  const descriptionIssues = (description: string) =>
    transactionInputSchema
      .safeParse({ type: "EXPENSE", date: "2026-11-10", categoryId: "default-food", description, payments: [] })
      .error?.issues.filter((i) => i.path[0] === "description")
      .map((i) => i.message);
  expect(descriptionIssues("Lunch\r\nwith Ana\tand Bo")).toEqual([]);
  expect(descriptionIssues("Lunch\u0000")).toEqual(["validation.controlCharacters"]);
  expect(descriptionIssues("\u001b[31mred")).toEqual(["validation.controlCharacters"]);
});

test("a transaction's date is from 1900-01-01 to ten years after today: outside, the message names the range", () => {
  const latest = addYears(isoDay(), 10);
  const dateIssues = (date: string) =>
    transactionInputSchema
      .safeParse({ type: "EXPENSE", date, categoryId: "default-food", description: "Lunch", payments: [] })
      .error?.issues.filter((i) => i.path[0] === "date")
      .map((i) => i.message);
  const range = messageWithValues("validation.dateOutOfRange", { from: "1900-01-01", to: latest });
  expect(dateIssues("1899-12-31")).toEqual([range]);
  expect(dateIssues("0001-01-01")).toEqual([range]);
  expect(dateIssues(addDays(latest, 1))).toEqual([range]);
  expect(dateIssues("1900-01-01")).toEqual([]);
  expect(dateIssues(latest)).toEqual([]);
  // A date that is none keeps its own message, alone.
  expect(dateIssues("2026-02-30")).toEqual(["validation.dateInvalid"]);
});
