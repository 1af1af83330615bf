import type { SubmissionResult } from "@conform-to/react";
import type { ReactNode } from "react";
import { useTranslation } from "~/locales/use-translation";
import { Link } from "react-router";
import { Card } from "~/components/card";
import { itemAnchor, LandedBanner, type useEditableList } from "~/components/editable-list";
import { buttonClass } from "~/components/forms";
import { GoalCard, type GoalView } from "./goal-card";
import { GoalForm, type GoalCurrencyChoice } from "./goal-form";
import type { DayRange } from "~/calendar/range";
import { goalAnchors, goalIntents } from "./intents";

/**
 * /budgets' savings goals: the new-goal form (?newGoal) and each goal (its edit form or delete
 * question in place, ?editGoal=id, ?deleteGoal=id, and its progress form). `back` makes the
 * page's address with the month it shows.
 */
export function GoalsSection({
  goals,
  currencies,
  deleteId,
  list,
  progress,
  back,
  params,
  dateBounds,
  notice,
  landed,
}: {
  goals: GoalView[];
  currencies: GoalCurrencyChoice[];
  deleteId: string | null;
  list: ReturnType<typeof useEditableList> & { creating: boolean };
  /** The server's answer to a goal's refused progress form. */
  progress: { id: string; result: SubmissionResult<string[]> } | undefined;
  back: (state?: Record<string, string>) => string;
  params: string;
  dateBounds: DayRange;
  /** A write's banner at the list's top (a delete). */
  notice: ReactNode;
  /** A write's banner beside the goal it saved. */
  landed: { id: string; message: string } | null;
}) {
  const { t } = useTranslation();
  return (
  <Card
    id={goalAnchors.list}
    title={t("budgets.goals.title")}
    flush
    actions={
      list.creating ? null : (
        <Link to={back({ newGoal: "" })} preventScrollReset className={buttonClass.primary}>
          <span aria-hidden="true">+</span>
          {t("budgets.goals.newGoal")}
        </Link>
      )
    }
  >
    {notice ? <div className="px-4 pt-4">{notice}</div> : null}
    {list.creating ? (
      <div className="border-b border-slate-200 px-4 py-4 dark:border-slate-800">
        <h3 className="mb-3 font-semibold">{t("budgets.goals.form.createTitle")}</h3>
        <GoalForm mode="create" currencies={currencies} action={back({ newGoal: "" })} cancelTo={back()} intents={goalIntents} lastResult={list.createResult} dateBounds={dateBounds} />
      </div>
    ) : null}
    {goals.length === 0 ? (
      <div className="px-4 py-10 text-center">
        <p className="font-semibold">{t("budgets.goals.empty.title")}</p>
        <p className="mt-1 text-slate-600 dark:text-slate-300">{t("budgets.goals.empty.text")}</p>
      </div>
    ) : (
      <ul className="divide-y divide-slate-200 dark:divide-slate-800">
        {goals.map((goal) => (
          <li key={goal.id} id={itemAnchor(goalAnchors.item, goal.id)} className="px-4 py-4">
            <LandedBanner message={landed?.id === goal.id ? landed.message : null} className="mb-3" />
            {list.editing === goal.id ? (
              <GoalForm mode="edit" goal={goal} currencies={currencies} action={back({ editGoal: goal.id })} cancelTo={back()} intents={goalIntents} lastResult={list.updateResult} dateBounds={dateBounds} />
            ) : (
              <GoalCard
                goal={goal}
                confirming={deleteId === goal.id}
                page="/budgets"
                params={params}
                back={back()}
                intents={goalIntents}
                progressResult={progress?.id === goal.id ? progress.result : undefined}
              />
            )}
          </li>
        ))}
      </ul>
    )}
  </Card>
  );
}
