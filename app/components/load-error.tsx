import type { ReactNode } from "react";
import { useTranslation } from "~/locales/use-translation";
import { isRouteErrorResponse, Link, useLocation } from "react-router";
import { cardClass } from "./card";
import { buttonClass } from "./forms";

/**
 * A page's error boundary when its data could not be read (spec section 8: 'Failed to load
 * transactions', …). It stays inside the app's layout, so the navigation remains, and offers
 * the same address again: a failed read changes nothing, so retrying is safe.
 */
export function LoadError({ error, titleKey }: { error: unknown; titleKey: string }) {
  const { t } = useTranslation();
  const location = useLocation();
  if (!isRouteErrorResponse(error) && import.meta.env.DEV) console.error(error);
  const forbidden = isRouteErrorResponse(error) && error.status === 403;
  // A post the page does not understand (an unknown intent) read nothing: "Failed to load" would mislead.
  const badRequest = isRouteErrorResponse(error) && error.status === 400;
  return (
    <MessageCard
      alert
      title={t(badRequest ? "common.error.badRequestTitle" : titleKey)}
      body={t(forbidden ? "common.error.forbidden" : badRequest ? "common.error.badRequestBody" : "common.error.body")}
    >
      <Link to={`${location.pathname}${location.search}`} reloadDocument className={`${buttonClass.primary} mt-4`}>
        {t("common.error.retry")}
      </Link>
    </MessageCard>
  );
}

/** A page that is only a message (it could not be read, or there is nothing at this address): its title, why, and the way on. */
export function MessageCard({ title, body, alert = false, children }: { title: string; body: string; alert?: boolean; children: ReactNode }) {
  return (
    <section role={alert ? "alert" : undefined} className={`mx-auto max-w-lg p-6 text-center ${cardClass}`}>
      <h1 className="text-2xl font-semibold">{title}</h1>
      <p className="mt-2 text-slate-600 dark:text-slate-300">{body}</p>
      {children}
    </section>
  );
}
