import { useTranslation } from "~/locales/use-translation";
import { useNavigation, useRevalidator } from "react-router";
import { Spinner } from "~/components/forms";
import { Card } from "~/components/card";
import type { ActivityEntry } from "~/features/accounts/model";
import { formatDateTime } from "~/money/dates";

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
              const description = describe(entry.description, t);
              return (
                <li key={entry.id} className="py-3 first:pt-0 last:pb-0">
                  <div className="flex flex-wrap items-baseline justify-between gap-x-3">
                    <p className="font-medium">
                      {t(`profile.activity.actions.${entry.action}`, { defaultValue: entry.action })}
                    </p>
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

// The log stores English descriptions (features/accounts/commands.server.ts). Those that only repeat the
// action's label are not shown twice; the others are shown in the user's language when known.
const storedDescriptions = new Map<string, string | null>([
  ["Account created", null],
  ["Signed in", null],
  ["Signed out", null],
  ["Profile updated", null],
  ["Password changed", null],
  ["Failed sign-in attempt", "failedSignIn"],
  ["Sign-in attempt on a deactivated account", "deactivatedSignIn"],
  ["Profile updated by an administrator", "profileUpdatedByAdmin"],
  ["Role changed to superadmin", "roleChangedToSuperadmin"],
  ["Role changed to user", "roleChangedToUser"],
  ["Account deactivated by an administrator", "deactivatedByAdmin"],
  ["Account reactivated by an administrator", "reactivatedByAdmin"],
  ["Sign-in unlocked by an administrator", "unlockedByAdmin"],
]);

function describe(stored: string, t: (key: string) => string) {
  const key = storedDescriptions.get(stored);
  if (key === undefined) return stored;
  return key === null ? null : t(`profile.activity.descriptions.${key}`);
}
