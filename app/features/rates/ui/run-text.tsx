import { useTranslation } from "~/locales/use-translation";
import type { RunView } from "~/features/rates/model";
import { dayToDate } from "~/calendar/days";
import { formatDate, formatDateTime } from "~/calendar/format";

/** A failed run's reason in the user's language, with the technical detail (a status, currency codes) after it. */
export function useReasonText() {
  const { t } = useTranslation();
  return (run: RunView) => {
    const text = t(`settings.refresh.reasons.${run.reason ?? "unknown"}`);
    return run.detail ? `${text} (${run.detail})` : text;
  };
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
