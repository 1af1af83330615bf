import { expect, test } from "vitest";
import { decodeFailure, encodeFailure, fixedBaseRate, manualRateFormSchema, manualRateSchema, paymentRateAgeDays, rateAgeDays, staleRateAge, toRunView } from "./model";
import { crossRate, formatRate, parseRate as parseRateInput, providerNumberToRate } from "~/money/rates";
import { messageWithValues } from "~/text/message";
import { isoDay } from "~/calendar/days";

// Expected values cross-checked with Python's decimal module (ROUND_HALF_UP at 1e-12).
test("a cross rate is rate(to) ÷ rate(from), rounded once to 12 places, half away from zero", () => {
  expect(crossRate("0.8612", "152.84")).toBe("177.473293079424");
  expect(crossRate("1", "0.8612")).toBe("0.8612");
  expect(crossRate("0.8612", "1")).toBe("1.161170459824");
  expect(crossRate("3871.25", "3871.25")).toBe("1");
  // 1 ÷ 3 = 0.333333333333|33… rounds down; 2 ÷ 3 = 0.666666666666|66… rounds up.
  expect(crossRate("3", "1")).toBe("0.333333333333");
  expect(crossRate("3", "2")).toBe("0.666666666667");
  // An exact tie in the 13th place goes away from zero: 1 ÷ 8e11 = 0.00000000000125.
  expect(crossRate("800000000000", "1")).toBe("0.000000000001");
  expect(crossRate("400000000000", "1")).toBe("0.000000000003");
  // Too small to show in 12 places is refused rather than shown as 0.
  expect(crossRate("3000000000000", "1")).toBeNull();
});

test("cross rates between currencies with rates in the thousands keep their digits", () => {
  expect(crossRate("231.0475", "3871.25")).toBe("16.755212672719");
  expect(crossRate("3871.25", "231.0475")).toBe("0.059682918954");
});

test("a provider's JSON number becomes its exact decimal string, without float artefacts", () => {
  expect(providerNumberToRate(0.8634)).toBe("0.8634");
  expect(providerNumberToRate(JSON.parse("3895.5"))).toBe("3895.5");
  expect(providerNumberToRate(0.1 + 0.2)).toBe("0.3");
  expect(providerNumberToRate(1e-7)).toBe("0.0000001");
  expect(providerNumberToRate(1e21)).toBe("1000000000000000000000");
  expect(providerNumberToRate(18.30214567891256)).toBe("18.302145678913");
  expect(providerNumberToRate(0.0000000000004)).toBeNull();
  for (const bad of [0, -1, Number.NaN, Infinity, "0.86", null, undefined]) expect(providerNumberToRate(bad)).toBeNull();
});

test("a typed rate is normalised, and what no one could mean is refused with its reason", () => {
  expect(parseRateInput(" 0003.50 ")).toEqual({ ok: true, rate: "3.5" });
  expect(parseRateInput("0.861200")).toEqual({ ok: true, rate: "0.8612" });
  expect(parseRateInput(18.42)).toEqual({ ok: true, rate: "18.42" });
  expect(parseRateInput("1.123456789012")).toEqual({ ok: true, rate: "1.123456789012" });
  expect(parseRateInput("1.1234567890120")).toEqual({ ok: true, rate: "1.123456789012" });
  expect(parseRateInput("1.1234567890123")).toEqual({ ok: false, error: "tooManyDecimals" });
  for (const empty of [undefined, null, "", "   "]) expect(parseRateInput(empty)).toEqual({ ok: false, error: "required" });
  for (const bad of ["0", "0.000", "-1", "+1", "1e3", "abc", "1,5", "1.", ".5", "NaN", "Infinity", 0, -2, 1e21, Number.NaN, true, {}]) {
    expect(parseRateInput(bad), String(bad)).toEqual({ ok: false, error: "invalid" });
  }
});

