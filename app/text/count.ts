import { formatDecimal, minorToDecimalString } from "~/money/amounts";

/**
 * A count ("12,345 transactions", "1.234 usos") grouped the locale's way always, as amounts are
 * (formatMoney): CLDR's Spanish default leaves four-digit numbers ungrouped.
 */
export function formatCount(count: number, locale: string): string {
  return formatDecimal(String(count), 0, locale);
}

const percentFormats = new Map<string, Intl.NumberFormat>();

/** A whole percent in the locale's way ("85%", "85 %"), exact: written from its digits, never a float. */
export function formatPercent(wholePercent: number, locale: string): string {
  let format = percentFormats.get(locale);
  if (!format) {
    format = new Intl.NumberFormat(locale, { style: "percent", maximumFractionDigits: 0, useGrouping: "always" });
    percentFormats.set(locale, format);
  }
  // 85 → "0.85": a numeric string is formatted exactly (Intl.NumberFormat v3).
  return format.format(minorToDecimalString(wholePercent, 2) as Intl.StringNumericLiteral);
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
