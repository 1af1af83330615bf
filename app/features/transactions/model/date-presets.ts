import { addDays, dayParts, utcDay } from "~/calendar/days";
import { addMonths, monthEndOf, monthStartOf } from "~/calendar/months";

// The list's date presets (issue 27): fixed periods counted from the user's today (decision 032),
// each a from/to pair the list's GET address carries, so a preset is a plain link.

export type DatePreset = "thisMonth" | "lastMonth" | "yearToDate" | "last90Days";
export const DATE_PRESETS: readonly DatePreset[] = ["thisMonth", "lastMonth", "yearToDate", "last90Days"];

/** The days a preset covers, both included, for the user's `today` (yyyy-MM-dd). */
export function presetRange(preset: DatePreset, today: string): { from: string; to: string } {
  const month = monthStartOf(today);
  switch (preset) {
    case "thisMonth":
      return { from: month, to: monthEndOf(month) };
    case "lastMonth": {
      const previous = addMonths(month, -1);
      return { from: previous, to: monthEndOf(previous) };
    }
    case "yearToDate":
      return { from: utcDay(dayParts(today).year, 0, 1), to: today };
    case "last90Days":
      // Today and the 89 days before it: 90 days.
      return { from: addDays(today, -89), to: today };
  }
}

/** The preset whose dates are exactly the list's from and to, if any (the link shown as current). */
export function presetOf(range: { from?: string; to?: string }, today: string): DatePreset | undefined {
  return DATE_PRESETS.find((preset) => {
    const r = presetRange(preset, today);
    return r.from === range.from && r.to === range.to;
  });
}
