import { expect, test } from "vitest";
import { draftRow as row, fixtureCurrencies as currencies, formDataOf as form } from "./form-fixtures";
import { applyIntent, followsRateOnFile, intentAnchor, issueName, issuesToFieldErrors, newDraft, parseFormIntent, paymentUsdCents, rateExplanation, readDraft, type Draft } from "./form";
import { MAX_PAYMENTS } from "./transaction";

const categories = [
  { id: "food", type: "expense" as const },
  { id: "rent", type: "expense" as const },
  { id: "salary", type: "income" as const },
];

test("a new form is a USD cash expense of one row with the first expense category", () => {
  expect(newDraft(categories, "2026-11-23")).toEqual({
    type: "EXPENSE",
    multi: false,
    description: "",
    date: "2026-11-23",
    categoryId: "food",
    tagIds: [],
    payments: [{ key: "row-0", currencyCode: "USD", amount: "", method: "cash", rate: "", rateFor: "", ref: null }],
  });
});

test("a new form starts in the expense category the user used last, while it is still an expense category of theirs", () => {
  expect(newDraft(categories, "2026-11-23", "rent").categoryId).toBe("rent");
  // Gone since, or of the other type: the spec's first expense category.
  expect(newDraft(categories, "2026-11-23", "deleted").categoryId).toBe("food");
  expect(newDraft(categories, "2026-11-23", "salary").categoryId).toBe("food");
  expect(newDraft(categories, "2026-11-23", null).categoryId).toBe("food");
});

test("a posted form is read back as typed, rows in index order, whatever is missing", () => {
  const draft = readDraft(
    form([
      ["type", "INCOME"],
      ["multi", "on"],
      ["description", " Pay "],
      ["date", "2026-11-20"],
      ["categoryId", "salary"],
      ["tagIds", "a"],
      ["tagIds", "b"],
      ["payments[3].currencyCode", "eur"],
      ["payments[3].amount", "5"],
      ["payments[0].currencyCode", "USD"],
      ["payments[0].amount", "1"],
      ["payments[0].method", "cash"],
      ["payments[3].rate", "0.9"],
      ["payments[3].rateFor", "EUR"],
    ]),
  );
  expect(draft).toMatchObject({ type: "INCOME", multi: true, description: " Pay ", categoryId: "salary", tagIds: ["a", "b"] });
  expect(draft.payments).toEqual([
    { key: "row-0", currencyCode: "USD", amount: "1", method: "cash", rate: "", rateFor: "", ref: null },
    { key: "row-1", currencyCode: "EUR", amount: "5", method: "", rate: "0.9", rateFor: "EUR", ref: null },
  ]);
  expect(readDraft(form([["type", "bogus"]]))).toMatchObject({ type: "EXPENSE", multi: false, payments: [{ currencyCode: "USD" }] });
});

test("intents are parsed from the button's value; anything else is refused", () => {
  expect(parseFormIntent(null)).toEqual({ kind: "save" });
  expect(parseFormIntent("save")).toEqual({ kind: "save" });
  expect(parseFormIntent("type:INCOME")).toEqual({ kind: "type", type: "INCOME" });
  expect(parseFormIntent("multi:off")).toEqual({ kind: "multi", on: false });
  expect(parseFormIntent("remove-payment:2")).toEqual({ kind: "remove", index: 2 });
  expect(parseFormIntent("refresh-rate:0")).toEqual({ kind: "refresh", index: 0 });
  for (const bad of ["type:OTHER", "remove-payment:-1", "remove-payment:x", "refresh-rate:", "nope"]) expect(parseFormIntent(bad)).toBeNull();
});

test("changing the type clears the category and selects the first of the new type; the same type changes nothing", () => {
  const draft: Draft = { ...newDraft(categories, "2026-11-23"), categoryId: "rent" };
  const key = () => "new";
  expect(applyIntent(draft, { kind: "type", type: "INCOME" }, categories, key).draft).toMatchObject({ type: "INCOME", categoryId: "salary" });
  expect(applyIntent(draft, { kind: "type", type: "EXPENSE" }, categories, key).draft.categoryId).toBe("rent");
  expect(applyIntent(draft, { kind: "type", type: "INCOME" }, [], key).draft.categoryId).toBe("");
});

