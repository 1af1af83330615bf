import type { SubmissionResult } from "@conform-to/react";
import { DisclosureMarker } from "~/components/disclosure-marker";
import { useTranslation } from "~/locales/use-translation";
import { Form, useNavigation } from "react-router";
import { RowDeleteConfirm, RowEditDeleteLinks, type ListIntents } from "~/components/editable-list";
import { Figure, FigureList } from "~/components/figure";
import { ErrorSummary, Field, SubmitButton } from "~/components/forms";
import { serverForm } from "~/components/server-form";
import { Money } from "~/components/money";
import { ProgressBar } from "~/components/progress-bar";
import { decimalForInput, type MoneyCurrency } from "~/money/amounts";
import { dayToDate } from "~/calendar/days";
import { formatDate } from "~/calendar/format";
import { formatPercent } from "~/text/count";
import { GOAL_NOTE_MAX, goalEntryKind, type GoalTimeLeft } from "~/features/goals/model";
import { GOAL_PROGRESS_INTENT } from "./intents";

/** A savings goal as the page shows it: stored minor units, and the figures goalFigures computed from them. */
export type GoalView = {
  id: string;
  name: string;
  description: string | null;
  currency: MoneyCurrency;
  targetMinor: number;
  savedMinor: number;
  targetDate: string | null;
  percent: number;
  remainingMinor: number;
  completed: boolean;
  timeLeft: GoalTimeLeft;
  perMonthMinor: number | null;
  entries: { id: string; date: string; amountMinor: number; note: string | null }[];
};

function TimeLeft({ goal }: { goal: GoalView }) {
  const { t, i18n } = useTranslation();
  const { timeLeft } = goal;
  if (timeLeft.kind === "none") return null;
  const date = goal.targetDate ? formatDate(dayToDate(goal.targetDate), i18n.language) : "";
  const text =
    timeLeft.kind === "pastDue"
      ? t("budgets.goals.card.pastDue")
      : timeLeft.kind === "dueToday"
        ? t("budgets.goals.card.dueToday")
        : t("budgets.goals.card.monthsRemaining", { count: timeLeft.months });
  return (
    <p className={`text-sm ${timeLeft.kind === "pastDue" && !goal.completed ? "font-semibold text-red-700 dark:text-red-300" : "text-slate-700 dark:text-slate-200"}`}>
      {text}
      <span className="text-slate-600 dark:text-slate-300">
        <span aria-hidden="true"> · </span>
        {t("budgets.goals.card.byDate", { date })}
      </span>
    </p>
  );
}

/** One goal: saved, target and remaining, the bar, the time left and the monthly amount; the progress form and the history. */
export function GoalCard({
  goal,
  confirming,
  page,
  params,
  back,
  intents,
  progressResult,
}: {
  goal: GoalView;
  confirming: boolean;
  page: string;
  params: string;
  back: string;
  intents: ListIntents;
  /** The server's answer to this goal's last refused progress form. */
  progressResult: SubmissionResult<string[]> | undefined;
}) {
  const { t, i18n } = useTranslation();
  return (
    <div>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start">
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <h3 className="font-medium break-words">{goal.name}</h3>
            {goal.completed ? (
              <span className="inline-flex items-center rounded-full border border-green-300 bg-green-50 px-2 py-0.5 text-xs font-semibold text-green-800 dark:border-green-800 dark:bg-green-950 dark:text-green-200">
                <span aria-hidden="true">✓ </span>
                {t("budgets.goals.card.completed")}
              </span>
            ) : null}
          </div>
          {goal.description ? <p className="mt-1 text-sm text-slate-700 break-words dark:text-slate-200">{goal.description}</p> : null}
          <div className="mt-2">
            <ProgressBar percent={goal.percent} tone={goal.completed ? "ok" : "goal"} label={t("budgets.goals.card.progressLabel", { name: goal.name })} />
          </div>
          <FigureList className="mt-2">
            <Figure label={t("budgets.goals.card.saved")}>
              <Money minor={goal.savedMinor} currency={goal.currency} />
            </Figure>
            <Figure label={t("budgets.goals.card.target")}>
              <Money minor={goal.targetMinor} currency={goal.currency} />
            </Figure>
            <Figure label={t("budgets.goals.card.remaining")}>
              <Money minor={goal.remainingMinor} currency={goal.currency} />
            </Figure>
          </FigureList>
          <p className="mt-1 text-sm font-semibold tabular-nums">{formatPercent(goal.percent, i18n.language)}</p>
          <TimeLeft goal={goal} />
          {goal.perMonthMinor !== null ? (
            <p className="text-sm text-slate-700 dark:text-slate-200">
              <Money minor={goal.perMonthMinor} currency={goal.currency} className="font-medium" /> {t("budgets.goals.card.perMonth")}
            </p>
          ) : null}
        </div>
        {confirming ? null : (
          <div className="flex shrink-0 flex-wrap gap-2 sm:pl-2">
            <RowEditDeleteLinks page={page} id={goal.id} name={goal.name} messages="budgets.goals.card" params={params} keys={{ edit: "editGoal", delete: "deleteGoal" }} />
          </div>
        )}
      </div>
      {confirming ? <RowDeleteConfirm page={page} back={back} intent={intents.delete} id={goal.id} name={goal.name} messages="budgets.goals.confirmDelete" /> : null}
      {/* Keyed by the history's length: after a recorded change (with JavaScript, no reload) the form starts empty. */}
      {confirming ? null : <ProgressForm key={goal.entries.length} goal={goal} action={back} lastResult={progressResult} />}
      {goal.entries.length > 0 ? <History goal={goal} /> : null}
    </div>
  );
}

