import type { ReactNode } from "react";
import { Form, Link } from "react-router";
import { Card } from "~/components/card";
import { SubmitButton, useIsPending } from "~/components/forms";
import { useTranslation } from "~/locales/use-translation";
import type { ChecklistItem } from "~/features/dashboard/model";

/** The dashboard form's intent that hides the checklist for good. */
export const DISMISS_CHECKLIST = "dismiss-checklist";

const linkClass =
  "inline-flex min-h-11 items-center text-sm font-medium text-brand-700 underline-offset-4 hover:underline focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-500 sm:min-h-0 dark:text-blue-300";

/**
 * Issue 27: a new user's first steps at the top of the dashboard. Each step ticks itself when it
 * is done (the loader reads the facts); a done step keeps its line, struck through, so the list
 * does not jump. "Hide this list" is a plain POST, with or without JavaScript, and it does not return.
 * `extra`: what the route adds under the steps (another feature's offer: "Explore with sample data").
 */
export function FirstRunChecklist({ items, currencies, extra }: { items: readonly ChecklistItem[]; currencies: readonly string[]; extra?: ReactNode }) {
  const { t } = useTranslation();
  const dismissing = useIsPending({ intent: DISMISS_CHECKLIST });
  const done = items.filter((item) => item.done).length;
  return (
    <Card id="first-run" title={t("dashboard.checklist.title")}>
      <p className="-mt-2 text-sm text-slate-600 dark:text-slate-300">
        {t("dashboard.checklist.intro")} <span className="font-medium text-slate-800 dark:text-slate-100">{t("dashboard.checklist.progress", { done, total: items.length })}</span>
      </p>
      <ol className="mt-3 divide-y divide-slate-200 dark:divide-slate-800">
        {items.map((item) => (
          <li key={item.key} className="flex flex-wrap items-center gap-x-3 gap-y-1 py-2">
            <span
              aria-hidden="true"
              className={`inline-flex h-6 w-6 shrink-0 items-center justify-center rounded-full border text-xs font-bold ${
                item.done ? "border-emerald-700 bg-emerald-700 text-white dark:border-emerald-400 dark:bg-emerald-400 dark:text-slate-950" : "border-slate-400 dark:border-slate-500"
              }`}
            >
              {item.done ? "✓" : ""}
            </span>
            <span className={`min-w-0 flex-1 text-sm ${item.done ? "text-slate-600 line-through dark:text-slate-300" : "font-medium"}`}>
              {t(`dashboard.checklist.items.${item.key}.label`)}
              {item.done ? <span className="sr-only">{` (${t("dashboard.checklist.done")})`}</span> : null}
              {item.key === "currencies" ? (
                <span className="block text-xs font-normal text-slate-600 no-underline dark:text-slate-300">
                  {currencies.length > 0 ? t("dashboard.checklist.items.currencies.used", { codes: currencies.join(", ") }) : t("dashboard.checklist.items.currencies.none")}
                </span>
              ) : null}
            </span>
            {item.done && item.key !== "currencies" ? null : (
              <Link to={item.href} className={linkClass}>
                {t(`dashboard.checklist.items.${item.key}.action`)}
              </Link>
            )}
          </li>
        ))}
      </ol>
      {extra}
      <Form method="post" className="mt-3 flex flex-wrap items-center justify-between gap-3 border-t border-slate-200 pt-3 dark:border-slate-800">
        <p className="text-sm text-slate-600 dark:text-slate-300">{done === items.length ? t("dashboard.checklist.allDone") : null}</p>
        <SubmitButton name="intent" value={DISMISS_CHECKLIST} variant="secondary" pending={dismissing} pendingLabel={t("dashboard.checklist.dismissing")}>
          {t("dashboard.checklist.dismiss")}
        </SubmitButton>
      </Form>
    </Card>
  );
}
