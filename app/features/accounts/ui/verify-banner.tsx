import { Form } from "react-router";
import { useIsPending } from "~/components/forms";
import { useTranslation } from "~/locales/use-translation";

/** The dashboard's intents for the banner (its action switches on them). */
export const RESEND_VERIFICATION = "resend-verification";
export const DISMISS_VERIFICATION = "dismiss-verification";

/**
 * Until the address is verified (issue 25): a reminder at the top of the dashboard, drawn by the
 * server with the page (so it never pushes the page down after it loads), with "Send again" and
 * a dismiss button. Both are form POSTs, so they work without JavaScript. Its text wraps and its
 * buttons stay 44 px high at 390 px.
 */
export function VerifyBanner({ email, notice }: { email: string; notice: string | null }) {
  const { t } = useTranslation();
  const sending = useIsPending({ intent: RESEND_VERIFICATION });
  return (
    <section
      aria-label={t("dashboard.verifyBanner.label")}
      className="flex flex-col gap-2 rounded-md border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-900 sm:flex-row sm:items-center sm:justify-between dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100"
    >
      <div className="min-w-0 break-words">
        <p>{t("dashboard.verifyBanner.text", { email })}</p>
        {notice ? (
          <p role="status" className="mt-1 font-semibold">
            {notice}
          </p>
        ) : null}
      </div>
      <Form method="post" action="/dashboard" className="flex shrink-0 items-center gap-2">
        <button
          type="submit"
          name="intent"
          value={RESEND_VERIFICATION}
          disabled={sending}
          className="inline-flex min-h-11 items-center rounded-md border border-amber-400 bg-white px-3 font-semibold hover:bg-amber-100 focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-500 dark:border-amber-600 dark:bg-slate-900 dark:hover:bg-slate-800"
        >
          {sending ? t("dashboard.verifyBanner.sending") : t("dashboard.verifyBanner.sendAgain")}
        </button>
        <button
          type="submit"
          name="intent"
          value={DISMISS_VERIFICATION}
          aria-label={t("dashboard.verifyBanner.dismissLabel")}
          className="inline-flex min-h-11 items-center rounded-md px-3 font-semibold underline-offset-2 hover:underline focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-500"
        >
          {t("dashboard.verifyBanner.dismiss")}
        </button>
      </Form>
    </section>
  );
}
