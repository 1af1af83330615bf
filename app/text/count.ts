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
 * The one percent format: grouped the locale's way always (as amounts and counts are; CLDR's
 * Spanish default would write "1234,5 %" beside "1.234,5 %"), given its fraction digits and sign.
 * Fed a numeric string, never a float, so every digit is exact (Intl.NumberFormat v3).
 */
function percentFormat(locale: string, minFraction: number, maxFraction: number, sign: "auto" | "exceptZero"): Intl.NumberFormat {
  const key = `${locale}|${minFraction}|${maxFraction}|${sign}`;
  let format = percentFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locale, {
      style: "percent",
      minimumFractionDigits: minFraction,
      maximumFractionDigits: maxFraction,
      signDisplay: sign,
      useGrouping: "always",
    });
    percentFormats.set(key, format);
  }
  return format;
}

/**
 * A whole percent in the locale's way ("85%", "85 %"), exact: written from its digits, never a
 * float. Past MAX_SHOWN_PERCENT it reads ">999%" (">999 %"): a progress figure is capped, and
 * the page never fails on one, however large (money/ratio.ts progressPercent).
 */
export function formatPercent(wholePercent: number, locale: string): string {
  const format = percentFormat(locale, 0, 0, "auto");
  if (!(Math.abs(wholePercent) <= MAX_SHOWN_PERCENT)) {
    const capped = format.format(minorToDecimalString(wholePercent < 0 ? -MAX_SHOWN_PERCENT : MAX_SHOWN_PERCENT, 2) as Intl.StringNumericLiteral);
    return `${wholePercent < 0 ? "<" : ">"}${capped}`;
  }
  // 85 → "0.85": a numeric string is formatted exactly (Intl.NumberFormat v3).
  return format.format(minorToDecimalString(Math.trunc(wholePercent), 2) as Intl.StringNumericLiteral);
}

/**
 * A percent in tenths in the locale's way ("12.5%", "12,5 %"), exact from its digits (a BigInt,
 * or its digits as a loader sends them). A share always shows its tenth ("100.0%"); a change
 * (`change: true`) drops a zero tenth and carries its sign ("+100%", "-3.5%", "0%").
 */
export function formatPercentTenths(tenths: bigint | number | string, locale: string, { change = false }: { change?: boolean } = {}): string {
  const format = change ? percentFormat(locale, 0, 1, "exceptZero") : percentFormat(locale, 1, 1, "auto");
  return format.format(minorToDecimalString(BigInt(tenths), 3) as Intl.StringNumericLiteral);
}
