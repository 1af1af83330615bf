import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useTranslation } from "react-i18next";
import { data, Form, Link, redirect, useNavigation } from "react-router";
import { requireActor, requireSession } from "~/auth/guards.server";
import { ListErrors, listIntentsFor, useEditableList } from "~/components/editable-list";
import { editableListAction } from "~/components/editable-list.server";
import { Alert, buttonClass, Spinner, SubmitButton, useIsPending } from "~/components/forms";
import { Figure, FigureList } from "~/components/figure";
import { LoadError } from "~/components/load-error";
import { Money } from "~/components/money";
import { useFlashParam } from "~/components/use-flash-param";
import { copyPreviousMonthBudgets, createBudget, deleteBudget, updateBudget } from "~/features/budgets/commands.server";
import { budgetFailures, budgetRefusals } from "~/features/budgets/errors";
import { budgetFormSchema } from "~/features/budgets/model";
import { loadBudgetMonth } from "~/features/budgets/page.server";
import { BudgetCard } from "~/features/budgets/ui/budget-card";
import { BudgetForm } from "~/features/budgets/ui/budget-form";
import { budgetsHref, monthParam } from "~/features/budgets/ui/href";
import { createGoal, deleteGoal, recordGoalProgress, updateGoal } from "~/features/goals/commands.server";
import { goalFailures, goalRefusals } from "~/features/goals/errors";
import { goalFormSchema, goalProgressFormSchema } from "~/features/goals/model";
import { loadGoals } from "~/features/goals/page.server";
import { findGoal } from "~/features/goals/queries.server";
import { GOAL_PROGRESS_INTENT, GoalCard } from "~/features/goals/ui/goal-card";
import { GoalForm } from "~/features/goals/ui/goal-form";
import { listCurrencies } from "~/features/rates/queries.server";
import { USD } from "~/money/currencies";
import { addMonths, dayToDate, formatMonthYear, isoDay, monthStartOf, readMonth, type MonthStart } from "~/money/dates";
import { dbContext } from "~/context.server";
import { getInstance, getLocale } from "~/middleware/i18n";
import { withMessages } from "~/locales/messages.client";
import { routeMessages } from "~/locales/sections";
import type { Route } from "./+types/index";

// Budgets & Goals (spec section 2, issue 12). One month's budgets at a time, chosen by links
// (?month=yyyy-MM, this month when absent), and the user's savings goals. Every mode is a state
// of the URL (?newBudget, ?editBudget=id, ?deleteBudget=id, ?newGoal, ?editGoal=id,
// ?deleteGoal=id) or of the action's answer, so the page works without JavaScript.

const budgetIntents = listIntentsFor("budget");
const goalIntents = listIntentsFor("goal");
const COPY_INTENT = "budget-copy";

/** The ?saved= flags the page's writes redirect with, and their banners. */
const savedMessages: Record<string, string> = {
  "budget-created": "budgets.messages.created",
  "budget-updated": "budgets.messages.updated",
  "budget-deleted": "budgets.messages.deleted",
  "goal-created": "budgets.messages.goalCreated",
  "goal-updated": "budgets.messages.goalUpdated",
  "goal-deleted": "budgets.messages.goalDeleted",
  "goal-progress": "budgets.messages.goalProgress",
};

