import { expect, test } from "vitest";
import { fullYear, guessDateFormat, readDate, readDateCell } from "./dates";

const TODAY = "2026-11-27";

test("each format reads its own way of writing 2 March 2026, with one- or two-digit days and months", () => {
  expect(readDate("2026-03-02", "yyyy-MM-dd", TODAY)).toBe("2026-03-02");
  expect(readDate("02/03/2026", "dd/MM/yyyy", TODAY)).toBe("2026-03-02");
  expect(readDate("03/02/2026", "MM/dd/yyyy", TODAY)).toBe("2026-03-02");
  expect(readDate("02.03.2026", "dd.MM.yyyy", TODAY)).toBe("2026-03-02");
  expect(readDate("2/3/2026", "dd/MM/yyyy", TODAY)).toBe("2026-03-02");
  expect(readDate("2026-3-2", "yyyy-MM-dd", TODAY)).toBe("2026-03-02");
});

test("a time after the date is ignored", () => {
  expect(readDate("2026-03-02 13:45", "yyyy-MM-dd", TODAY)).toBe("2026-03-02");
  expect(readDate("2026-03-02T13:45:10Z", "yyyy-MM-dd", TODAY)).toBe("2026-03-02");
  expect(readDate("03/02/2026 1:45 PM", "MM/dd/yyyy", TODAY)).toBe("2026-03-02");
  expect(readDate("02.03.2026 13:45:00", "dd.MM.yyyy", TODAY)).toBe("2026-03-02");
});

test("a day that does not exist, or another format, is not a date", () => {
  expect(readDate("2026-02-30", "yyyy-MM-dd", TODAY)).toBeNull();
  expect(readDate("31/04/2026", "dd/MM/yyyy", TODAY)).toBeNull();
  expect(readDate("13/02/2026", "MM/dd/yyyy", TODAY)).toBeNull();
  expect(readDate("2026-03-02", "dd/MM/yyyy", TODAY)).toBeNull();
  expect(readDate("02-03-2026", "dd.MM.yyyy", TODAY)).toBeNull();
  expect(readDate("29/02/2025", "dd/MM/yyyy", TODAY)).toBeNull();
  expect(readDate("29/02/2024", "dd/MM/yyyy", TODAY)).toBe("2024-02-29");
  expect(readDate("yesterday", "yyyy-MM-dd", TODAY)).toBeNull();
});

test("two-digit years: the latest year ending in them that is not after next year", () => {
  expect(fullYear(26, TODAY)).toBe(2026);
  expect(fullYear(27, TODAY)).toBe(2027);
  expect(fullYear(28, TODAY)).toBe(1928);
  expect(fullYear(99, TODAY)).toBe(1999);
  expect(fullYear(0, TODAY)).toBe(2000);
  expect(fullYear(0, "2098-06-01")).toBe(2000);
  expect(fullYear(0, "2099-01-01")).toBe(2100);
  expect(fullYear(1, "2099-01-01")).toBe(2001);
  expect(readDate("02/03/24", "dd/MM/yyyy", TODAY)).toBe("2024-03-02");
  expect(readDate("03/02/99", "MM/dd/yyyy", TODAY)).toBe("1999-03-02");
  expect(readDate("02.03.05", "dd.MM.yyyy", TODAY)).toBe("2005-03-02");
  // Never Date.UTC's reading of years 0–99 as 1900–1999: a four-digit year is taken as written.
  expect(readDate("0050-01-01", "yyyy-MM-dd", TODAY)).toBe("0050-01-01");
});

test("a date cell outside 1900-01-01 … today + 1 year is the row's error, naming the range", () => {
  expect(readDateCell("1900-01-01", "yyyy-MM-dd", TODAY)).toEqual({ ok: true, date: "1900-01-01" });
  expect(readDateCell("2027-11-27", "yyyy-MM-dd", TODAY)).toEqual({ ok: true, date: "2027-11-27" });
  expect(readDateCell("1899-12-31", "yyyy-MM-dd", TODAY)).toEqual({
    ok: false,
    error: { key: "import.row.dateOutOfRange", values: { date: "1899-12-31", first: "1900-01-01", last: "2027-11-27" } },
  });
  expect(readDateCell("2027-11-28", "yyyy-MM-dd", TODAY)).toMatchObject({ ok: false, error: { key: "import.row.dateOutOfRange" } });
  expect(readDateCell("0050-01-01", "yyyy-MM-dd", TODAY)).toMatchObject({ ok: false, error: { key: "import.row.dateOutOfRange" } });
  expect(readDateCell("  ", "yyyy-MM-dd", TODAY)).toEqual({ ok: false, error: { key: "import.row.dateRequired" } });
  expect(readDateCell("31/31/2026", "dd/MM/yyyy", TODAY)).toEqual({
    ok: false,
    error: { key: "import.row.dateInvalid", values: { value: "31/31/2026", format: "dd/MM/yyyy" } },
  });
});

test("the format is guessed from a column when only one reads every value; else the user chooses among the candidates", () => {
  expect(guessDateFormat(["2026-03-02", "2026-03-15", ""], TODAY)).toEqual({ kind: "format", format: "yyyy-MM-dd" });
  expect(guessDateFormat(["02/03/2026", "15/03/2026"], TODAY)).toEqual({ kind: "format", format: "dd/MM/yyyy" });
  expect(guessDateFormat(["03/02/2026", "03/15/2026"], TODAY)).toEqual({ kind: "format", format: "MM/dd/yyyy" });
  expect(guessDateFormat(["02.03.2026"], TODAY)).toEqual({ kind: "format", format: "dd.MM.yyyy" });
  // Every day 12 or less: both readings work, the guess never picks one.
  expect(guessDateFormat(["02/03/2026", "11/12/2026"], TODAY)).toEqual({ kind: "ambiguous", formats: ["dd/MM/yyyy", "MM/dd/yyyy"] });
  expect(guessDateFormat(["Groceries", "2026-03-02"], TODAY)).toEqual({ kind: "none" });
  expect(guessDateFormat(["", " "], TODAY)).toEqual({ kind: "none" });
});
