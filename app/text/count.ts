import { formatDecimal } from "~/money/amounts";

/**
 * A count ("12,345 transactions", "1.234 usos") grouped the locale's way always, as amounts are
 * (formatMoney): CLDR's Spanish default leaves four-digit numbers ungrouped.
 */
export function formatCount(count: number, locale: string): string {
  return formatDecimal(String(count), 0, locale);
}
