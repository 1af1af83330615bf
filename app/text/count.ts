import { formatDecimal, minorToDecimalString } from "~/money/amounts";
import { MAX_SHOWN_PERCENT } from "~/money/ratio";

/**
 * A count ("12,345 transactions", "1.234 usos") grouped the locale's way always, as amounts are
 * (formatMoney): CLDR's Spanish default leaves four-digit numbers ungrouped.
 */
export function formatCount(count: number, locale: string): string {
  return formatDecimal(String(count), 0, locale);
}

const percentFormats = new Map<string, Intl.NumberFormat>();

/**
 * A whole percent in the locale's way ("85%", "85 %"), exact: written from its digits, never a
 * float. Past MAX_SHOWN_PERCENT it reads ">999%" (">999 %"): a progress figure is capped, and
 * the page never fails on one, however large (money/ratio.ts progressPercent).
 */
export function formatPercent(wholePercent: number, locale: string): string {
  let format = percentFormats.get(locale);
  if (!format) {
    format = new Intl.NumberFormat(locale, { style: "percent", maximumFractionDigits: 0, useGrouping: "always" });
    percentFormats.set(locale, format);
  }
  if (!(Math.abs(wholePercent) <= MAX_SHOWN_PERCENT)) {
    const capped = format.format(minorToDecimalString(wholePercent < 0 ? -MAX_SHOWN_PERCENT : MAX_SHOWN_PERCENT, 2) as Intl.StringNumericLiteral);
    return `${wholePercent < 0 ? "<" : ">"}${capped}`;
  }
  // 85 → "0.85": a numeric string is formatted exactly (Intl.NumberFormat v3).
  return format.format(minorToDecimalString(Math.trunc(wholePercent), 2) as Intl.StringNumericLiteral);
}

const tenthsFormats = new Map<string, Intl.NumberFormat>();

/** A percent in tenths in the locale's way ("12.5%", "12,5 %"), exact from its digits. */
export function formatPercentTenths(tenths: number, locale: string): string {
  let format = tenthsFormats.get(locale);
  if (!format) {
    format = new Intl.NumberFormat(locale, { style: "percent", minimumFractionDigits: 1, maximumFractionDigits: 1, useGrouping: "always" });
    tenthsFormats.set(locale, format);
  }
  return format.format(minorToDecimalString(tenths, 3) as Intl.StringNumericLiteral);
}
