import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useTranslation } from "~/locales/use-translation";
import { data, redirect } from "react-router";
import { requireActor } from "~/auth/guards.server";
import { Card } from "~/components/card";
import { Alert } from "~/components/forms";
import { PageHeader } from "~/components/page-header";
import { useFlashParam } from "~/components/use-flash-param";
import { saveManualRate, setCurrencyActive } from "~/features/rates/commands.server";
import { rateRefusals } from "~/features/rates/errors";
import { manualRateFormSchema } from "~/features/rates/schemas";
import { settingsIntents, staleAfterDays, toLatestRateRow, toRunView } from "~/features/rates/model";
import { findRatesOn, lastRefreshRuns, listCurrencies } from "~/features/rates/queries.server";
import { ratesRefreshOptions } from "~/env.server";
import { refreshRates } from "~/features/rates/jobs/refresh.server";
import { Currencies } from "~/features/rates/ui/currencies-table";
import { LatestRates } from "~/features/rates/ui/latest-rates";
import { ManualRateForm } from "~/features/rates/ui/manual-rate-form";
import { RefreshCard } from "~/features/rates/ui/refresh-card";
import { dayText, RawDetail, useReasonText } from "~/features/rates/ui/run-text";
import { isBaseCurrency, isCurrencyCode } from "~/money/currencies";
import { isoDay } from "~/calendar/days";
import { dbContext, envContext, languageContext } from "~/context.server";
import { withMessages } from "~/locales/messages.client";
import { routeMessages } from "~/locales/sections";
import { translatorFor } from "~/locales/server-translators";
import type { Route } from "./+types/settings";

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: loaderData?.title }];
}

// The admin layout's middleware has already refused everyone but superadmins, for loaders and actions alike.
// This page's messages beside the shell (locales/sections.ts), loaded before a client navigation renders it.
export const handle = routeMessages("settings");
export const clientLoader = ({ serverLoader }: Route.ClientLoaderArgs) => withMessages(handle, serverLoader());

export async function loader({ context }: Route.LoaderArgs) {
  const db = context.get(dbContext);
  const env = context.get(envContext);
  const today = isoDay();
  const [currencies, runs] = await Promise.all([listCurrencies(db, { activeOnly: false }), lastRefreshRuns(db)]);
  const active = currencies.filter((c) => c.isActive);
  const known = await findRatesOn(
    db,
    active.map((c) => c.code),
    today,
  );
  return {
    title: translatorFor(context).t("settings.metaTitle"),
    today,
    // Only the host: a provider URL may carry an API key in its path.
    providerHost: new URL(env.RATES_PROVIDER_URL).host,
    lastSuccess: runs.lastSuccess ? toRunView(runs.lastSuccess) : null,
    lastFailure: runs.lastFailure ? toRunView(runs.lastFailure) : null,
    rates: active.map((c) => toLatestRateRow(c, known.get(c.code), today, staleAfterDays(env))),
    currencies,
    manualCurrencies: active.filter((c) => !isBaseCurrency(c.code)).map((c) => ({ code: c.code, name: c.name })),
  };
}

type ActionResult = { intent: typeof settingsIntents.manualRate; result: SubmissionResult<string[]> };

export async function action({ request, context }: Route.ActionArgs) {
  const db = context.get(dbContext);
  const formData = await request.formData();
  const intent = formData.get("intent");

  if (intent === settingsIntents.refresh) {
    const outcome = await refreshRates(db, ratesRefreshOptions(context.get(envContext)));
    // The outcome itself is the latest run, which the page reads back.
    return redirect(`/admin/settings?refreshed=${outcome.ok ? "ok" : "failed"}`);
  }
  if (intent === settingsIntents.currencyStatus) {
    const code = String(formData.get("currencyCode") ?? "").trim().toUpperCase();
    const active = formData.get("active");
    if (!isCurrencyCode(code) || (active !== "1" && active !== "0")) throw data({ message: "Bad currency change" }, { status: 400 });
    const actor = requireActor(context, request);
    const outcome = await setCurrencyActive(db, actor, { code, isActive: active === "1" });
    if (outcome.kind !== "ok") {
      const { status, message } = rateRefusals[outcome.kind];
      throw data({ message: translatorFor(context).t(message, { code }) }, { status });
    }
    return redirect(`/admin/settings?currency=${code}#currencies`);
  }
  if (intent !== settingsIntents.manualRate) throw data({ message: `Unknown intent: ${String(intent)}` }, { status: 400 });

  const submission = parseWithZod(formData, { schema: manualRateFormSchema(context.get(languageContext)) });
  const refuse = (result: SubmissionResult<string[]>, status = 400) =>
    data<ActionResult>({ intent: settingsIntents.manualRate, result }, { status });
  if (submission.status !== "success") return refuse(submission.reply());
  let outcome;
  try {
    outcome = await saveManualRate(db, requireActor(context, request), submission.value);
  } catch (cause) {
    console.error("manual rate save failed", cause);
    return refuse(submission.reply({ formErrors: ["errors.internal"] }), 500);
  }
  if (outcome.kind !== "ok") {
    const { status, message, field = "currencyCode" } = rateRefusals[outcome.kind];
    return refuse(submission.reply({ fieldErrors: { [field]: [message] } }), status);
  }
  return redirect(`/admin/settings?saved=${outcome.rate.currencyCode}`);
}

export default function AdminSettings({ loaderData, actionData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const saved = useFlashParam("saved");
  const refreshed = useFlashParam("refreshed");
  const changedCode = useFlashParam("currency");
  const changed = loaderData.currencies.find((c) => c.code === changedCode);
  const { lastSuccess, lastFailure } = loaderData;
  const reasonText = useReasonText();
  return (
    <div className="space-y-6">
      <PageHeader back={{ to: "/admin", label: t("settings.back") }} title={t("settings.title")} subtitle={t("settings.subtitle")} />
      <div aria-live="polite" className="space-y-3 empty:hidden">
        {saved && isCurrencyCode(saved) ? <Alert tone="success">{t("settings.manual.saved", { code: saved })}</Alert> : null}
        {changed ? (
          <Alert tone="success">{t(changed.isActive ? "settings.currencies.activated" : "settings.currencies.deactivated", { code: changed.code })}</Alert>
        ) : null}
        {refreshed === "ok" && lastSuccess ? (
          <Alert tone="success">
            {t("settings.refresh.done", { written: lastSuccess.written, date: dayText(lastSuccess.date, i18n.language) })}
          </Alert>
        ) : null}
        {refreshed === "failed" && lastFailure ? (
          <Alert tone="error">
            {t("settings.refresh.failed", { reason: reasonText(lastFailure).text })}
            <RawDetail raw={reasonText(lastFailure).raw} />
          </Alert>
        ) : null}
      </div>
      <div className="grid gap-6 lg:grid-cols-5">
        <div className="space-y-6 lg:col-span-2">
          <RefreshCard providerHost={loaderData.providerHost} lastSuccess={lastSuccess} lastFailure={lastFailure} />
          <Card id="manual-rate" title={t("settings.manual.title")}>
            {/* Keyed by the last save so a successful one (a new page visit) starts from a fresh form. */}
            <ManualRateForm
              key={saved ?? "new"}
              currencies={loaderData.manualCurrencies}
              today={loaderData.today}
              lastResult={actionData?.intent === settingsIntents.manualRate ? actionData.result : undefined}
            />
          </Card>
        </div>
        <div className="space-y-6 lg:col-span-3">
          <LatestRates rates={loaderData.rates} />
          <Currencies currencies={loaderData.currencies} />
        </div>
      </div>
    </div>
  );
}
