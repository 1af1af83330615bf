import { Form, Link } from "react-router";
import { useTranslation } from "~/locales/use-translation";
import { dayToDate } from "~/calendar/days";
import { formatDate, formatDayMonth, formatWeekday } from "~/calendar/format";
import { useCategoryName } from "~/components/category-name";
import { CONFIRM_ANCHOR, ConfirmPanel } from "~/components/confirm-panel";
import { Money } from "~/components/money";
import { rowButtonClass, SubmitButton, useIsPending } from "~/components/forms";
import type { Translate } from "~/locales/translator";
import type { ScheduleView } from "./intents";
import { RECURRING_INTENTS } from "./intents";

// One schedule on /recurring: what it posts, how often in words, its next dates, its state
// (paused, or held for a rate) and its actions, each a POST form with an intent.

/** "Every month on the 31st", "Cada 2 semanas, el lunes": the rule in the reader's language. */
export function frequencyWords(t: Translate, locale: string, schedule: Pick<ScheduleView, "frequency" | "interval" | "startDate">): string {
  const start = dayToDate(schedule.startDate);
  const count = schedule.interval;
  if (schedule.frequency === "daily") return t("recurring.every.daily", { count });
  if (schedule.frequency === "weekly") return t("recurring.every.weekly", { count, weekday: formatWeekday(start, locale) });
  if (schedule.frequency === "yearly") return t("recurring.every.yearly", { count, date: formatDayMonth(start, locale) });
  const day = Number(schedule.startDate.slice(8, 10));
  const ordinal = t(`recurring.ordinal.${new Intl.PluralRules(locale, { type: "ordinal" }).select(day)}`, { day });
  return t("recurring.every.monthly", { count, day: ordinal });
}

