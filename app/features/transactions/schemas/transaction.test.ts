import { expect, test } from "vitest";
import { addDays, addYears, isoDay } from "~/calendar/days";
import { messageWithValues } from "~/text/message";
import { transactionInputSchema } from "./transaction";

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
