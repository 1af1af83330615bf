import { expect, test } from "vitest";
import { MANUAL_SOURCE, PROVIDER_SOURCE } from "~/features/rates/model";
import { emptyPayment, rateExplanation } from "./form";
import { rateOfRow } from "./resolve";
import { calendarDateOf, paymentPartsByCurrency, rateFieldApplies, typedRateStored } from "./transaction";
import { isIsoDate } from "~/calendar/days";

const onFile = { rate: "0.92", date: "2026-11-20", source: PROVIDER_SOURCE };

test("a typed rate that is exactly the rate on file keeps that rate's date and source", () => {
  expect(typedRateStored("0.92", "2026-11-25", onFile)).toEqual({ rate: "0.92", date: "2026-11-20", source: PROVIDER_SOURCE });
});

test("any other typed rate is the user's own (manual) for the transaction's date", () => {
  expect(typedRateStored("0.93", "2026-11-25", onFile)).toEqual({ rate: "0.93", date: "2026-11-25", source: MANUAL_SOURCE });
  expect(typedRateStored("0.93", "2026-11-25", null)).toEqual({ rate: "0.93", date: "2026-11-25", source: MANUAL_SOURCE });
});

test("the form explains a typed rate with the date and source that saving stores", () => {
  for (const typed of ["0.92", "0.93"]) {
    const row = { ...emptyPayment("a"), currencyCode: "EUR", amount: "10", rate: typed, rateFor: "EUR", ref: onFile };
    const explained = rateExplanation(row, "2026-11-25", "en");
    const saved = rateOfRow(new Map([["EUR", onFile]]), "EUR", "2026-11-25", typed, undefined, 0);
    expect(saved.ok).toBe(true);
    if (!saved.ok) return;
    expect(explained).toEqual({ rate: saved.value.rate, date: saved.value.rateDate, source: saved.value.rateSource });
  }
});

test("a sent rate applies only to a non-USD row whose rate field was shown for its currency", () => {
  expect(rateFieldApplies({ currencyCode: "EUR", rate: "0.9", rateFor: "EUR" })).toBe(true);
  expect(rateFieldApplies({ currencyCode: "eur", rate: "0.9", rateFor: " eur " })).toBe(true);
  // The currency changed without JavaScript: the rate was typed for GBP.
  expect(rateFieldApplies({ currencyCode: "EUR", rate: "0.8", rateFor: "GBP" })).toBe(false);
  // An API-like client sends a rate without rateFor.
  expect(rateFieldApplies({ currencyCode: "EUR", rate: "0.9" })).toBe(true);
  expect(rateFieldApplies({ currencyCode: "EUR", rate: " " })).toBe(false);
  expect(rateFieldApplies({ currencyCode: "USD", rate: "1", rateFor: "USD" })).toBe(false);
  expect(rateFieldApplies({ currencyCode: "", rate: "1" })).toBe(false);
});

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

test("a multi-currency transaction's parts are its amounts per currency, in the order first paid, added exactly", () => {
  expect(
    paymentPartsByCurrency([
      { currencyCode: "USD", amountMinor: 30000 },
      { currencyCode: "EUR", amountMinor: 10000 },
      { currencyCode: "USD", amountMinor: 2000 },
    ]),
  ).toEqual([
    { currencyCode: "USD", amountMinor: 32000n },
    { currencyCode: "EUR", amountMinor: 10000n },
  ]);
  // Twenty payments at the largest amount a payment takes still add to the unit.
  const max = 99_999_999_999_999; // 12 digits before the point, 2 after
  expect(paymentPartsByCurrency(Array.from({ length: 20 }, () => ({ currencyCode: "COP", amountMinor: max })))).toEqual([{ currencyCode: "COP", amountMinor: 1_999_999_999_999_980n }]);
});
