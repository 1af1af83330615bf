import { expect, test } from "vitest";
import { addDays, addYears, isoDay } from "~/calendar/days";
import { messageWithValues } from "~/text/message";
import { goalApiSchema, goalFormSchema, goalProgressApiSchema, goalProgressFormSchema } from "./schemas";

const currencies = [
  { code: "USD", decimalPlaces: 2 },
  { code: "COP", decimalPlaces: 2 },
  { code: "JPY", decimalPlaces: 0 },
];
const messages = (result: { success: boolean; error?: { issues: { message: string; path: PropertyKey[] }[] } }) =>
  Object.fromEntries((result.error?.issues ?? []).map((issue) => [issue.path.join("."), issue.message]));
const form = (fields: Record<string, unknown>, locale = "en") =>
  goalFormSchema({ currencies, locale }).safeParse({ name: "Laptop", currencyCode: "USD", targetAmount: "1500", ...fields });

test("the goal form reads amounts in the goal's currency as the user's language writes them", () => {
  expect(form({ currencyCode: "COP", targetAmount: "4.000.000,50", savedAmount: "750000", targetDate: "2027-06-30" }, "es").data).toEqual({
    name: "Laptop",
    currencyCode: "COP",
    targetMinor: 400_000_050,
    savedMinor: 75_000_000,
    targetDate: "2027-06-30",
    description: null,
  });
  expect(form({ currencyCode: "JPY", targetAmount: "150000" }).data).toMatchObject({ targetMinor: 150_000, savedMinor: undefined, targetDate: null });
  expect(form({ savedAmount: "0" }).data?.savedMinor).toBe(0);
});

test("name and target are required together; the target is positive, the saved amount not negative", () => {
  expect(messages(form({ name: "", targetAmount: "" }))).toEqual({ name: "validation.requiredFields", targetAmount: "validation.requiredFields" });
  expect(messages(form({ targetAmount: "0" }))).toEqual({ targetAmount: "validation.amountPositive" });
  expect(messages(form({ savedAmount: "-1" }))).toEqual({ savedAmount: "validation.savedNotNegative" });
  expect(messages(form({ currencyCode: "JPY", targetAmount: "10.5" }))).toEqual({ targetAmount: "validation.amountTooManyDecimals" });
  expect(messages(form({ currencyCode: "XXX" }))).toEqual({ currencyCode: "validation.currencyInvalid" });
  expect(messages(form({ targetDate: "2027-02-30" }))).toEqual({ targetDate: "validation.dateInvalid" });
});

test("the API takes the spec client's payload in either naming, USD when no currency is sent", () => {
  const api = goalApiSchema(currencies);
  expect(api.parse({ name: "Trip", target_amount: 2500.5, current_amount: "100", target_date: null, description: "Beach" })).toEqual({
    name: "Trip",
    currencyCode: "USD",
    targetMinor: 250_050,
    savedMinor: 10_000,
    targetDate: null,
    description: "Beach",
  });
  expect(api.parse({ name: "Trip", currencyCode: "jpy", targetAmount: "5000", targetDate: "2027-01-31" })).toMatchObject({ currencyCode: "JPY", targetMinor: 5000, targetDate: "2027-01-31" });
  expect(messages(api.safeParse({}))).toEqual({ name: "validation.requiredFields", target_amount: "validation.requiredFields" });
  expect(messages(api.safeParse({ name: "x", target_amount: 10, current_amount: -5 }))).toEqual({ current_amount: "validation.savedNotNegative" });
});

test("an edit that leaves the currency out keeps the goal's own, amounts read at its decimals: never USD by omission", () => {
  expect(goalApiSchema(currencies, "JPY").parse({ name: "Camera", target_amount: 150000 })).toMatchObject({ currencyCode: "JPY", targetMinor: 150_000 });
  expect(messages(goalApiSchema(currencies, "JPY").safeParse({ name: "Camera", target_amount: "150000.50" }))).toEqual({ target_amount: "validation.amountTooManyDecimals" });
  expect(goalApiSchema(currencies, "JPY").parse({ name: "Camera", currencyCode: "USD", target_amount: "150000.50" })).toMatchObject({ currencyCode: "USD", targetMinor: 15_000_050 });
  const edit = goalFormSchema({ currencies, locale: "en", currencyWhenOmitted: "JPY" });
  expect(edit.parse({ name: "Camera", targetAmount: "150000" })).toMatchObject({ currencyCode: "JPY", targetMinor: 150_000 });
});

test("progress: the form adds or withdraws a positive amount; the API takes a signed one, never zero", () => {
  const progress = goalProgressFormSchema({ decimals: 2, locale: "es" });
  expect(progress.parse({ amount: "1.234,56", direction: "deposit", note: " Bonus " })).toEqual({ amountMinor: 123_456, note: "Bonus" });
  expect(progress.parse({ amount: "20", direction: "withdraw" })).toEqual({ amountMinor: -2000, note: null });
  expect(messages(progress.safeParse({ amount: "" }))).toEqual({ amount: "validation.amountPositive" });
  const api = goalProgressApiSchema(2);
  expect(api.parse({ amount: -25.5 })).toEqual({ amountMinor: -2550, note: null });
  expect(api.parse({ amount: "10.01", note: "Tip" })).toEqual({ amountMinor: 1001, note: "Tip" });
  expect(messages(api.safeParse({ amount: 0 }))).toEqual({ amount: "validation.amountPositive" });
  expect(messages(api.safeParse({ amount: "-0.001" }))).toEqual({ amount: "validation.amountTooManyDecimals" });
});

test("a target date before 1900-01-01 or past ten years from today is refused with the range", () => {
  const latest = addYears(isoDay(), 10);
  const range = messageWithValues("validation.dateOutOfRange", { from: "1900-01-01", to: latest });
  expect(messages(form({ targetDate: "0050-01-01" }))).toEqual({ targetDate: range });
  expect(messages(form({ targetDate: addDays(latest, 1) }))).toEqual({ targetDate: range });
  expect(form({ targetDate: latest }).data?.targetDate).toBe(latest);
  expect(goalApiSchema(currencies).safeParse({ name: "Trip", target_amount: 1, target_date: "1899-12-31" }).error?.issues[0]?.message).toBe(range);
});
