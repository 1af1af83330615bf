import { describe, expect, it } from "vitest";
import { isTimeZone, localDay } from "./time-zones";

describe("localDay", () => {
  it("is the 31st in Caracas until 04:00 UTC on the 1st", () => {
    expect(localDay("America/Caracas", new Date("2026-01-01T03:59:59Z"))).toBe("2025-12-31");
    expect(localDay("America/Caracas", new Date("2026-01-01T04:00:00Z"))).toBe("2026-01-01");
    expect(localDay("UTC", new Date("2026-01-01T03:59:59Z"))).toBe("2026-01-01");
  });

  it("is already tomorrow east of UTC", () => {
    expect(localDay("Pacific/Kiritimati", new Date("2026-03-31T10:00:00Z"))).toBe("2026-04-01");
  });

  it("follows daylight saving time", () => {
    // New York is UTC−4 in July, UTC−5 in January.
    expect(localDay("America/New_York", new Date("2026-07-02T03:30:00Z"))).toBe("2026-07-01");
    expect(localDay("America/New_York", new Date("2026-01-02T04:30:00Z"))).toBe("2026-01-01");
  });

  it("reads an unknown zone as UTC", () => {
    expect(localDay("Mars/Olympus", new Date("2026-01-01T03:00:00Z"))).toBe("2026-01-01");
  });
});

describe("isTimeZone", () => {
  it("accepts IANA names and refuses the rest", () => {
    expect(isTimeZone("America/Caracas")).toBe(true);
    expect(isTimeZone("UTC")).toBe(true);
    expect(isTimeZone("Mars/Olympus")).toBe(false);
    expect(isTimeZone("+04:00")).toBe(false);
    expect(isTimeZone("")).toBe(false);
    expect(isTimeZone("America/Caracas\u0000")).toBe(false);
  });
});
