import { useTranslation } from "~/locales/use-translation";
import { useNavigation, useRevalidator } from "react-router";
import { Spinner } from "~/components/forms";
import { Card } from "~/components/card";
import type { ActivityEntry } from "~/features/accounts/model";
import { formatDateTime } from "~/calendar/format";
import { activityText } from "./activity-text";

export function ActivityCard({ activity }: { activity: ActivityEntry[] }) {
  const { t, i18n } = useTranslation();
  const navigation = useNavigation();
  const revalidator = useRevalidator();
  // With JavaScript the list is reloaded after each change made on this page.
  const loading =
    revalidator.state === "loading" ||
    (navigation.state !== "idle" &&
      navigation.formMethod?.toUpperCase() === "POST" &&
      (navigation.formAction?.startsWith("/profile") ?? false));
  return (
    <Card id="recent-activity" title={t("profile.activity.title")}>
      <div aria-busy={loading || undefined} aria-live="polite">
        {loading ? (
          <p className="mb-3 flex items-center gap-2 text-sm text-slate-600 dark:text-slate-300">
            <Spinner />
            {t("profile.activity.loading")}
          </p>
        ) : null}
        {activity.length === 0 ? (
          <p className="text-sm text-slate-600 dark:text-slate-300">{t("profile.activity.empty")}</p>
        ) : (
          <ul className={`divide-y divide-slate-200 dark:divide-slate-800 ${loading ? "opacity-60" : ""}`}>
            {activity.map((entry) => {
              const at = new Date(entry.timestamp);
              const { title, line: description } = activityText(entry, t, i18n.language);
              return (
                <li key={entry.id} className="py-3 first:pt-0 last:pb-0">
                  <div className="flex flex-wrap items-baseline justify-between gap-x-3">
                    <p className="font-medium">{title}</p>
                    <time dateTime={at.toISOString()} className="text-xs text-slate-600 dark:text-slate-300">
                      {formatDateTime(at, i18n.language)}
                    </time>
                  </div>
                  {description ? <p className="text-sm text-slate-700 dark:text-slate-200">{description}</p> : null}
                  {entry.ipAddress ? (
                    <p className="break-all text-xs text-slate-600 dark:text-slate-300">
                      {t("profile.activity.ip", { ip: entry.ipAddress })}
                    </p>
                  ) : null}
                </li>
              );
            })}
          </ul>
        )}
      </div>
    </Card>
  );
}