function ActionForm({ id, children, hidden = {} }: { id: string; children: React.ReactNode; hidden?: Record<string, string> }) {
  return (
    <Form method="post" action="/recurring" preventScrollReset className="contents">
      <input type="hidden" name="id" value={id} />
      {Object.entries(hidden).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      {children}
    </Form>
  );
}

export function ScheduleCard({
  schedule,
  categories,
  confirming,
  error,
}: {
  schedule: ScheduleView;
  categories: readonly { id: string; name: string }[];
  confirming: boolean;
  error: string | null;
}) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const categoryName = useCategoryName();
  const category = categories.find((c) => c.id === schedule.categoryId);
  const day = (d: string) => formatDate(dayToDate(d), locale);
  const name = schedule.description;
  const pending = {
    skip: useIsPending({ intent: RECURRING_INTENTS.skip }),
    postNow: useIsPending({ intent: RECURRING_INTENTS.postNow }),
    pause: useIsPending({ intent: RECURRING_INTENTS.pause }),
    resume: useIsPending({ intent: RECURRING_INTENTS.resume }),
    delete: useIsPending({ intent: RECURRING_INTENTS.delete }),
  };
  const held = schedule.heldCurrency && schedule.nextDate ? { currency: schedule.heldCurrency, date: schedule.nextDate } : null;
  // A paused schedule offers Resume only (decision 033): no skip, no post now, no typed rate.
  const running = !schedule.paused;
  return (
    <article aria-labelledby={`recurring-${schedule.id}-name`} className="space-y-3">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h3 id={`recurring-${schedule.id}-name`} className="font-semibold break-words">
            {name}
            {schedule.paused ? (
              <span className="ml-2 rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900 dark:bg-amber-900 dark:text-amber-100">{t("recurring.card.paused")}</span>
            ) : null}
          </h3>
          <p className="text-sm text-slate-600 dark:text-slate-300">
            {category ? categoryName(category) : "—"} · {t(`money.types.${schedule.type}`)}
          </p>
        </div>
        <p className="text-right font-semibold tabular-nums">
          {schedule.payments.map((p) => (
            <span key={`${p.currencyCode}-${p.amount}`} className="block">
              <Money minor={p.amountMinor} currency={{ code: p.currencyCode, decimals: p.decimals }} tone={schedule.type === "INCOME" ? "income" : "expense"} />
            </span>
          ))}
        </p>
      </div>
      <p className="text-sm">
        {frequencyWords(t, locale, schedule)}
        {schedule.endDate ? ` · ${t("recurring.card.ends", { date: day(schedule.endDate) })}` : null}
        {schedule.occurrenceLimit ? ` · ${t("recurring.card.times", { count: schedule.occurrenceLimit })}` : null}
      </p>
      {schedule.nextDate ? (
        <div className="text-sm">
          <p>
            <span className="font-medium">{t("recurring.card.next")}:</span> {day(schedule.nextDate)}
          </p>
          <p className="font-medium">{t("recurring.card.upcoming")}:</p>
          <ol className="flex flex-wrap gap-x-3 gap-y-1 text-slate-700 dark:text-slate-200">
            {schedule.upcoming.map((d) => (
              <li key={d}>
                <time dateTime={d}>{day(d)}</time>
              </li>
            ))}
          </ol>
        </div>
      ) : (
        <p className="text-sm text-slate-600 dark:text-slate-300">{t("recurring.card.finished")}</p>
      )}
      {error ? (
        <p role="alert" className="text-sm text-red-700 dark:text-red-300">
          {error}
        </p>
      ) : null}
      {schedule.hold ? (
        <div role="status" className="space-y-1 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm dark:border-amber-800 dark:bg-amber-950">
          <p className="font-medium text-amber-900 dark:text-amber-100">
            {t("recurring.hold.title", { date: day(schedule.hold.date), reason: t(schedule.hold.message) })}
          </p>
          <p className="text-amber-900 dark:text-amber-100">{t("recurring.hold.fix")}</p>
        </div>
      ) : null}
      {held && running ? (
        <Form method="post" action="/recurring" preventScrollReset className="space-y-2 rounded-md border border-amber-300 bg-amber-50 p-3 dark:border-amber-800 dark:bg-amber-950">
          <p className="text-sm font-medium text-amber-900 dark:text-amber-100">{t("recurring.needsRate", { currency: held.currency, date: held.date })}</p>
          <input type="hidden" name="id" value={schedule.id} />
          <label className="block text-sm" htmlFor={`recurring-${schedule.id}-rate`}>
            {t("recurring.card.rateLabel", { currency: held.currency })}
          </label>
          <input
            id={`recurring-${schedule.id}-rate`}
            name={`rates.${held.currency}`}
            inputMode="decimal"
            required
            className="block min-h-11 w-full rounded-md border border-slate-300 bg-white px-3 py-2 sm:min-h-0 dark:border-slate-600 dark:bg-slate-900"
          />
          <SubmitButton name="intent" value={RECURRING_INTENTS.postNow} pending={pending.postNow} pendingLabel={t("recurring.actions.posting")}>
            {t("recurring.card.postWithRate")}
          </SubmitButton>
        </Form>
      ) : null}
      <div className="flex flex-wrap items-center gap-2">
        {schedule.nextDate && !held && running ? (
          <>
            <ActionForm id={schedule.id} hidden={{ date: schedule.nextDate }}>
              <button type="submit" name="intent" value={RECURRING_INTENTS.skip} disabled={pending.skip} aria-label={t("recurring.actions.skipLabel", { date: day(schedule.nextDate), name })} className={rowButtonClass.plain}>
                {pending.skip ? t("recurring.actions.skipping") : t("recurring.actions.skip")}
              </button>
            </ActionForm>
            <ActionForm id={schedule.id}>
              <button type="submit" name="intent" value={RECURRING_INTENTS.postNow} disabled={pending.postNow} aria-label={t("recurring.actions.postNowLabel", { name })} className={rowButtonClass.plain}>
                {pending.postNow ? t("recurring.actions.posting") : t("recurring.actions.postNow")}
              </button>
            </ActionForm>
          </>
        ) : null}
        {schedule.paused ? (
          <Form method="post" action="/recurring" preventScrollReset className="flex flex-wrap items-center gap-2">
            <input type="hidden" name="id" value={schedule.id} />
            <label className="flex min-h-11 items-center gap-2 text-sm sm:min-h-0">
              <input type="checkbox" name="backfill" className="h-4 w-4" />
              {t("recurring.actions.backfill")}
            </label>
            <button type="submit" name="intent" value={RECURRING_INTENTS.resume} disabled={pending.resume} aria-label={t("recurring.actions.resumeLabel", { name })} className={rowButtonClass.plain}>
              {pending.resume ? t("recurring.actions.resuming") : t("recurring.actions.resume")}
            </button>
          </Form>
        ) : (
          <ActionForm id={schedule.id}>
            <button type="submit" name="intent" value={RECURRING_INTENTS.pause} disabled={pending.pause} aria-label={t("recurring.actions.pauseLabel", { name })} className={rowButtonClass.plain}>
              {pending.pause ? t("recurring.actions.pausing") : t("recurring.actions.pause")}
            </button>
          </ActionForm>
        )}
        <Link to={`/recurring?edit=${schedule.id}#recurring-${schedule.id}`} preventScrollReset aria-label={t("recurring.actions.editLabel", { name })} className={rowButtonClass.plain}>
          {t("recurring.actions.edit")}
        </Link>
        <Link to={`/recurring?delete=${schedule.id}#${CONFIRM_ANCHOR}`} preventScrollReset aria-label={t("recurring.actions.deleteLabel", { name })} className={rowButtonClass.danger}>
          {t("recurring.actions.delete")}
        </Link>
      </div>
      {confirming ? (
        <ConfirmPanel
          question={t("recurring.confirmDelete.question", { name })}
          detail={t("recurring.confirmDelete.detail")}
          action="/recurring"
          hidden={{ intent: RECURRING_INTENTS.delete, id: schedule.id }}
          pending={pending.delete}
          cancelTo="/recurring"
        />
      ) : null}
    </article>
  );
}