test("rows are added, removed only while more than one remains, and single mode keeps the first", () => {
  const key = () => "added";
  const one = newDraft(categories, "2026-11-23");
  const two = applyIntent(one, { kind: "add" }, categories, key).draft;
  expect(two.multi).toBe(true);
  expect(two.payments.map((p) => p.key)).toEqual(["row-0", "added"]);
  expect(applyIntent(two, { kind: "remove", index: 0 }, categories, key).draft.payments.map((p) => p.key)).toEqual(["added"]);
  expect(applyIntent(one, { kind: "remove", index: 0 }, categories, key)).toEqual({ draft: one, formError: "transactionForm.payments.removeRefused" });
  expect(applyIntent(two, { kind: "remove", index: 5 }, categories, key).formError).toBe("transactionForm.payments.removeRefused");
  expect(applyIntent(two, { kind: "multi", on: false }, categories, key).draft).toMatchObject({ multi: false, payments: [{ key: "row-0" }] });
  const full: Draft = { ...two, payments: Array.from({ length: 20 }, (_, i) => row({ key: `r${i}` })) };
  expect(applyIntent(full, { kind: "add" }, categories, key).fieldErrors).toEqual({ payments: ["validation.tooManyPayments"] });
});

test("a row's USD cents are exact once amount and rate are complete, and null before", () => {
  expect(paymentUsdCents(row({ currencyCode: "USD", amount: "12.34" }), currencies[0], "en")).toBe(1234);
  expect(paymentUsdCents(row({ currencyCode: "EUR", amount: "50", rate: "0.8612" }), currencies[1], "en")).toBe(5806);
  expect(paymentUsdCents(row({ currencyCode: "JPY", amount: "1500", rate: "150" }), currencies[2], "en")).toBe(1000);
  expect(paymentUsdCents(row({ currencyCode: "EUR", amount: "50", rate: "" }), currencies[1], "en")).toBeNull();
  expect(paymentUsdCents(row({ currencyCode: "EUR", amount: "5.001", rate: "1" }), currencies[1], "en")).toBeNull();
  expect(paymentUsdCents(row({ currencyCode: "XYZ", amount: "5", rate: "1" }), undefined, "en")).toBeNull();
});

test("the explanation names the reference's date and source when the rate is exactly it, else a rate typed for the date", () => {
  const ref = { rate: "0.8612", date: "2026-11-01", source: "snapshot" };
  expect(rateExplanation(row({ currencyCode: "EUR", rate: "0.86120", ref }), "2026-11-20", "en")).toEqual(ref);
  expect(rateExplanation(row({ currencyCode: "EUR", rate: "0.9", ref }), "2026-11-20", "en")).toEqual({ rate: "0.9", date: "2026-11-20", source: "manual" });
  expect(rateExplanation(row({ currencyCode: "EUR", rate: "", ref }), "2026-11-20", "en")).toBeNull();
  expect(rateExplanation(row({ currencyCode: "USD", rate: "1" }), "2026-11-20", "en")).toBeNull();
});

test("resolver issue paths become Conform field names", () => {
  expect(issueName(["payments", 0, "amount"])).toBe("payments[0].amount");
  expect(issueName(["categoryId"])).toBe("categoryId");
  expect(issuesToFieldErrors([{ path: ["tagIds"], message: "a" }, { path: ["tagIds"], message: "b" }])).toEqual({ tagIds: ["a", "b"] });
});

test("without JavaScript each intent lands on its place: the added row, the row before a removed one, the payments for a mode change", () => {
  expect(intentAnchor({ kind: "add" }, 2)).toBe("payment-3");
  expect(intentAnchor({ kind: "add" }, MAX_PAYMENTS)).toBe("payments");
  expect(intentAnchor({ kind: "remove", index: 2 }, 3)).toBe("payment-2");
  expect(intentAnchor({ kind: "remove", index: 0 }, 3)).toBe("payment-1");
  expect(intentAnchor({ kind: "refresh", index: 1 }, 3)).toBe("payment-2");
  expect(intentAnchor({ kind: "multi", on: true }, 1)).toBe("payments");
  expect(intentAnchor({ kind: "save" }, 1)).toBeNull();
});

test("a date change refetches only rates the user did not type", () => {
  const ref = { rate: "0.8612", date: "2026-11-01", source: "snapshot" };
  expect(followsRateOnFile(row({ currencyCode: "EUR", rate: "" }), "en")).toBe(true);
  expect(followsRateOnFile(row({ currencyCode: "EUR", rate: "0.8612", ref }), "en")).toBe(true);
  expect(followsRateOnFile(row({ currencyCode: "EUR", rate: "0.9", ref }), "en")).toBe(false);
  expect(followsRateOnFile(row({ currencyCode: "EUR", rate: "0.9", ref: { ...ref, rate: "0.9", source: "manual" } }), "en")).toBe(false);
  expect(followsRateOnFile(row({ currencyCode: "USD" }), "en")).toBe(false);
});
