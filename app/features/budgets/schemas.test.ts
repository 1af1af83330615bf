import { expect, test } from "vitest";
import { addYears, isoDay } from "~/calendar/days";
import { messageWithValues } from "~/text/message";
import { budgetApiSchema, budgetFormSchema } from "./schemas";

const form = (fields: Record<string, unknown>, locale = "en") =>
  budgetFormSchema(locale).safeParse({ categoryId: "default-food", amount: "250", month: "2026-11", ...fields });
const messages = (result: { success: boolean; error?: { issues: { message: string; path: PropertyKey[] }[] } }) =>
  Object.fromEntries((result.error?.issues ?? []).map((issue) => [issue.path.join("."), issue.message]));

test("the form reads the amount as the user's language writes it, in USD cents", () => {
  expect(form({ amount: "1.234,50" }, "es").data).toEqual({ categoryId: "default-food", amountCents: 123450, month: "2026-11-01", alertThreshold: 80 });
  expect(form({ amount: "1,234.50" }, "en").data?.amountCents).toBe(123450);
  expect(form({ amount: "250,5" }, "es").data?.amountCents).toBe(25050);
  expect(form({ alertThreshold: "90" }).data?.alertThreshold).toBe(90);
});

test("category and amount are required with the spec's one message; other refusals say what is wrong", () => {
  expect(messages(form({ categoryId: "", amount: "" }))).toEqual({
    categoryId: "validation.requiredFields",
    amount: "validation.requiredFields",
  });
  expect(messages(form({ amount: "0" }))).toEqual({ amount: "validation.amountPositive" });
  expect(messages(form({ amount: "-5" }))).toEqual({ amount: "validation.amountPositive" });
  expect(messages(form({ amount: "1.005" }))).toEqual({ amount: "validation.amountTooManyDecimals" });
  expect(messages(form({ alertThreshold: "0" }))).toEqual({ alertThreshold: "validation.thresholdRange" });
  expect(messages(form({ alertThreshold: "101" }))).toEqual({ alertThreshold: "validation.thresholdRange" });
  expect(messages(form({ alertThreshold: "80.5" }))).toEqual({ alertThreshold: "validation.thresholdRange" });
  expect(messages(form({ alertThreshold: "" }))).toEqual({ alertThreshold: "validation.thresholdRange" });
  expect(messages(form({ month: "2026-13" }))).toEqual({ month: "validation.monthInvalid" });
  // "1.234" reads two ways in Spanish: the message carries both readings.
  expect(messages(form({ amount: "1.234" }, "es")).amount).toMatch(/^validation\.numberAmbiguous/);
});

test("the API takes the spec client's payload, either naming, amounts as numbers or strings", () => {
  expect(budgetApiSchema.parse({ categoryId: "c1", amount: 250.5, month: "2026-11-01", alert_threshold: 75 })).toEqual({
    categoryId: "c1",
    amountCents: 25050,
    month: "2026-11-01",
    alertThreshold: 75,
  });
  expect(budgetApiSchema.parse({ category_id: "c1", amount: "0.01", month: "2026-11", alertThreshold: 100 })).toMatchObject({ amountCents: 1, alertThreshold: 100 });
  expect(budgetApiSchema.parse({ categoryId: "c1", amount: 10, month: "2026-11-01" }).alertThreshold).toBe(80);
  expect(budgetApiSchema.parse({ categoryId: "c1", amount: 10, month: "2026-11-01", alert_threshold: " 90 " }).alertThreshold).toBe(90);
  // What Number() would read as a threshold, nobody meant as one.
  for (const alert_threshold of [true, [], ["50"], "0x50", "1e2", "", null, "80%"]) {
    const result = budgetApiSchema.safeParse({ categoryId: "c1", amount: 10, month: "2026-11-01", alert_threshold });
    expect(messages(result), JSON.stringify(alert_threshold)).toEqual({ alert_threshold: "validation.thresholdRange" });
  }
  const missing = budgetApiSchema.safeParse({ month: "2026-11-01" });
  expect(messages(missing)).toEqual({ categoryId: "validation.requiredFields", amount: "validation.requiredFields" });
  expect(budgetApiSchema.safeParse({ categoryId: "c1", amount: 1e21, month: "2026-11-01" }).success).toBe(false);
  expect(budgetApiSchema.safeParse({ categoryId: "c1", amount: 5, month: "2026-11-15" }).success).toBe(false);
});

test("a month before 1900-01 or past ten years from today is refused with the range; 1900-01 is taken as written", () => {
  const last = addYears(isoDay(), 10).slice(0, 7);
  const range = (from: string, to: string) => messageWithValues("validation.monthOutOfRange", { from, to });
  expect(messages(form({ month: "0050-01" }))).toEqual({ month: range("1900-01", last) });
  expect(messages(form({ month: "1899-12" }))).toEqual({ month: range("1900-01", last) });
  expect(budgetApiSchema.safeParse({ categoryId: "c1", amount: 1, month: "0099-12-01" }).error?.issues[0]?.message).toBe(range("1900-01", last));
  expect(form({ month: "1900-01" }).data?.month).toBe("1900-01-01");
  expect(form({ month: last }).data?.month).toBe(`${last}-01`);
});
