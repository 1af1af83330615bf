import { useTranslation } from "~/locales/use-translation";
import { formatMoney, type MoneyCurrency, type MoneySign } from "~/money/amounts";
import { USD } from "~/money/currencies";

/**
 * How an amount is coloured. "signed": green above zero, red below; "income" and "expense":
 * a total of that kind, green or red whatever its sign; "plain": the text colour. Zero is
 * always neutral, and the colour is never the only signal: signed amounts carry their sign,
 * and totals sit under a label naming what they add up.
 */
export type MoneyTone = "plain" | "signed" | "income" | "expense";

const green = "text-green-700 dark:text-green-300";
const red = "text-red-700 dark:text-red-300";

export function moneyToneClass(amountMinor: number | bigint, tone: MoneyTone): string {
  if (tone === "plain" || amountMinor === 0 || amountMinor === 0n) return "";
  if (tone === "income") return green;
  if (tone === "expense") return red;
  return amountMinor > 0 ? green : red;
}

/** Every amount in the app: minor units in a currency, formatted by formatMoney in the page's language. */
export function Money({
  minor,
  currency,
  sign = "auto",
  tone = "plain",
  className = "",
}: {
  minor: number | bigint;
  currency: MoneyCurrency;
  sign?: MoneySign;
  tone?: MoneyTone;
  className?: string;
}) {
  const { i18n } = useTranslation();
  const classes = ["whitespace-nowrap tabular-nums", moneyToneClass(minor, tone), className].filter(Boolean).join(" ");
  return <span className={classes}>{formatMoney(minor, currency, i18n.language, sign)}</span>;
}

/**
 * An amount in its own currency with, under it, the USD equivalent stored with its payments
 * (nothing more for USD itself): the per-currency tables of the dashboard and the reports.
 */
export function MoneyWithUsd({ minor, usdCents, currency, tone }: { minor: number; usdCents: number; currency: MoneyCurrency; tone: MoneyTone }) {
  return (
    <>
      <Money minor={minor} currency={currency} tone={tone} className="block" />
      {currency.code !== USD.code ? <Money minor={usdCents} currency={USD} className="block text-xs text-slate-600 dark:text-slate-300" /> : null}
    </>
  );
}

/**
 * A multi-currency transaction's parts, "$ 320.00 + € 100.00", under its USD total on the list
 * and the dashboard (issue 23): plain text on the row, so it is there without JavaScript and
 * wraps at the "+" on a phone. `label` names it for screen readers ("Paid in").
 */
export function MoneyParts({ parts, label, className = "" }: { parts: readonly { currency: MoneyCurrency; minor: bigint }[]; label: string; className?: string }) {
  const { i18n } = useTranslation();
  return (
    <span className={["block text-xs text-slate-600 dark:text-slate-300", className].filter(Boolean).join(" ")} data-payment-parts="">
      <span className="sr-only">{label}: </span>
      {parts.map((part, i) => (
        <span key={part.currency.code}>
          {i > 0 ? " + " : null}
          <span className="whitespace-nowrap tabular-nums">{formatMoney(part.minor, part.currency, i18n.language)}</span>
        </span>
      ))}
    </span>
  );
}