test("the manual-rate schema names each problem with a message key", () => {
  const issues = (input: unknown) => {
    const result = manualRateSchema.safeParse(input);
    return result.success ? [] : result.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`);
  };
  expect(manualRateSchema.parse({ currencyCode: " eur ", date: "2026-11-20", rate: "0.86" })).toEqual({
    currencyCode: "EUR",
    date: "2026-11-20",
    rate: "0.86",
  });
  expect(issues({ currencyCode: "USD", date: "2026-11-20", rate: "2" })).toEqual(["currencyCode: validation.rateUsdFixed"]);
  expect(issues({ currencyCode: "EUR", date: "2026-02-30", rate: "2" })).toEqual(["date: validation.dateInvalid"]);
  expect(issues({ currencyCode: "EUR", date: "9999-01-01", rate: "2" })).toEqual(["date: validation.rateDateFuture"]);
  expect(issues({ currencyCode: "EUR", date: "2026-11-20" })).toEqual(["rate: validation.rateRequired"]);
  expect(issues({ currencyCode: "EUR", date: "2026-11-20", rate: "1e3" })).toEqual(["rate: validation.ratePositive"]);
  expect(issues({ currencyCode: "EUR", date: "2026-11-20", rate: "0.1234567890123" })).toEqual([
    "rate: validation.rateTooManyDecimals",
  ]);
  expect(issues({})).toEqual([
    "currencyCode: validation.currencyRequired",
    "date: validation.dateRequired",
    "rate: validation.rateRequired",
  ]);
});

test("a rate is shown in the user's language without losing a digit", () => {
  expect(formatRate("3871.25", "en")).toBe("3,871.25");
  expect(formatRate("3871.25", "es")).toBe("3.871,25");
  expect(formatRate("12345678.123456789012", "es")).toBe("12.345.678,123456789012");
  expect(formatRate("0.8612", "en")).toBe("0.8612");
});

test("a failure is stored as reason and detail and read back", () => {
  expect(decodeFailure(encodeFailure("missingRate", "JPY,VES"))).toEqual({ reason: "missingRate", detail: "JPY,VES" });
  expect(decodeFailure(encodeFailure("timeout"))).toEqual({ reason: "timeout", detail: "" });
  expect(decodeFailure("down:HTTP 503")).toEqual({ reason: "down", detail: "HTTP 503" });
  expect(decodeFailure("something else")).toEqual({ reason: "unknown", detail: "something else" });
});

test("a rate's age counts calendar days to the day it is used on, and only a provider's or snapshot's rate past the limit is called out", () => {
  expect(rateAgeDays("2026-11-01", "2026-11-23")).toBe(22);
  expect(rateAgeDays("2026-02-28", "2026-03-01")).toBe(1);
  expect(rateAgeDays("2024-02-28", "2024-03-01")).toBe(2);
  expect(rateAgeDays("2026-11-23", "2026-11-01")).toBe(0);
  // Seven days old is fine, eight is not (default limit 7: "older than 7 days").
  expect(staleRateAge({ date: "2026-11-01", source: "snapshot" }, "2026-11-08", 7)).toBeNull();
  expect(staleRateAge({ date: "2026-11-01", source: "snapshot" }, "2026-11-09", 7)).toBe(8);
  expect(staleRateAge({ date: "2026-11-01", source: "provider" }, "2026-11-23", 7)).toBe(22);
  expect(staleRateAge({ date: "2026-11-01", source: "manual" }, "2026-11-23", 7)).toBeNull();
  expect(staleRateAge({ date: "2026-11-01", source: "fixed" }, "2026-11-23", 7)).toBeNull();
  expect(staleRateAge({ date: "2026-11-01", source: "provider" }, "2026-11-23", 30)).toBeNull();
});

test("USD is always 1 with source fixed, and such a rate never ages", () => {
  expect(fixedBaseRate("2026-11-20")).toEqual({ currencyCode: "USD", rate: "1", date: "2026-11-20", source: "fixed" });
  expect(paymentRateAgeDays(fixedBaseRate("2026-01-01"), "2026-11-20")).toBe(0);
});

test("a refresh run as the settings page shows it: a success's day, a failure's reason and detail", () => {
  const ranAt = new Date("2026-11-23T06:15:00Z");
  expect(toRunView({ id: "a", ok: true, message: "2026-11-23", ratesWritten: 9, ranAt })).toEqual({
    ranAt: "2026-11-23T06:15:00.000Z",
    date: "2026-11-23",
    written: 9,
    reason: null,
    detail: "",
  });
  expect(toRunView({ id: "b", ok: false, message: "down:HTTP 503", ratesWritten: 0, ranAt })).toMatchObject({ date: null, reason: "down", detail: "HTTP 503" });
});

test("the admin's manual-rate form reads the rate as the page's language writes it; the API schema keeps dot decimals", () => {
  const form = (rate: string, locale: string) => manualRateFormSchema(locale).safeParse({ currencyCode: "EUR", date: "2026-11-01", rate });
  expect(form("0,8612", "es").data?.rate).toBe("0.8612");
  expect(form("3.871,25", "es").data?.rate).toBe("3871.25");
  expect(form("3,871.25", "en").data?.rate).toBe("3871.25");
  expect(form("1.234", "es").error?.issues.map((i) => i.message)).toEqual([
    messageWithValues("validation.numberAmbiguous", { input: "1.234", whole: "1234", fraction: "1,234" }),
  ]);
  expect(manualRateSchema.safeParse({ currencyCode: "EUR", date: "2026-11-01", rate: "3.871,25" }).success).toBe(false);
});

test("a manual rate dated before 1900-01-01 is refused with the range it may have: 1900-01-01 to today", () => {
  const result = manualRateSchema.safeParse({ currencyCode: "EUR", date: "1899-12-31", rate: "0.9" });
  expect(result.error?.issues.map((i) => i.message)).toEqual([messageWithValues("validation.dateOutOfRange", { from: "1900-01-01", to: isoDay() })]);
  expect(manualRateSchema.parse({ currencyCode: "EUR", date: "1900-01-01", rate: "0.9" }).date).toBe("1900-01-01");
});
