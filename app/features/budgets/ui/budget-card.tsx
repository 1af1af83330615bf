import { useTranslation } from "~/locales/use-translation";
import { CategoryBadge } from "~/components/category-icon";
import { useCategoryName } from "~/components/category-name";
import { RowDeleteConfirm, RowEditDeleteLinks, type ListIntents } from "~/components/editable-list";
import { Figure, FigureList } from "~/components/figure";
import { FigureLink } from "~/components/figure-link";
import type { MonthStart } from "~/calendar/months";
import { spentHref } from "./href";
import { Money } from "~/components/money";
import { ProgressBar } from "~/components/progress-bar";
import { USD } from "~/money/currencies";
import { formatPercent } from "~/text/count";
import { BudgetStatusBadge, type BudgetView } from "./budget-status";

/** One budget: category, status, the bar, spent of budget, what is left or over; edit and delete, and the delete question under it. */
export function BudgetCard({
  budget,
  month,
  confirming,
  page,
  params,
  back,
  intents,
}: {
  budget: BudgetView;
  /** The page's month: what "spent" counts, and so the list its figure links to. */
  month: MonthStart;
  confirming: boolean;
  page: string;
  /** The page's month in its address, kept by the row's links. */
  params: string;
  /** The page's address with that month, where the delete posts and cancel returns. */
  back: string;
  intents: ListIntents;
}) {
  const { t, i18n } = useTranslation();
  const categoryName = useCategoryName();
  const name = categoryName(budget.category);
  const over = budget.remainingCents < 0;
  return (
    <div>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start">
        <div className="flex min-w-0 flex-1 items-start gap-3">
          <CategoryBadge icon={budget.category.icon} color={budget.category.color} size="sm" />
          <div className="min-w-0 flex-1">
            <div className="flex flex-wrap items-center justify-between gap-2">
              <h3 className="font-medium break-words">{name}</h3>
              <BudgetStatusBadge status={budget.status} />
            </div>
            <div className="mt-2">
              <ProgressBar percent={budget.percent} tone={budget.status} label={t("budgets.card.progressLabel", { name })} />
            </div>
            <FigureList className="mt-2">
              <Figure label={t("budgets.card.spent")}>
                {/* Its label ("Spent") and the card's heading say what the link's figure is. */}
                <FigureLink to={spentHref(budget, month)}>
                  <Money minor={budget.spentCents} currency={USD} />
                </FigureLink>
              </Figure>
              <Figure label={t("budgets.card.budget")}>
                <Money minor={budget.amountCents} currency={USD} />
              </Figure>
              <Figure label={t(over ? "budgets.card.overBy" : "budgets.card.left")}>
                <Money minor={Math.abs(budget.remainingCents)} currency={USD} className={over ? "font-semibold text-red-700 dark:text-red-300" : ""} />
              </Figure>
            </FigureList>
            {budget.planned ? (
              <div className="mt-2" data-planned="">
                <p className="text-sm">
                  <Money minor={budget.spentCents} currency={USD} /> {t("budgets.card.spentWord")}
                  <span aria-hidden="true"> · </span>
                  <Money minor={BigInt(budget.planned.estimateUsdCents)} currency={USD} className="font-semibold" /> {t("budgets.card.plannedWord")}
                </p>
                <p className="text-xs text-slate-600 dark:text-slate-300">{t("budgets.card.plannedNote")}</p>
                {budget.planned.missingRates.length > 0 ? (
                  <p className="text-xs text-amber-800 dark:text-amber-300">{t("budgets.card.plannedNoRate", { codes: budget.planned.missingRates.join(", ") })}</p>
                ) : null}
              </div>
            ) : null}
            <p className="mt-1 text-xs text-slate-600 dark:text-slate-300">
              {t("budgets.card.percentSpent", { percent: formatPercent(budget.percent, i18n.language) })}
              <span aria-hidden="true"> · </span>
              {t("budgets.card.threshold", { percent: formatPercent(budget.alertThreshold, i18n.language) })}
            </p>
          </div>
        </div>
        {confirming ? null : (
          <div className="flex shrink-0 flex-wrap gap-2 sm:pl-2">
            <RowEditDeleteLinks page={page} id={budget.id} name={name} messages="budgets.card" params={params} keys={{ edit: "editBudget", delete: "deleteBudget" }} />
          </div>
        )}
      </div>
      {confirming ? <RowDeleteConfirm page={page} back={back} intent={intents.delete} id={budget.id} name={name} messages="budgets.confirmDelete" /> : null}
    </div>
  );
}

