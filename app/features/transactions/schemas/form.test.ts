import { parseWithZod } from "@conform-to/zod/v4";
import { expect, test } from "vitest";
import { draftRow as row, fixtureCurrencies as currencies, formDataOf as form } from "../model/form-fixtures";
import { messageWithValues } from "~/text/message";
import { toTransactionInput, transactionFormSchema } from "./form";
import { paymentUsdCents } from "../model/form";

function validate(entries: [string, string][], known = true, locale = "en") {
  const submission = parseWithZod(form(entries), { schema: transactionFormSchema({ currencies, rateKnown: () => known, locale }) });
  return submission.status === "success" ? { value: submission.value } : { error: submission.error };
}

const base: [string, string][] = [
  ["type", "EXPENSE"],
  ["description", "Lunch"],
  ["date", "2026-11-20"],
  ["categoryId", "food"],
];

test("the browser-side schema words amounts for single and multi mode and checks rates, with the other errors at once", () => {
  expect(validate([["type", "EXPENSE"], ["payments[0].currencyCode", "USD"], ["payments[0].method", "cash"], ["payments[0].amount", "0"]]).error).toEqual({
    description: ["validation.descriptionRequired"],
    date: ["validation.dateRequired"],
    categoryId: ["validation.categoryRequired"],
    "payments[0].amount": ["validation.amountPositive"],
  });
  expect(
    validate([...base, ["multi", "on"], ["payments[0].currencyCode", "JPY"], ["payments[0].method", "cash"], ["payments[0].amount", "-1"]]).error,
  ).toEqual({ "payments[0].amount": ["validation.paymentAmountPositive"] });
  const eur = (rate: string, rateFor = "EUR"): [string, string][] => [
    ...base,
    ["payments[0].currencyCode", "EUR"],
    ["payments[0].method", "cash"],
    ["payments[0].amount", "5"],
    ["payments[0].rate", rate],
    ["payments[0].rateFor", rateFor],
  ];
  expect(validate(eur("0")).error).toEqual({ "payments[0].rate": ["validation.ratePositive"] });
  expect(validate(eur("")).error).toEqual({ "payments[0].rate": ["validation.ratePositive"] });
  expect(validate(eur(""), false).error).toEqual({ "payments[0].rate": ["validation.rateUnknown"] });
  // A rate shown for another currency is not this row's: not checked, and not sent on.
  const stale = validate(eur("abc", "COP"));
  expect(stale.value && toTransactionInput(stale.value, "en").payments[0]!.rate).toBeUndefined();
  const good = validate(eur("0.9"));
  expect(good.value && toTransactionInput(good.value, "en").payments).toEqual([{ currencyCode: "EUR", amount: "5", method: "cash", rate: "0.9" }]);
});

test("amounts and rates are read the way the page's language writes numbers, and an entry that reads two ways is refused with both", () => {
  const eur = (amount: string, rate: string): [string, string][] => [
    ...base,
    ["payments[0].currencyCode", "EUR"],
    ["payments[0].method", "cash"],
    ["payments[0].amount", amount],
    ["payments[0].rate", rate],
    ["payments[0].rateFor", "EUR"],
  ];
  const spanish = validate(eur("1.234,50", "0,8612"), true, "es");
  expect(spanish.value && toTransactionInput(spanish.value, "es").payments[0]).toMatchObject({ amount: "1234.50", rate: "0.8612" });
  const english = validate(eur("1,234.50", "0.8612"), true, "en");
  expect(english.value && toTransactionInput(english.value, "en").payments[0]).toMatchObject({ amount: "1234.50", rate: "0.8612" });
  expect(validate(eur("1.234", "0,8612"), true, "es").error).toEqual({
    "payments[0].amount": [messageWithValues("validation.numberAmbiguous", { input: "1.234", whole: "1234", fraction: "1,234" })],
  });
  expect(validate(eur("5", "1,234"), true, "en").error).toEqual({
    "payments[0].rate": [messageWithValues("validation.numberAmbiguous", { input: "1,234", whole: "1234", fraction: "1.234" })],
  });
  // The row's USD equivalent reads the Spanish amount and rate: 1234.50 EUR at 0.8612 = 1433.46 USD.
  expect(paymentUsdCents(row({ currencyCode: "EUR", amount: "1.234,50", rate: "0,8612" }), currencies[1], "es")).toBe(143346);
  expect(paymentUsdCents(row({ currencyCode: "EUR", amount: "1.234", rate: "0,8612" }), currencies[1], "es")).toBeNull();
});