/** Adds to or takes from the goal: one amount, two buttons (Add, Withdraw), an optional note. */
function ProgressForm({ goal, action, lastResult }: { goal: GoalView; action: string; lastResult: SubmissionResult<string[]> | undefined }) {
  const { t, i18n } = useTranslation();
  const navigation = useNavigation();
  const formId = `goal-progress-${goal.id}`;
  const { form, field } = serverForm<"amount" | "note">(formId, lastResult);
  const fields = { amount: field("amount"), note: field("note") };
  const posting =
    navigation.state !== "idle" && navigation.formData?.get("intent") === GOAL_PROGRESS_INTENT && navigation.formData?.get("id") === goal.id;
  const direction = posting ? navigation.formData?.get("direction") : null;
  return (
    // Closed until opened, so a phone shows the goals first; open again when the server refused it.
    <details open={Boolean(lastResult) || undefined} className="group mt-3 rounded-md border border-slate-200 dark:border-slate-700">
      <summary className="flex min-h-11 cursor-pointer items-center gap-2 px-3 text-sm font-semibold">
        <DisclosureMarker />
        {t("budgets.goals.progress.legend", { name: goal.name })}
      </summary>
      <Form method="post" action={action} id={form.id} noValidate className="px-3 pb-3">
        <fieldset>
          <legend className="sr-only">{t("budgets.goals.progress.legend", { name: goal.name })}</legend>
          <ErrorSummary formId={formId} errors={form.allErrors} result={lastResult} formErrorId={form.errorId} />
          <input type="hidden" name="id" value={goal.id} />
          <div className="mt-2 grid gap-x-3 sm:grid-cols-[minmax(0,10rem)_minmax(0,1fr)_auto] sm:items-start">
            <Field
              label={t("budgets.goals.progress.amount", { currency: goal.currency.code })}
              inputProps={{ ...fields.amount.input, type: "text", inputMode: "decimal", autoComplete: "off", placeholder: decimalForInput("50.00", i18n.language) }}
              errors={fields.amount.errors}
            />
            <Field label={t("budgets.goals.progress.note")} inputProps={{ ...fields.note.input, type: "text", maxLength: GOAL_NOTE_MAX }} errors={fields.note.errors} />
            <div className="flex gap-2 sm:pt-6">
              <input type="hidden" name="intent" value={GOAL_PROGRESS_INTENT} />
              <SubmitButton name="direction" value="deposit" pending={direction === "deposit"} pendingLabel={t("budgets.goals.progress.saving")} disabled={posting}>
                {t("budgets.goals.progress.deposit")}
              </SubmitButton>
              <SubmitButton
                name="direction"
                value="withdraw"
                variant="secondary"
                pending={direction === "withdraw"}
                pendingLabel={t("budgets.goals.progress.saving")}
                disabled={posting || goal.savedMinor === 0}
              >
                {t("budgets.goals.progress.withdraw")}
              </SubmitButton>
            </div>
          </div>
        </fieldset>
      </Form>
    </details>
  );
}

/** The goal's entries, newest first, closed until opened (a details element: no JavaScript needed). */
function History({ goal }: { goal: GoalView }) {
  const { t, i18n } = useTranslation();
  return (
    <details className="mt-3">
      <summary className="inline-flex min-h-11 cursor-pointer items-center text-sm font-medium text-brand-700 sm:min-h-0 dark:text-blue-300">
        {t("budgets.goals.history.title", { count: goal.entries.length })}
      </summary>
      <ul className="mt-2 divide-y divide-slate-200 text-sm dark:divide-slate-800">
        {goal.entries.map((entry, index) => (
          <li key={entry.id} className="flex flex-wrap items-baseline justify-between gap-x-4 py-1.5">
            <span className="text-slate-600 dark:text-slate-300">{formatDate(dayToDate(entry.date), i18n.language)}</span>
            {entry.note ? (
              <span className="min-w-0 flex-1 break-words">{entry.note}</span>
            ) : (
              // Newest first: the last line is the oldest entry.
              <span className="min-w-0 flex-1 text-slate-600 italic dark:text-slate-300">
                {t(`budgets.goals.history.kind.${goalEntryKind(entry.amountMinor, index === goal.entries.length - 1)}`)}
              </span>
            )}
            <Money minor={entry.amountMinor} currency={goal.currency} sign="always" tone="signed" />
          </li>
        ))}
      </ul>
    </details>
  );
}
