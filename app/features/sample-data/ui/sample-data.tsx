import { Form, Link } from "react-router";
import { DisclosureMarker } from "~/components/disclosure-marker";
import { buttonClass, SubmitButton, useIsPending } from "~/components/forms";
import { isLanguage } from "~/locales/languages";
import { useTranslation } from "~/locales/use-translation";
import { SAMPLE_TAG_NAME } from "../model";

/** The dashboard's intents that add and remove sample data (issue 27, decision 040). */
export const ADD_SAMPLE_DATA = "sample-add";
export const REMOVE_SAMPLE_DATA = "sample-remove";

/** The sample's tag as the reader's language names it. */
function useSampleTagName() {
  const { i18n } = useTranslation();
  return SAMPLE_TAG_NAME[isLanguage(i18n.language) ? i18n.language : "en"];
}

/**
 * "Explore with sample data" in the first-run checklist, for a user with no transactions yet: a
 * plain POST to the dashboard, with or without JavaScript, its button busy while it runs.
 */
export function ExploreSampleData() {
  const { t } = useTranslation();
  const adding = useIsPending({ intent: ADD_SAMPLE_DATA });
  return (
    <Form method="post" action="/dashboard" className="mt-3 rounded-lg border border-dashed border-slate-300 p-3 dark:border-slate-700">
      <p className="text-sm font-semibold">{t("dashboard.sampleData.offerTitle")}</p>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">{t("dashboard.sampleData.offer")}</p>
      <SubmitButton name="intent" value={ADD_SAMPLE_DATA} variant="secondary" className="mt-3" pending={adding} pendingLabel={t("dashboard.sampleData.exploring")}>
        {t("dashboard.sampleData.explore")}
      </SubmitButton>
    </Form>
  );
}

/**
 * The dashboard's banner while the user explores sample data, until it is removed. "Remove sample
 * data" opens its confirmation (a <details>, so it works without JavaScript), which says what goes:
 * the sample transactions, budget and goal, edited ones too; the user's own records stay.
 */
export function SampleDataBanner() {
  const { t } = useTranslation();
  const removing = useIsPending({ intent: REMOVE_SAMPLE_DATA });
  return (
    <section
      aria-labelledby="sample-data-title"
      className="rounded-xl border border-amber-300 bg-amber-50 p-4 text-amber-950 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100"
    >
      <h2 id="sample-data-title" className="font-semibold">
        {t("dashboard.sampleData.bannerTitle")}
      </h2>
      <p className="mt-1 text-sm">{t("dashboard.sampleData.banner", { tag: useSampleTagName() })}</p>
      <details className="group mt-3">
        <summary className={`${buttonClass.dangerOutline} cursor-pointer list-none`}>
          <DisclosureMarker />
          {t("dashboard.sampleData.remove")}
        </summary>
        <Form method="post" action="/dashboard" className="mt-3 space-y-3">
          <p className="text-sm">{t("dashboard.sampleData.confirm")}</p>
          <SubmitButton name="intent" value={REMOVE_SAMPLE_DATA} variant="danger" pending={removing} pendingLabel={t("dashboard.sampleData.removing")}>
            {t("dashboard.sampleData.confirmRemove")}
          </SubmitButton>
        </Form>
      </details>
    </section>
  );
}

/** On /expenses while the user explores sample data: which rows are samples, and where to remove them. */
export function SampleDataNotice() {
  const { t } = useTranslation();
  return (
    <p className="rounded-lg border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-950 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100">
      {t("transactions.sampleNotice", { tag: useSampleTagName() })}{" "}
      <Link to="/dashboard#sample-data-title" className="font-medium underline underline-offset-4">
        {t("transactions.sampleNoticeAction")}
      </Link>
    </p>
  );
}
