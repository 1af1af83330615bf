import type { ReactNode } from "react";
import { useTranslation } from "~/locales/use-translation";
import { Form, Link } from "react-router";
import { Card } from "~/components/card";
import { itemAnchor, LandedBanner, type useEditableList } from "~/components/editable-list";
import { Figure, FigureList } from "~/components/figure";
import { buttonClass, LoadingNote, SubmitButton, useIsPending } from "~/components/forms";
import { Money } from "~/components/money";
import { formatMoney } from "~/money/amounts";
import { MonthNav } from "~/components/month-nav";
import { USD } from "~/money/currencies";
import { dayToDate } from "~/calendar/days";
import { addMonths, type MonthStart, yearMonthOf } from "~/calendar/months";
import { formatMonthYear } from "~/calendar/format";
import type { BudgetMonthTotals } from "~/features/budgets/model";
import { BudgetCard } from "./budget-card";
import { BudgetForm } from "./budget-form";
import type { BudgetCategory, BudgetView } from "./budget-status";
import { budgetsHref, monthParam } from "./href";
import { budgetAnchors, budgetIntents, COPY_INTENT } from "./intents";

/**
 * /budgets' month of budgets: its links to other months, the new-budget form (?newBudget), the
 * copy of last month's budgets, the month's totals and each budget (its edit form or delete
 * question in place, ?editBudget=id, ?deleteBudget=id).
 */
export function BudgetsSection({
  month,
  current,
  budgets,
  totals,
  categories,
  previousHasBudgets,
  deleteId,
  list,
  loading,
  notice,
  landed,
}: {
  month: MonthStart;
  current: MonthStart;
  budgets: BudgetView[];
  totals: BudgetMonthTotals;
  /** Every expense category the user may budget. */
  categories: BudgetCategory[];
  previousHasBudgets: boolean;
  deleteId: string | null;
  list: ReturnType<typeof useEditableList> & { creating: boolean };
  loading: boolean;
  /** A write's banner at the list's top (a delete, a copy). */
  notice: ReactNode;
  /** A write's banner beside the budget it saved. */
  landed: { id: string; message: string } | null;
}) {
  const { t, i18n } = useTranslation();
  const monthName = (m: MonthStart) => formatMonthYear(dayToDate(m), i18n.language);
  const back = (state: Record<string, string> = {}) => budgetsHref(month, current, state);
  const params = monthParam(month, current);
  const copying = useIsPending({ intent: COPY_INTENT });
  // A new budget is for a category that has none this month; an edit keeps its own.
  const budgeted = new Set(budgets.map((b) => b.categoryId));
  const freeCategories = categories.filter((c) => !budgeted.has(c.id));
  return (
  <Card
    id={budgetAnchors.list}
    title={t("budgets.list.title", { month: monthName(month) })}
    flush
    busy={loading}
    actions={
      loading ? (
        <LoadingNote>{t("budgets.list.loading")}</LoadingNote>
      ) : null
    }
    toolbar={
      <>
        <MonthNav month={month} current={current} href={(m) => budgetsHref(m, current)} messages="budgets.month" />
        <div className="flex flex-wrap gap-2">
          {list.creating ? null : (
            <Link to={back({ newBudget: "" })} preventScrollReset className={buttonClass.primary}>
              <span aria-hidden="true">+</span>
              {t("budgets.list.newBudget")}
            </Link>
          )}
          {previousHasBudgets ? (
            <Form method="post" action={back()}>
              <input type="hidden" name="month" value={yearMonthOf(month)} />
              <SubmitButton name="intent" value={COPY_INTENT} variant="secondary" pending={copying} pendingLabel={t("budgets.list.copying")}>
                {t("budgets.list.copy", { month: monthName(addMonths(month, -1)) })}
              </SubmitButton>
            </Form>
          ) : null}
        </div>
      </>
    }
  >
    {notice ? <div className="px-4 pt-4">{notice}</div> : null}
    {list.creating ? (
      <div className="border-b border-slate-200 px-4 py-4 dark:border-slate-800">
        <h3 className="mb-3 font-semibold">{t("budgets.form.createTitle")}</h3>
        {freeCategories.length === 0 ? (
          <p className="text-sm text-slate-700 dark:text-slate-200">{t("budgets.form.allBudgeted", { month: monthName(month) })}</p>
        ) : (
          <BudgetForm
            mode="create"
            categories={freeCategories}
            month={month}
            action={back({ newBudget: "" })}
            cancelTo={back()}
            intents={budgetIntents}
            lastResult={list.createResult}
          />
        )}
      </div>
    ) : null}

    {budgets.length > 0 ? (
      <div className={loading ? "opacity-60" : ""}>
        <div className="border-b border-slate-200 px-4 py-3 dark:border-slate-800">
          <FigureList label={t("budgets.totals.title")}>
            <Figure label={t("budgets.totals.budgeted")}>
              <Money minor={totals.budgetedCents} currency={USD} />
            </Figure>
            <Figure label={t("budgets.totals.spent")}>
              <Money minor={totals.spentCents} currency={USD} />
            </Figure>
            {/* Overspending is never netted against the others' room (issue 23): what the budgets not over have left, and apart, by how much the others are over. */}
            {totals.overCount < budgets.length ? (
              <Figure label={t(totals.overCount > 0 ? "budgets.totals.leftInOthers" : "budgets.totals.remaining")}>
                <Money minor={totals.leftCents} currency={USD} />
              </Figure>
            ) : null}
            {totals.overCount > 0 ? (
              <Figure label={t("budgets.totals.over")}>
                <Money minor={totals.overCents} currency={USD} className="text-red-700 dark:text-red-300" />
              </Figure>
            ) : null}
          </FigureList>
          {totals.overCount > 0 ? (
            <p className="mt-2 text-sm font-medium text-red-700 dark:text-red-300">
              {t("budgets.totals.overBy", { count: totals.overCount, amount: formatMoney(totals.overCents, USD, i18n.language) })}
            </p>
          ) : null}
        </div>
        <ul className="divide-y divide-slate-200 dark:divide-slate-800">
          {budgets.map((budget) => (
            <li key={budget.id} id={itemAnchor(budgetAnchors.item, budget.id)} className="px-4 py-4">
              <LandedBanner message={landed?.id === budget.id ? landed.message : null} className="mb-3" />
              {list.editing === budget.id ? (
                <BudgetForm
                  mode="edit"
                  budget={budget}
                  categories={categories.filter((c) => c.id === budget.categoryId || !budgeted.has(c.id))}
                  month={month}
                  action={back({ editBudget: budget.id })}
                  cancelTo={back()}
                  intents={budgetIntents}
                  lastResult={list.updateResult}
                />
              ) : (
                <BudgetCard budget={budget} month={month} confirming={deleteId === budget.id} page="/budgets" params={params} back={back()} intents={budgetIntents} />
              )}
            </li>
          ))}
        </ul>
      </div>
    ) : (
      <div className="px-4 py-10 text-center">
        <p className="font-semibold">{t("budgets.empty.title", { month: monthName(month) })}</p>
        <p className="mt-1 text-slate-600 dark:text-slate-300">{t("budgets.empty.text")}</p>
      </div>
    )}
  </Card>
  );
}
