import type { SubmissionResult } from "@conform-to/react";
import { useTranslation } from "~/locales/use-translation";
import { data, redirect, useLocation, useNavigation, useSearchParams } from "react-router";
import { requireActor, requireSession } from "~/auth/guards.server";
import { ITEM_PARAM, LANDING_PARAMS, ListErrors, useEditableList } from "~/components/editable-list";
import { editableListAction, landingHref, withRowId } from "~/components/editable-list.server";
import { Alert } from "~/components/forms";
import { LoadError } from "~/components/load-error";
import { PageHeader } from "~/components/page-header";
import { useFlashParam } from "~/components/use-flash-param";
import { copyPreviousMonthBudgets, createBudget, deleteBudget, restoreBudget, updateBudget } from "~/features/budgets/commands.server";
import { budgetFailures, budgetRefusals } from "~/features/budgets/errors";
import { budgetFormSchema } from "~/features/budgets/schemas";
import { loadBudgetMonth, withPlannedSpending } from "~/features/budgets/page.server";
import { BudgetsSection } from "~/features/budgets/ui/budgets-section";
import { budgetsHref, monthParam } from "~/features/budgets/ui/href";
import { budgetAnchors, budgetIntents, COPY_INTENT, savedMessages } from "~/features/budgets/ui/intents";
import { createGoal, deleteGoal, restoreGoal, updateGoal } from "~/features/goals/commands.server";
import { UndoBanner } from "~/components/undo-banner";
import { goalFailures, goalRefusals } from "~/features/goals/errors";
import { goalFormSchema } from "~/features/goals/schemas";
import { loadGoals, submitGoalProgress } from "~/features/goals/page.server";
import { findGoal } from "~/features/goals/queries.server";
import { GoalsSection } from "~/features/goals/ui/goals-section";
import { GOAL_PROGRESS_INTENT, goalAnchors, goalIntents } from "~/features/goals/ui/intents";
import { listCurrencies } from "~/features/rates/queries.server";
import { dayToDate } from "~/calendar/days";
import { addMonths, monthStartOf } from "~/calendar/months";
import { acceptedDays, readMonthInRange } from "~/calendar/range";
import { formatMonthYear } from "~/calendar/format";
import { dbContext, languageContext } from "~/context.server";
import { withMessages } from "~/locales/messages.client";
import { routeMessages } from "~/locales/sections";
import { translatorFor } from "~/locales/server-translators";
import type { Route } from "./+types/index";
import { userToday } from "~/calendar/time-zones";

// Budgets & Goals (spec section 2, issue 12). One month's budgets at a time, chosen by links
// (?month=yyyy-MM, this month when absent), and the user's savings goals. Every mode is a state
// of the URL (?newBudget, ?editBudget=id, ?deleteBudget=id, ?newGoal, ?editGoal=id,
// ?deleteGoal=id) or of the action's answer, so the page works without JavaScript.

