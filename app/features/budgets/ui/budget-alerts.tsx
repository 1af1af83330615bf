import { useTranslation } from "~/locales/use-translation";
import { Link } from "react-router";
import { Card } from "~/components/card";
import { CategoryBadge } from "~/components/category-icon";
import { useCategoryName } from "~/components/category-name";
import { FigureLink } from "~/components/figure-link";
import { Money } from "~/components/money";
import { USD } from "~/money/currencies";
import type { MonthStart } from "~/calendar/months";
import { formatPercent } from "~/text/count";
import { spentHref } from "./href";
import { BudgetStatusBadge, type BudgetView } from "./budget-status";

/**
 * The dashboard's budgets near or over their limit this month (`month`), with the way to /budgets;
 * nothing when there are none. Each shows what was spent, a link to those transactions (issue 27).
 */
export function BudgetAlerts({ alerts, month }: { alerts: BudgetView[]; month: MonthStart }) {
  const { t, i18n } = useTranslation();
  const categoryName = useCategoryName();
  if (alerts.length === 0) return null;
  return (
    <Card
      id="budget-alerts"
      title={t("budgets.alerts.title")}
      actions={
        <Link to="/budgets" className="inline-flex min-h-11 items-center text-sm font-semibold text-brand-700 hover:underline sm:min-h-0 dark:text-blue-300">
          {t("budgets.alerts.viewAll")}
        </Link>
      }
    >
      <ul className="divide-y divide-slate-200 dark:divide-slate-800">
        {alerts.map((budget) => (
          // The name starts at 10rem (basis-40), so on a phone the status wraps to a line of its own
          // (on the right) instead of squeezing the name into a column of letters.
          <li key={budget.id} className="flex flex-wrap items-center gap-3 py-2">
            <CategoryBadge icon={budget.category.icon} color={budget.category.color} size="sm" />
            <span className="min-w-0 flex-1 basis-40 font-medium break-words">
              {categoryName(budget.category)}
            </span>
            <FigureLink to={spentHref(budget, month)}>
              <span className="sr-only">{t("budgets.card.spentIn", { name: categoryName(budget.category) })} </span>
              <Money minor={budget.spentCents} currency={USD} />
            </FigureLink>
            <span className="font-semibold tabular-nums">{formatPercent(budget.percent, i18n.language)}</span>
            <span className="ml-auto">
              <BudgetStatusBadge status={budget.status} />
            </span>
          </li>
        ))}
      </ul>
    </Card>
  );
}