export const handle = routeMessages("budgets");
export const clientLoader = ({ serverLoader }: Route.ClientLoaderArgs) => withMessages(handle, serverLoader());

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: loaderData?.title }];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const session = requireSession(context);
  const db = context.get(dbContext);
  const params = new URL(request.url).searchParams;
  const today = isoDay();
  const current = monthStartOf(today);
  const month = readMonth(params.get("month")) ?? current;
  const [budgetMonth, goals] = await Promise.all([loadBudgetMonth(db, session.user.id, month), loadGoals(db, session.user.id, today)]);
  const known = (rows: { id: string }[], key: string) => {
    const id = params.get(key);
    return id && rows.some((row) => row.id === id) ? id : null;
  };
  return {
    title: getInstance(context).t("budgets.metaTitle"),
    month,
    current,
    ...budgetMonth,
    ...goals,
    modes: {
      newBudget: params.has("newBudget"),
      editBudget: known(budgetMonth.budgets, "editBudget"),
      deleteBudget: known(budgetMonth.budgets, "deleteBudget"),
      newGoal: params.has("newGoal"),
      editGoal: known(goals.goals, "editGoal"),
      deleteGoal: known(goals.goals, "deleteGoal"),
    },
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const actor = requireActor(context, request);
  const db = context.get(dbContext);
  const locale = getLocale(context);
  const formData = await request.formData();
  const intent = String(formData.get("intent") ?? "");
  const current = monthStartOf(isoDay());
  // A budget form names its month; the other forms keep the month the page showed.
  const month = readMonth(formData.get("month")) ?? readMonth(new URL(request.url).searchParams.get("month")) ?? current;
  const back = (state: Record<string, string> = {}) => budgetsHref(month, current, state);

  if (intent === COPY_INTENT) {
    try {
      const copied = await copyPreviousMonthBudgets(db, actor, month);
      return redirect(back({ copied: String(copied) }));
    } catch (cause) {
      console.error("budget copy failed", cause);
      return data({ intent, error: budgetFailures.save }, { status: 500 });
    }
  }

  if (intent === GOAL_PROGRESS_INTENT) {
    const id = String(formData.get("id") ?? "");
    const goal = await findGoal(db, actor.userId, id);
    if (!goal) return data({ intent, id, error: goalRefusals.notFound.message }, { status: 404 });
    const [currency] = (await listCurrencies(db, { activeOnly: false })).filter((c) => c.code === goal.currencyCode);
    const submission = parseWithZod(formData, { schema: goalProgressFormSchema({ decimals: currency?.decimalPlaces ?? 2, locale }) });
    if (submission.status !== "success") return data({ intent, id, result: submission.reply() }, { status: 400 });
    try {
      const outcome = await recordGoalProgress(db, actor, { id, ...submission.value });
      if (outcome.kind !== "ok") {
        const { status, message, field } = goalRefusals[outcome.kind];
        return data({ intent, id, result: submission.reply(field ? { fieldErrors: { [field]: [message] } } : { formErrors: [message] }) }, { status });
      }
    } catch (cause) {
      console.error("goal progress failed", cause);
      return data({ intent, id, result: submission.reply({ formErrors: [goalFailures.save] }) }, { status: 500 });
    }
    return redirect(back({ saved: "goal-progress" }));
  }

  if (intent.startsWith("goal-")) {
    // A goal keeps its currency even after the admin turns it off; a new one takes an active one.
    const currencies = await listCurrencies(db, { activeOnly: intent === goalIntents.create });
    return editableListAction(formData, {
      page: "/budgets",
      noun: "savings goal",
      schema: goalFormSchema({ currencies, locale }),
      refusals: goalRefusals,
      failures: { create: goalFailures.save, update: goalFailures.save, delete: goalFailures.delete },
      intents: goalIntents,
      savedTo: (saved) => back({ saved }),
      create: (input) => createGoal(db, actor, input),
      update: (input) => updateGoal(db, actor, input),
      delete: (input) => deleteGoal(db, actor, input),
    });
  }

  return editableListAction(formData, {
    page: "/budgets",
    noun: "budget",
    schema: budgetFormSchema(locale),
    refusals: budgetRefusals,
    failures: { create: budgetFailures.save, update: budgetFailures.save, delete: budgetFailures.delete },
    intents: budgetIntents,
    savedTo: (saved) => back({ saved }),
    create: (input) => createBudget(db, actor, input),
    update: (input) => updateBudget(db, actor, input),
    delete: (input) => deleteBudget(db, actor, input),
  });
}

