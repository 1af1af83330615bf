import { useTranslation } from "~/locales/use-translation";

/** Spec section 6: "Administrator" (profile, menu) or "Admin" (dashboard) for superadmins, "User" otherwise. */
export function RoleBadge({ isAdmin, short = false }: { isAdmin: boolean; short?: boolean }) {
  const { t } = useTranslation();
  const label = isAdmin ? (short ? t("common.roles.admin") : t("common.roles.administrator")) : t("common.roles.user");
  return (
    <span
      className={`inline-flex items-center rounded-full px-2 py-0.5 text-xs font-semibold ${
        isAdmin
          ? "bg-purple-100 text-purple-800 dark:bg-purple-900/60 dark:text-purple-200"
          : "bg-slate-200 text-slate-800 dark:bg-slate-700 dark:text-slate-100"
      }`}
    >
      {label}
    </span>
  );
}
