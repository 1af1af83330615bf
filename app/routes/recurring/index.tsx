import { Link, useLocation, useNavigation, useSearchParams } from "react-router";
import { useTranslation } from "~/locales/use-translation";
import { requireActor, requireSession } from "~/auth/guards.server";
import { Card } from "~/components/card";
import { ITEM_PARAM, itemAnchor, LANDING_PARAMS, LandedBanner, ListErrors, useEditableList } from "~/components/editable-list";
import { Alert, buttonClass, LoadingNote } from "~/components/forms";
import { LoadError } from "~/components/load-error";
import { PageHeader } from "~/components/page-header";
import { useFlashParam } from "~/components/use-flash-param";
import { loadRecurringPage, recurringAction } from "~/features/recurring/page.server";
import { RECURRING_ANCHORS, RECURRING_INTENTS, SAVED_MESSAGES } from "~/features/recurring/ui/intents";
import { ScheduleCard } from "~/features/recurring/ui/schedule-card";
import { ScheduleForm } from "~/features/recurring/ui/schedule-form";
import { userToday } from "~/calendar/time-zones";
import { dbContext } from "~/context.server";
import { withMessages } from "~/locales/messages.client";
import { routeMessages } from "~/locales/sections";
import { translatorFor } from "~/locales/server-translators";
import type { Route } from "./+types/index";

// Recurring transactions (issue 24): the user's schedules with their next dates, and their
// create and edit forms and actions. Every mode is a state of the URL (?new, ?new&from=<a
// transaction id>, ?edit=id, ?delete=id) or of the action's answer, so the page works without
// JavaScript. The loader posts what is due first (the user's catch-up), as /dashboard does.

// The form reuses the transaction form's field labels (transactionForm.*).
export const handle = routeMessages("recurring", "transactionForm");
export const clientLoader = ({ serverLoader }: Route.ClientLoaderArgs) => withMessages(handle, serverLoader());

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: loaderData?.title }];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const session = requireSession(context);
  const page = await loadRecurringPage(context.get(dbContext), session.user.id, userToday(session.user), new URL(request.url).searchParams);
  return { title: translatorFor(context).t("recurring.metaTitle"), ...page };
}

export async function action({ request, context }: Route.ActionArgs) {
  const actor = requireActor(context, request);
  return recurringAction(context.get(dbContext), actor, await request.formData());
}

type Answer = { intent?: string; id?: string; error?: string; values?: Record<string, string> };

export default function Recurring({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { schedules, categories, tags, currencies, today, modes, prefill } = loaderData;
  const navigation = useNavigation();
  const list = useEditableList(actionData, schedules, modes.editId, RECURRING_INTENTS);
  const saved = useFlashParam("saved", LANDING_PARAMS);
  const [searchParams] = useSearchParams();
  const visit = useLocation().key;
  const answer = actionData as Answer | undefined;
  // An action's refusal that is not a form's (skip, post now, pause, resume): on its card, or at the top when it has none.
  const actionError = answer?.error && answer.intent !== RECURRING_INTENTS.delete && !("op" in (answer as object)) ? { id: answer.id, message: t(answer.error, answer.values) } : null;
  const creating = modes.creating || Boolean(list.createResult);
  const loading = navigation.state === "loading" && navigation.location.pathname === "/recurring";
  const message = saved && SAVED_MESSAGES[saved] ? t(SAVED_MESSAGES[saved]) : null;
  const item = searchParams.get(ITEM_PARAM);
  const landedId = message && item && schedules.some((s) => s.id === item) ? item : null;
  const choices = { categories, tags, currencies, today };
  const newHref = "/recurring?new";
  return (
    <div className="space-y-6">
      <PageHeader
        title={t("recurring.title")}
        subtitle={t("recurring.subtitle")}
        actions={
          creating ? null : (
            <Link to={newHref} preventScrollReset className={buttonClass.primary}>
              <span aria-hidden="true">+</span>
              {t("recurring.newSchedule")}
            </Link>
          )
        }
      />
      <ListErrors deleteError={list.deleteError} rowlessError={list.rowlessError} />
      {actionError && !schedules.some((s) => s.id === actionError.id) ? (
        <Alert tone="error" focusFor={answer}>
          {actionError.message}
        </Alert>
      ) : null}
      {creating ? (
        <Card id="recurring-new-heading" title={t("recurring.form.createTitle")}>
          <ScheduleForm mode="create" draft={prefill} choices={choices} lastResult={list.createResult} />
        </Card>
      ) : null}
      <Card
        id={RECURRING_ANCHORS.list}
        title={t("recurring.count", { count: schedules.length })}
        flush
        titleSize="base"
        busy={loading}
        actions={loading ? <LoadingNote>{t("recurring.loading")}</LoadingNote> : null}
      >
        {message && !landedId ? (
          <div className="px-4 pt-4">
            <Alert tone="success" focusFor={visit}>
              {message}
            </Alert>
          </div>
        ) : null}
        {schedules.length === 0 ? (
          <div className="px-4 py-10 text-center">
            <p className="font-semibold">{t("recurring.empty.title")}</p>
            <p className="mt-1 text-slate-600 dark:text-slate-300">{t("recurring.empty.text")}</p>
            {creating ? null : (
              <Link to={newHref} preventScrollReset className={`${buttonClass.primary} mt-4`}>
                {t("recurring.empty.action")}
              </Link>
            )}
          </div>
        ) : (
          <ul className={`divide-y divide-slate-200 dark:divide-slate-800 ${loading ? "opacity-60" : ""}`}>
            {schedules.map((schedule) => (
              <li key={schedule.id} id={itemAnchor(RECURRING_ANCHORS.item, schedule.id)} className="scroll-mt-4 px-4 py-4">
                <LandedBanner message={landedId === schedule.id ? message : null} className="mb-3" />
                {list.editing === schedule.id ? (
                  <ScheduleForm mode="edit" schedule={schedule} choices={choices} lastResult={list.updateResult} />
                ) : (
                  <ScheduleCard
                    schedule={schedule}
                    categories={categories}
                    confirming={modes.deleteId === schedule.id}
                    error={actionError?.id === schedule.id ? actionError.message : null}
                  />
                )}
              </li>
            ))}
          </ul>
        )}
      </Card>
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <LoadError error={error} titleKey="errors.failedToLoadRecurring" />;
}
