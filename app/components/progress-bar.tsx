import { useTranslation } from "~/locales/use-translation";
import { formatPercent } from "~/text/count";

/**
 * How far along a budget or goal is. `tone` colours it (green, yellow, red, or brand blue for
 * a goal), but never alone: the bar has an accessible name with the percent, and the page
 * writes the status next to it. The bar fills at most to its end; the percent may pass 100.
 */
export type ProgressTone = "ok" | "near" | "over" | "goal";

const fills: Record<ProgressTone, string> = {
  ok: "bg-green-600 dark:bg-green-500",
  near: "bg-yellow-500 dark:bg-yellow-400",
  over: "bg-red-600 dark:bg-red-500",
  goal: "bg-brand-600 dark:bg-blue-400",
};

/** `label` names what the bar measures; the percent is read out in the page's language. */
export function ProgressBar({ percent, tone, label }: { percent: number; tone: ProgressTone; label: string }) {
  const { i18n } = useTranslation();
  const filled = Math.max(0, Math.min(100, percent));
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={filled}
      aria-valuetext={formatPercent(percent, i18n.language)}
      className="h-2.5 w-full overflow-hidden rounded-full bg-slate-200 dark:bg-slate-700"
    >
      <div className={`h-full rounded-full ${fills[tone]}`} style={{ width: `${filled}%` }} />
    </div>
  );
}