export const handle = routeMessages("budgets");
export const clientLoader = ({ serverLoader }: Route.ClientLoaderArgs) => withMessages(handle, serverLoader());

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: loaderData?.title }];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const session = requireSession(context);
  const db = context.get(dbContext);
  const params = new URL(request.url).searchParams;
  const today = userToday(session.user);
  const current = monthStartOf(today);
  // A month that is no month, or one outside the accepted dates (decision 022), shows this month.
  const accepted = acceptedDays(today);
  const month = readMonthInRange(params.get("month"), accepted) ?? current;
  const [budgetMonth, goals] = await Promise.all([loadBudgetMonth(db, session.user.id, month), loadGoals(db, session.user.id, today)]);
  // This month's budgets show what schedules still post in it (issue 24); other months, none.
  if (month === current) budgetMonth.budgets = await withPlannedSpending(db, session.user.id, budgetMonth.budgets, month, today);
  const known = (rows: { id: string }[], key: string) => {
    const id = params.get(key);
    return id && rows.some((row) => row.id === id) ? id : null;
  };
  return {
    title: translatorFor(context).t("budgets.metaTitle"),
    month,
    current,
    accepted,
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
  const locale = context.get(languageContext);
  const formData = await request.formData();
  const intent = String(formData.get("intent") ?? "");
  const today = userToday(requireSession(context).user);
  const current = monthStartOf(today);
  const accepted = acceptedDays(today);
  // A budget form names its month; the other forms keep the month the page showed.
  const month = readMonthInRange(formData.get("month"), accepted) ?? readMonthInRange(new URL(request.url).searchParams.get("month"), accepted) ?? current;
  const back = (state: Record<string, string> = {}) => budgetsHref(month, current, state);

  if (intent === COPY_INTENT) {
    try {
      const outcome = await copyPreviousMonthBudgets(db, actor, month);
      if (outcome.kind !== "ok") return data({ intent, error: budgetRefusals[outcome.kind].message }, { status: budgetRefusals[outcome.kind].status });
      return redirect(landingHref(back({ copied: String(outcome.copied) }), budgetAnchors));
    } catch (cause) {
      console.error("budget copy failed", cause);
      return data({ intent, error: budgetFailures.save }, { status: 500 });
    }
  }

  if (intent === GOAL_PROGRESS_INTENT) {
    const submitted = await submitGoalProgress(db, actor, formData, locale);
    return submitted.ok
      ? redirect(landingHref(back({ saved: "goal-progress" }), goalAnchors, String(formData.get("id"))))
      : data(submitted.answer, { status: submitted.status });
  }

  if (intent.startsWith("goal-")) {
    // Every currency's decimals read the amounts; which one a goal may take is the command's rule.
    // An edit that leaves the currency out keeps the goal's own.
    const [currencies, editing] = await Promise.all([
      listCurrencies(db, { activeOnly: false }),
      intent === goalIntents.update ? findGoal(db, actor.userId, String(formData.get("id") ?? "")) : undefined,
    ]);
    return editableListAction(formData, {
      page: "/budgets",
      noun: "savings goal",
      schema: goalFormSchema({ currencies, locale, currencyWhenOmitted: editing?.currencyCode }),
      refusals: goalRefusals,
      failures: { create: goalFailures.save, update: goalFailures.save, delete: goalFailures.delete },
      intents: goalIntents,
      savedTo: (saved) => back({ saved }),
      anchors: goalAnchors,
      create: (input) => withRowId(createGoal(db, actor, input), (ok) => ok.goal.id),
      update: (input) => updateGoal(db, actor, input),
      delete: (input) => deleteGoal(db, actor, input),
      undo: { kind: "goal", restore: (input) => restoreGoal(db, actor, input) },
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
    anchors: budgetAnchors,
    create: (input) => withRowId(createBudget(db, actor, input), (ok) => ok.budget.id),
    update: (input) => updateBudget(db, actor, input),
    delete: (input) => deleteBudget(db, actor, input),
    undo: { kind: "budget", restore: (input) => restoreBudget(db, actor, input) },
  });
}

export default function Budgets({ loaderData, actionData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const { month, current, accepted, budgets, totals, categories, previousHasBudgets, goals, currencies, modes } = loaderData;
  const navigation = useNavigation();
  const budgetList = useEditableList(actionData, budgets, modes.editBudget, budgetIntents);
  const goalList = useEditableList(actionData, goals, modes.editGoal, goalIntents);
  const saved = useFlashParam("saved", LANDING_PARAMS);
  const copied = useFlashParam("copied");
  const [searchParams] = useSearchParams();
  // A banner takes focus on each visit that brings it (the form that was saved is gone).
  const visit = useLocation().key;
  // The answers that are not a list's: the copy's failure, and the progress form's.
  const answer = actionData as { intent?: string; id?: string; error?: string; result?: SubmissionResult<string[]> } | undefined;
  const progress = answer?.intent === GOAL_PROGRESS_INTENT && answer.id && answer.result ? { id: answer.id, result: answer.result } : undefined;
  const pageError = answer?.intent === COPY_INTENT || (answer?.intent === GOAL_PROGRESS_INTENT && !answer.result) ? answer.error : undefined;
  // With JavaScript, the lists show that they are being reloaded (another month, or after a save).
  const loading = navigation.state === "loading" && navigation.location.pathname === "/budgets";
  const previousMonth = formatMonthYear(dayToDate(addMonths(month, -1)), i18n.language);
  const copiedCount = copied === null ? null : Number(copied);
  const savedMessage = saved ? savedMessages[saved] : undefined;
  // Each banner stands where its write landed: beside the row (?item=id), else at its list's top.
  const item = searchParams.get(ITEM_PARAM);
  const landing = (prefix: string, rows: { id: string }[]) => {
    if (!savedMessage || !saved?.startsWith(prefix)) return { notice: null, landed: null };
    const message = t(savedMessage);
    return item && rows.some((row) => row.id === item) ? { notice: null, landed: { id: item, message } } : { notice: <Alert tone="success" focusFor={visit}>{message}</Alert>, landed: null };
  };
  const budgetLanding = landing("budget-", budgets);
  const goalLanding = landing("goal-", goals);
  const copiedNotice =
    copiedCount !== null && Number.isInteger(copiedCount) ? (
      <Alert tone={copiedCount > 0 ? "success" : "info"} focusFor={visit}>
        {copiedCount > 0 ? t("budgets.messages.copied", { count: copiedCount, month: previousMonth }) : t("budgets.messages.copiedNone", { month: previousMonth })}
      </Alert>
    ) : null;

  return (
    <div className="space-y-6">
      <PageHeader title={t("budgets.title")} subtitle={t("budgets.subtitle")} />
      {pageError ? (
        <Alert tone="error" focusFor={answer}>
          {t(pageError)}
        </Alert>
      ) : null}
      <UndoBanner intents={{ budget: budgetIntents.undo, goal: goalIntents.undo }} />
      <ListErrors deleteError={budgetList.deleteError} rowlessError={budgetList.rowlessError} />
      <ListErrors deleteError={goalList.deleteError} rowlessError={goalList.rowlessError} />
      <BudgetsSection
        month={month}
        current={current}
        budgets={budgets}
        totals={totals}
        categories={categories}
        previousHasBudgets={previousHasBudgets}
        deleteId={modes.deleteBudget}
        list={{ ...budgetList, creating: modes.newBudget || Boolean(budgetList.createResult) }}
        loading={loading}
        notice={budgetLanding.notice ?? copiedNotice}
        landed={budgetLanding.landed}
      />
      <GoalsSection
        goals={goals}
        currencies={currencies}
        deleteId={modes.deleteGoal}
        list={{ ...goalList, creating: modes.newGoal || Boolean(goalList.createResult) }}
        notice={goalLanding.notice}
        landed={goalLanding.landed}
        progress={progress}
        back={(state = {}) => budgetsHref(month, current, state)}
        params={monthParam(month, current)}
        dateBounds={accepted}
      />
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <LoadError error={error} titleKey="errors.failedToLoadBudgets" />;
}