/** The month's links: previous, the month itself, next, and back to this month from elsewhere. */
function MonthNav({ month, current }: { month: MonthStart; current: MonthStart }) {
  const { t, i18n } = useTranslation();
  const name = (m: MonthStart) => formatMonthYear(dayToDate(m), i18n.language);
  const previous = addMonths(month, -1);
  const next = addMonths(month, 1);
  const link = "inline-flex min-h-11 min-w-11 items-center justify-center rounded-md border border-slate-300 bg-white px-3 text-sm font-medium text-slate-800 hover:bg-slate-50 focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-500 sm:min-h-9 dark:border-slate-600 dark:bg-slate-800 dark:text-slate-100 dark:hover:bg-slate-700";
  return (
    <nav aria-label={t("budgets.month.nav")} className="flex flex-wrap items-center gap-2">
      <Link to={budgetsHref(previous, current)} aria-label={t("budgets.month.previous", { month: name(previous) })} className={link}>
        <span aria-hidden="true">‹</span>
      </Link>
      <p className="min-w-40 text-center font-semibold">
        {name(month)}
      </p>
      <Link to={budgetsHref(next, current)} aria-label={t("budgets.month.next", { month: name(next) })} className={link}>
        <span aria-hidden="true">›</span>
      </Link>
      {month !== current ? (
        <Link to={budgetsHref(current, current)} className={link}>
          {t("budgets.month.current")}
        </Link>
      ) : null}
    </nav>
  );
}

