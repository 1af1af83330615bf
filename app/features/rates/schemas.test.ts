import { expect, test } from "vitest";
import { manualRateFormSchema, manualRateSchema } from "./schemas";
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
