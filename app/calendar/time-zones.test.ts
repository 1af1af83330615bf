import { describe, expect, it, test } from "vitest";
import { canonicalTimeZone, isTimeZone, localDay, timeZoneGroups, userToday } from "./time-zones";

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

test("a zone is stored under the runtime's own spelling; a name that is no zone has none", () => {
  expect(canonicalTimeZone("america/caracas")).toBe("America/Caracas");
  expect(canonicalTimeZone("Etc/UTC")).toBe("UTC");
  expect(canonicalTimeZone("UTC")).toBe("UTC");
  expect(canonicalTimeZone("Mars/Olympus")).toBeNull();
  expect(canonicalTimeZone("-03:00")).toBeNull();
});

test("a user's today is the date in their zone: Caracas is still on the 30th at 02:00 UTC on December 1st, Kiritimati already on the 1st at 11:00 UTC on November 30th", () => {
  expect(userToday({ timeZone: "America/Caracas" }, new Date("2026-12-01T02:00:00Z"))).toBe("2026-11-30");
  expect(userToday({ timeZone: "UTC" }, new Date("2026-12-01T02:00:00Z"))).toBe("2026-12-01");
  expect(userToday({ timeZone: "Pacific/Kiritimati" }, new Date("2026-11-30T11:00:00Z"))).toBe("2026-12-01");
});

test("the profile's zones come grouped by region, UTC first, each zone once, and a stored zone the list lacks is offered too", () => {
  const groups = timeZoneGroups();
  expect(groups[0]).toEqual({ region: "UTC", zones: ["UTC"] });
  expect(groups.find((g) => g.region === "America")?.zones).toContain("America/Caracas");
  const all = groups.flatMap((g) => g.zones);
  expect(new Set(all).size).toBe(all.length);
  expect(all.length).toBeGreaterThan(300);
  const withAlias = timeZoneGroups("US/Pacific").flatMap((g) => g.zones);
  expect(withAlias).toContain("US/Pacific");
});
