import { useTranslation } from "~/locales/use-translation";
import type { BudgetStatus } from "~/features/budgets/model";

// A budget as the pages show it, and its status in words: shared by /budgets and the
// dashboard's alerts, which must not download the page's forms.

/** An expense category as a budget shows it. */
export type BudgetCategory = { id: string; name: string; icon: string; color: string };

/** A budget as the page shows it: stored cents, and the figures budgetFigures computed from them. */
export type BudgetView = {
  id: string;
  categoryId: string;
  category: BudgetCategory;
  amountCents: number;
  alertThreshold: number;
  spentCents: number;
  percent: number;
  remainingCents: number;
  status: BudgetStatus;
  /**
   * This month only (issue 24): what the user's expense schedules in the category still post
   * this month, in USD at today's rate (exact digits), and the currencies with no rate today.
   */
  planned?: { estimateUsdCents: string; missingRates: string[] } | null;
};

const statusText: Record<BudgetStatus, string> = {
  ok: "text-green-800 bg-green-50 border-green-300 dark:text-green-200 dark:bg-green-950 dark:border-green-800",
  near: "text-yellow-900 bg-yellow-50 border-yellow-400 dark:text-yellow-100 dark:bg-yellow-950 dark:border-yellow-700",
  over: "text-red-800 bg-red-50 border-red-300 dark:text-red-200 dark:bg-red-950 dark:border-red-800",
};

/** A budget's status in words, coloured: the colour is never the only signal. */
export function BudgetStatusBadge({ status }: { status: BudgetStatus }) {
  const { t } = useTranslation();
  return (
    // The gap, not a space: a flex item drops its trailing space, which left "⚠¡Presupuesto excedido!".
    <span className={`inline-flex items-center gap-1 rounded-full border px-2 py-0.5 text-xs font-semibold ${statusText[status]}`}>
      {status === "over" ? <span aria-hidden="true">⚠</span> : null}
      {t(`budgets.status.${status}`)}
    </span>
  );
}

