import { useTranslation } from "~/locales/use-translation";
import { Form } from "react-router";
import { Card } from "~/components/card";
import { SubmitButton, useIsPending } from "~/components/forms";
import type { RunView } from "~/features/rates/model";
import { settingsIntents } from "~/features/rates/model";
import { dayText, InstantText, RawDetail, useReasonText } from "./run-text";

/** The provider, the schedule, the last good and bad runs, and "Refresh now". */
export function RefreshCard({
  providerHost,
  lastSuccess,
  lastFailure,
}: {
  providerHost: string;
  lastSuccess: RunView | null;
  lastFailure: RunView | null;
}) {
  const { t, i18n } = useTranslation();
  const pending = useIsPending({ intent: settingsIntents.refresh });
  const reasonText = useReasonText();
  const dt = "text-sm font-medium text-slate-600 dark:text-slate-300";
  const dd = "mt-0.5 text-sm";
  return (
    <Card id="rate-refresh" title={t("settings.refresh.title")}>
      <dl className="grid gap-4 sm:grid-cols-2">
        <div>
          <dt className={dt}>{t("settings.refresh.provider")}</dt>
          <dd className={`${dd} break-all font-mono`}>{providerHost}</dd>
        </div>
        <div>
          <dt className={dt}>{t("settings.refresh.schedule")}</dt>
          <dd className={dd}>{t("settings.refresh.scheduleValue")}</dd>
        </div>
        <div>
          <dt className={dt}>{t("settings.refresh.lastSuccess")}</dt>
          <dd className={dd} data-testid="last-success">
            {lastSuccess ? (
              <>
                <InstantText iso={lastSuccess.ranAt} />
                <span className="block text-slate-600 dark:text-slate-300">
                  {t("settings.refresh.successDetail", {
                    written: lastSuccess.written,
                    date: dayText(lastSuccess.date, i18n.language),
                  })}
                </span>
              </>
            ) : (
              t("settings.refresh.never")
            )}
          </dd>
        </div>
        <div>
          <dt className={dt}>{t("settings.refresh.lastFailure")}</dt>
          <dd className={dd} data-testid="last-failure">
            {lastFailure ? (
              <>
                <InstantText iso={lastFailure.ranAt} />
                <span className="block text-red-700 dark:text-red-300">{reasonText(lastFailure).text}</span>
                <RawDetail raw={reasonText(lastFailure).raw} />
              </>
            ) : (
              t("settings.refresh.never")
            )}
          </dd>
        </div>
      </dl>
      <p className="mt-4 text-sm text-slate-600 dark:text-slate-300">{t("settings.refresh.note")}</p>
      <Form method="post" className="mt-4">
        <SubmitButton name="intent" value={settingsIntents.refresh} pending={pending} pendingLabel={t("settings.refresh.running")} variant="secondary">
          {t("settings.refresh.button")}
        </SubmitButton>
      </Form>
    </Card>
  );
}
