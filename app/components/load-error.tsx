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
    <section role="alert" className={`mx-auto max-w-lg p-6 text-center ${cardClass}`}>
      <h1 className="text-2xl font-semibold">{t(badRequest ? "common.error.badRequestTitle" : titleKey)}</h1>
      <p className="mt-2 text-slate-600 dark:text-slate-300">
        {t(forbidden ? "common.error.forbidden" : badRequest ? "common.error.badRequestBody" : "common.error.body")}
      </p>
      <Link to={`${location.pathname}${location.search}`} reloadDocument className={`${buttonClass.primary} mt-4`}>
        {t("common.error.retry")}
      </Link>
    </section>
  );
}
