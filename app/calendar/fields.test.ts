import { expect, test } from "vitest";
import { isoDateField, nullableIsoDateField, optionalIsoDateField } from "./fields";
import { isoDay } from "./days";
import { acceptedDays, dayRangeError } from "./range";

const messages = (result: { success: boolean; error?: { issues: { message: string }[] } }) => (result.success ? [] : result.error!.issues.map((i) => i.message));
const outOfRange = dayRangeError("1899-12-31", acceptedDays(isoDay()))!;

test("a required date is trimmed, must be sent, must be a real date and must be within the accepted dates", () => {
  const field = isoDateField("validation.dateRequired");
  expect(field.parse(" 2026-02-28 ")).toBe("2026-02-28");
  expect(messages(field.safeParse(undefined))).toEqual(["validation.dateRequired"]);
  // An empty date is also not a real one; the form and the API show the first message.
  expect(messages(field.safeParse("  "))[0]).toBe("validation.dateRequired");
  expect(messages(field.safeParse("2026-02-30"))).toEqual(["validation.dateInvalid"]);
  expect(messages(field.safeParse("20/11/2026"))).toEqual(["validation.dateInvalid"]);
  expect(messages(field.safeParse("1899-12-31"))).toEqual([outOfRange]);
  expect(field.parse("1900-01-01")).toBe("1900-01-01");
});

test("an optional date may be left out, and one sent is checked as a required one is", () => {
  const field = optionalIsoDateField();
  expect(field.parse(undefined)).toBeUndefined();
  expect(messages(field.safeParse("2026-13-01"))).toEqual(["validation.dateInvalid"]);
  expect(messages(field.safeParse("1899-12-31"))).toEqual([outOfRange]);
});

test("a date that may be blank reads blank, null and absent as null", () => {
  const field = nullableIsoDateField();
  for (const blank of ["", "  ", null, undefined]) expect(field.parse(blank)).toBeNull();
  expect(field.parse("2030-06-01")).toBe("2030-06-01");
  expect(messages(field.safeParse("2030-06-31"))).toEqual(["validation.dateInvalid"]);
  expect(messages(field.safeParse(20300601))).toEqual(["validation.dateInvalid"]);
  expect(messages(field.safeParse("1899-12-31"))).toEqual([outOfRange]);
});
