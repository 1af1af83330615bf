import { expect, test } from "vitest";
import { decodeFailure, encodeFailure, failureDetail, fixedBaseRate, paymentRateAgeDays, rateAgeDays, rateOnOrBefore, staleRateAge, toRunView } from "./model";

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

test("a failure's known details are said in words or kept in the sentence; anything else is only raw, secondary text", () => {
  expect(failureDetail("down", "HTTP 503")).toEqual({ inline: "HTTP 503", tooLarge: false, raw: null });
  expect(failureDetail("missingRate", "JPY,VES")).toEqual({ inline: "JPY, VES", tooLarge: false, raw: null });
  expect(failureDetail("invalidPayload", "answer too large")).toEqual({ inline: null, tooLarge: true, raw: null });
  expect(failureDetail("invalidPayload", "not an object")).toEqual({ inline: null, tooLarge: false, raw: null });
  // A network error's own English words, a JSON path, an old row's text: never inside the translated sentence.
  expect(failureDetail("down", "Network connection lost.")).toEqual({ inline: null, tooLarge: false, raw: "Network connection lost." });
  expect(failureDetail("invalidPayload", "base_code")).toEqual({ inline: null, tooLarge: false, raw: "base_code" });
  expect(failureDetail("unknown", "socket hang up")).toEqual({ inline: null, tooLarge: false, raw: "socket hang up" });
  expect(failureDetail("timeout", "")).toEqual({ inline: null, tooLarge: false, raw: null });
});

test("the rate a day uses among a currency's sorted rates is the latest on or before it, and none before the first", () => {
  const rates = ["2026-01-05", "2026-02-01", "2026-03-10"].map((date, i) => ({ currencyCode: "EUR", rate: `0.9${i}`, date, source: "provider" }));
  expect(rateOnOrBefore(rates, "2026-01-04")).toBeUndefined();
  expect(rateOnOrBefore(rates, "2026-01-05")?.rate).toBe("0.90");
  expect(rateOnOrBefore(rates, "2026-03-09")?.rate).toBe("0.91");
  expect(rateOnOrBefore(rates, "2027-01-01")?.rate).toBe("0.92");
  expect(rateOnOrBefore([], "2026-01-01")).toBeUndefined();
});
