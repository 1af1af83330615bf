import { useTranslation } from "~/locales/use-translation";
import { failureDetail, type RunView } from "~/features/rates/model";
import { dayToDate } from "~/calendar/days";
import { formatDate, formatDateTime } from "~/calendar/format";

/**
 * A failed run's reason in the user's language, with a known detail (a status, currency codes)
 * after it (rates/model.ts failureDetail); `raw` is what is left untranslated, for RawDetail.
 */
export function useReasonText() {
  const { t } = useTranslation();
  return (run: RunView): { text: string; raw: string | null } => {
    const reason = run.reason ?? "unknown";
    const detail = failureDetail(reason, run.detail);
    const text = t(detail.tooLarge ? "settings.refresh.reasons.tooLarge" : `settings.refresh.reasons.${reason}`);
    return { text: detail.inline ? `${text} (${detail.inline})` : text, raw: detail.raw };
  };
}

/** The untranslated part of a failure, as secondary text for whoever debugs it: never the sentence itself. */
export function RawDetail({ raw }: { raw: string | null }) {
  const { t } = useTranslation();
  if (!raw) return null;
  return (
    <span className="mt-1 block text-xs font-normal text-slate-600 dark:text-slate-300">
      {t("settings.refresh.technicalDetail")}{" "}
      <code lang="en" className="break-all">
        {raw}
      </code>
    </span>
  );
}

export function InstantText({ iso }: { iso: string }) {
  const { i18n } = useTranslation();
  return <time dateTime={iso}>{formatDateTime(new Date(iso), i18n.language)}</time>;
}

/** A yyyy-MM-dd day in the user's language. */
export function dayText(day: string | null, language: string) {
  return day ? formatDate(dayToDate(day), language) : "";
}

export function DayTime({ day }: { day: string | null }) {
  const { i18n } = useTranslation();
  return day ? <time dateTime={day}>{dayText(day, i18n.language)}</time> : null;
}