export default function Budgets({ loaderData, actionData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const { month, current, budgets, totals, categories, previousHasBudgets, goals, currencies, modes } = loaderData;
  const navigation = useNavigation();
  const monthName = (m: MonthStart) => formatMonthYear(dayToDate(m), i18n.language);
  const back = (state: Record<string, string> = {}) => budgetsHref(month, current, state);
  const params = monthParam(month, current);

  const budgetList = useEditableList(actionData, budgets, modes.editBudget, budgetIntents);
  const goalList = useEditableList(actionData, goals, modes.editGoal, goalIntents);
  const saved = useFlashParam("saved");
  const copied = useFlashParam("copied");
  const creatingBudget = modes.newBudget || Boolean(budgetList.createResult);
  const creatingGoal = modes.newGoal || Boolean(goalList.createResult);
  const copying = useIsPending({ intent: COPY_INTENT });
  // The answers that are not a list's: the copy's failure, and the progress form's.
  const answer = actionData as { intent?: string; id?: string; error?: string; result?: SubmissionResult<string[]> } | undefined;
  const progressAnswer = answer?.intent === GOAL_PROGRESS_INTENT && answer.result ? answer : undefined;
  const pageError = answer?.intent === COPY_INTENT || (answer?.intent === GOAL_PROGRESS_INTENT && !answer.result) ? answer.error : undefined;
  // With JavaScript, the lists show that they are being reloaded (another month, or after a save).
  const loading = navigation.state === "loading" && navigation.location.pathname === "/budgets";

  // A new budget is for a category that has none this month; an edit keeps its own.
  const budgeted = new Set(budgets.map((b) => b.categoryId));
  const freeCategories = categories.filter((c) => !budgeted.has(c.id));
  const copiedCount = copied === null ? null : Number(copied);
  const savedMessage = saved ? savedMessages[saved] : undefined;

  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{t("budgets.title")}</h1>
        <p className="mt-1 text-slate-600 dark:text-slate-300">{t("budgets.subtitle")}</p>
      </div>
      <div aria-live="polite" className="space-y-2 empty:hidden">
        {savedMessage ? <Alert tone="success">{t(savedMessage)}</Alert> : null}
        {copiedCount !== null && Number.isInteger(copiedCount) ? (
          <Alert tone={copiedCount > 0 ? "success" : "info"}>
            {copiedCount > 0
              ? t("budgets.messages.copied", { count: copiedCount, month: monthName(addMonths(month, -1)) })
              : t("budgets.messages.copiedNone", { month: monthName(addMonths(month, -1)) })}
          </Alert>
        ) : null}
      </div>
      {pageError ? (
        <Alert tone="error" focusFor={answer}>
          {t(pageError)}
        </Alert>
      ) : null}
      <ListErrors deleteError={budgetList.deleteError} rowlessError={budgetList.rowlessError} />
      <ListErrors deleteError={goalList.deleteError} rowlessError={goalList.rowlessError} />

      <section
        aria-labelledby="budgets-heading"
        aria-busy={loading || undefined}
        className="rounded-xl border border-slate-200 bg-white shadow-sm dark:border-slate-800 dark:bg-slate-900"
      >
        <div className="space-y-3 border-b border-slate-200 px-4 py-3 dark:border-slate-800">
          <div className="flex flex-wrap items-center justify-between gap-3">
            <h2 id="budgets-heading" className="text-lg font-semibold">
              {t("budgets.list.title", { month: monthName(month) })}
            </h2>
            {loading ? (
              <p className="flex items-center gap-2 text-sm text-slate-600 dark:text-slate-300" role="status">
                <Spinner />
                {t("budgets.list.loading")}
              </p>
            ) : null}
          </div>
          <MonthNav month={month} current={current} />
          <div className="flex flex-wrap gap-2">
            {creatingBudget ? null : (
              <Link to={back({ newBudget: "" })} preventScrollReset className={buttonClass.primary}>
                <span aria-hidden="true">+</span>
                {t("budgets.list.newBudget")}
              </Link>
            )}
            {previousHasBudgets ? (
              <Form method="post" action={back()}>
                <input type="hidden" name="month" value={month.slice(0, 7)} />
                <SubmitButton name="intent" value={COPY_INTENT} variant="secondary" pending={copying} pendingLabel={t("budgets.list.copying")}>
                  {t("budgets.list.copy", { month: monthName(addMonths(month, -1)) })}
                </SubmitButton>
              </Form>
            ) : null}
          </div>
        </div>

        {creatingBudget ? (
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
                lastResult={budgetList.createResult}
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
                <Figure label={t(totals.remainingCents < 0 ? "budgets.totals.over" : "budgets.totals.remaining")}>
                  <Money minor={Math.abs(totals.remainingCents)} currency={USD} className={totals.remainingCents < 0 ? "text-red-700 dark:text-red-300" : ""} />
                </Figure>
              </FigureList>
              {totals.overCount > 0 ? <p className="mt-2 text-sm font-medium text-red-700 dark:text-red-300">{t("budgets.totals.overCount", { count: totals.overCount })}</p> : null}
            </div>
            <ul className="divide-y divide-slate-200 dark:divide-slate-800">
              {budgets.map((budget) => (
                <li key={budget.id} className="px-4 py-4">
                  {budgetList.editing === budget.id ? (
                    <BudgetForm
                      mode="edit"
                      budget={budget}
                      categories={categories.filter((c) => c.id === budget.categoryId || !budgeted.has(c.id))}
                      month={month}
                      action={back({ editBudget: budget.id })}
                      cancelTo={back()}
                      intents={budgetIntents}
                      lastResult={budgetList.updateResult}
                    />
                  ) : (
                    <BudgetCard budget={budget} confirming={modes.deleteBudget === budget.id} page="/budgets" params={params} back={back()} intents={budgetIntents} />
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
      </section>

      <section
        aria-labelledby="goals-heading"
        className="rounded-xl border border-slate-200 bg-white shadow-sm dark:border-slate-800 dark:bg-slate-900"
      >
        <div className="flex flex-wrap items-center justify-between gap-3 border-b border-slate-200 px-4 py-3 dark:border-slate-800">
          <h2 id="goals-heading" className="text-lg font-semibold">
            {t("budgets.goals.title")}
          </h2>
          {creatingGoal ? null : (
            <Link to={back({ newGoal: "" })} preventScrollReset className={buttonClass.primary}>
              <span aria-hidden="true">+</span>
              {t("budgets.goals.newGoal")}
            </Link>
          )}
        </div>
        {creatingGoal ? (
          <div className="border-b border-slate-200 px-4 py-4 dark:border-slate-800">
            <h3 className="mb-3 font-semibold">{t("budgets.goals.form.createTitle")}</h3>
            <GoalForm mode="create" currencies={currencies} action={back({ newGoal: "" })} cancelTo={back()} intents={goalIntents} lastResult={goalList.createResult} />
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
              <li key={goal.id} id={`goal-${goal.id}`} className="px-4 py-4">
                {goalList.editing === goal.id ? (
                  <GoalForm mode="edit" goal={goal} currencies={currencies} action={back({ editGoal: goal.id })} cancelTo={back()} intents={goalIntents} lastResult={goalList.updateResult} />
                ) : (
                  <GoalCard
                    goal={goal}
                    confirming={modes.deleteGoal === goal.id}
                    page="/budgets"
                    params={params}
                    back={back()}
                    intents={goalIntents}
                    progressResult={progressAnswer?.id === goal.id ? progressAnswer.result : undefined}
                  />
                )}
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <LoadError error={error} titleKey="errors.failedToLoadBudgets" />;
}
