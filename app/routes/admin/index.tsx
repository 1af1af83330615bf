import { useTranslation } from "~/locales/use-translation";
import { Link } from "react-router";
import { Card, cardClass } from "~/components/card";
import { PageHeader } from "~/components/page-header";
import { withMessages } from "~/locales/messages.client";
import { routeMessages } from "~/locales/sections";
import { translatorFor } from "~/locales/server-translators";
import type { Route } from "./+types/index";

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: loaderData?.title }];
}

// The admin layout's middleware has already refused everyone but superadmins.
// This page's messages beside the shell (locales/sections.ts), loaded before a client navigation renders it.
export const handle = routeMessages("admin");
export const clientLoader = ({ serverLoader }: Route.ClientLoaderArgs) => withMessages(handle, serverLoader());

export function loader({ context }: Route.LoaderArgs) {
  return { title: translatorFor(context).t("admin.dashboard.metaTitle") };
}

export default function AdminDashboard() {
  const { t } = useTranslation();
  const cards = [
    { key: "userManagement", to: "/admin/users", icon: <UsersIcon /> },
    { key: "systemSettings", to: "/admin/settings", icon: <SettingsIcon /> },
  ] as const;
  return (
    <div className="space-y-6">
      <PageHeader title={t("admin.dashboard.title")} subtitle={t("admin.dashboard.subtitle")} />
      <ul className="grid gap-4 sm:grid-cols-2">
        {cards.map((card) => (
          <li key={card.key}>
            <Link
              to={card.to}
              className={`group flex h-full items-start gap-4 p-5 ${cardClass} hover:border-brand-500 hover:shadow-md focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:ring-offset-2 dark:hover:border-blue-400 dark:focus-visible:ring-offset-slate-950`}
            >
              <span className="flex h-10 w-10 shrink-0 items-center justify-center rounded-lg bg-brand-50 text-brand-700 dark:bg-slate-800 dark:text-blue-300">
                {card.icon}
              </span>
              <span className="min-w-0">
                <span className="block text-lg font-semibold">{t(`admin.dashboard.${card.key}.title`)}</span>
                <span className="mt-1 block text-sm text-slate-600 dark:text-slate-300">
                  {t(`admin.dashboard.${card.key}.description`)}
                </span>
                <span className="mt-3 inline-block text-sm font-semibold text-brand-700 group-hover:underline dark:text-blue-300">
                  {t(`admin.dashboard.${card.key}.open`)} <span aria-hidden="true">→</span>
                </span>
              </span>
            </Link>
          </li>
        ))}
      </ul>
      <Card id="admin-activity" title={t("admin.dashboard.recentActivity.title")}>
        <p className="text-sm text-slate-600 dark:text-slate-300">{t("admin.dashboard.recentActivity.note")}</p>
      </Card>
    </div>
  );
}

function UsersIcon() {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" className="h-6 w-6" fill="none" stroke="currentColor" strokeWidth="2">
      <path d="M16 21v-2a4 4 0 0 0-4-4H6a4 4 0 0 0-4 4v2" strokeLinecap="round" strokeLinejoin="round" />
      <circle cx="9" cy="7" r="4" />
      <path d="M22 21v-2a4 4 0 0 0-3-3.87M16 3.13a4 4 0 0 1 0 7.75" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

function SettingsIcon() {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" className="h-6 w-6" fill="none" stroke="currentColor" strokeWidth="2">
      <circle cx="12" cy="12" r="3" />
      <path
        d="M19.4 15a1.65 1.65 0 0 0 .33 1.82l.06.06a2 2 0 1 1-2.83 2.83l-.06-.06a1.65 1.65 0 0 0-1.82-.33 1.65 1.65 0 0 0-1 1.51V21a2 2 0 1 1-4 0v-.09A1.65 1.65 0 0 0 9 19.4a1.65 1.65 0 0 0-1.82.33l-.06.06a2 2 0 1 1-2.83-2.83l.06-.06A1.65 1.65 0 0 0 4.68 15a1.65 1.65 0 0 0-1.51-1H3a2 2 0 1 1 0-4h.09A1.65 1.65 0 0 0 4.6 9a1.65 1.65 0 0 0-.33-1.82l-.06-.06a2 2 0 1 1 2.83-2.83l.06.06A1.65 1.65 0 0 0 9 4.68a1.65 1.65 0 0 0 1-1.51V3a2 2 0 1 1 4 0v.09a1.65 1.65 0 0 0 1 1.51 1.65 1.65 0 0 0 1.82-.33l.06-.06a2 2 0 1 1 2.83 2.83l-.06.06A1.65 1.65 0 0 0 19.4 9a1.65 1.65 0 0 0 1.51 1H21a2 2 0 1 1 0 4h-.09a1.65 1.65 0 0 0-1.51 1z"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}
