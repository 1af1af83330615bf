import { getFormProps, getInputProps, getSelectProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useTranslation } from "react-i18next";
import { data, Form, redirect, useNavigation } from "react-router";
import { clientIp } from "~/auth/client-ip.server";
import { requireSession } from "~/auth/guards.server";
import { Card } from "~/components/card";
import { Alert, buttonClass, ErrorList, Field, inputClass, Spinner, SubmitButton, useIsPending } from "~/components/forms";
import { PageHeader } from "~/components/page-header";
import { TableHead } from "~/components/table";
import { useFlashParam } from "~/components/use-flash-param";
import { findCurrency, listCurrencies, setCurrencyActive } from "~/features/rates/currencies.server";
import { findRatesOn, lastRefreshRuns, saveManualRate, type RefreshRun } from "~/features/rates/commands.server";
import { formatDate, formatDateTime } from "~/money/dates";
import { dayToDate, decodeFailure, formatRate, isoDay, manualRateSchema, rateAgeDays, staleRateAge } from "~/features/rates/model";
import { dbContext, envContext } from "~/context.server";
import { getInstance } from "~/middleware/i18n";
import { refreshRates } from "~/features/rates/refresh.server";
import { staleAfterDays } from "~/features/rates/stale-rates.server";
import type { Route } from "./+types/settings";

const MANUAL_RATE = "manual-rate";
const REFRESH = "refresh";
const CURRENCY_STATUS = "currency-status";
const CURRENCY_CODE = /^[A-Z]{3}$/;
const KNOWN_SOURCES = new Set(["fixed", "manual", "snapshot", "provider"]);

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: loaderData?.title }];
}

// The admin layout's middleware has already refused everyone but superadmins, for loaders and actions alike.
export async function loader({ context }: Route.LoaderArgs) {
  const db = context.get(dbContext);
  const today = isoDay(new Date());
  const staleAfter = staleAfterDays(context);
  const [currencies, runs] = await Promise.all([listCurrencies(db, { activeOnly: false }), lastRefreshRuns(db)]);
  const active = currencies.filter((c) => c.isActive);
  const known = await findRatesOn(
    db,
    active.map((c) => c.code),
    today,
  );
  return {
    title: getInstance(context).t("settings.metaTitle"),
    today,
    // Only the host: a provider URL may carry an API key in its path.
    providerHost: new URL(context.get(envContext).RATES_PROVIDER_URL).host,
    lastSuccess: runs.lastSuccess ? toRunView(runs.lastSuccess) : null,
    lastFailure: runs.lastFailure ? toRunView(runs.lastFailure) : null,
    rates: active.map((c) => {
      const rate = known.get(c.code);
      return {
        code: c.code,
        name: c.name,
        rate: rate?.rate ?? null,
        date: rate?.date ?? null,
        source: rate?.source ?? null,
        // How old the latest rate is today; past RATE_STALE_AFTER_DAYS the transaction form warns about it too.
        ageDays: rate ? rateAgeDays(rate.date, today) : null,
        stale: rate ? staleRateAge(rate, today, staleAfter) !== null : false,
      };
    }),
    currencies,
    manualCurrencies: active.filter((c) => c.code !== "USD").map((c) => ({ code: c.code, name: c.name })),
  };
}

function toRunView(run: RefreshRun) {
  const failure = run.ok ? null : decodeFailure(run.message);
  return {
    ranAt: run.ranAt.toISOString(),
    // A successful run's message is the day its rates were filed under.
    date: run.ok ? run.message : null,
    written: run.ratesWritten,
    reason: failure?.reason ?? null,
    detail: failure?.detail ?? "",
  };
}

type ActionResult = { intent: typeof MANUAL_RATE; result: SubmissionResult<string[]> };

export async function action({ request, context }: Route.ActionArgs) {
  const db = context.get(dbContext);
  const formData = await request.formData();
  const intent = formData.get("intent");

  if (intent === REFRESH) {
    const env = context.get(envContext);
    const outcome = await refreshRates(db, { url: env.RATES_PROVIDER_URL, timeoutMs: env.RATES_PROVIDER_TIMEOUT_MS });
    // The outcome itself is the latest run, which the page reads back.
    return redirect(`/admin/settings?refreshed=${outcome.ok ? "ok" : "failed"}`);
  }
  if (intent === CURRENCY_STATUS) {
    const code = String(formData.get("currencyCode") ?? "").trim().toUpperCase();
    const active = formData.get("active");
    if (!CURRENCY_CODE.test(code) || (active !== "1" && active !== "0")) throw data({ message: "Bad currency change" }, { status: 400 });
    const changed = await setCurrencyActive(db, code, active === "1", { userId: requireSession(context).user.id, ip: clientIp(request) });
    // USD or an unknown code: nothing a superadmin's page offers.
    if (!changed) throw data({ message: `Currency ${code} cannot be changed` }, { status: 400 });
    return redirect(`/admin/settings?currency=${code}#currencies`);
  }
  if (intent !== MANUAL_RATE) throw data({ message: `Unknown intent: ${String(intent)}` }, { status: 400 });

  const submission = parseWithZod(formData, { schema: manualRateSchema });
  const refuse = (result: SubmissionResult<string[]>, status = 400) =>
    data<ActionResult>({ intent: MANUAL_RATE, result }, { status });
  if (submission.status !== "success") return refuse(submission.reply());
  const currency = await findCurrency(db, submission.value.currencyCode, { activeOnly: true });
  if (!currency) return refuse(submission.reply({ fieldErrors: { currencyCode: ["validation.currencyInvalid"] } }));
  try {
    await saveManualRate(db, { ...submission.value, currencyCode: currency.code }, { userId: requireSession(context).user.id, ip: clientIp(request) });
  } catch (cause) {
    console.error("manual rate save failed", cause);
    return refuse(submission.reply({ formErrors: ["errors.internal"] }), 500);
  }
  return redirect(`/admin/settings?saved=${currency.code}`);
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
        {saved && CURRENCY_CODE.test(saved) ? <Alert tone="success">{t("settings.manual.saved", { code: saved })}</Alert> : null}
        {changed ? (
          <Alert tone="success">{t(changed.isActive ? "settings.currencies.activated" : "settings.currencies.deactivated", { code: changed.code })}</Alert>
        ) : null}
        {refreshed === "ok" && lastSuccess ? (
          <Alert tone="success">
            {t("settings.refresh.done", { written: lastSuccess.written, date: dayText(lastSuccess.date, i18n.language) })}
          </Alert>
        ) : null}
        {refreshed === "failed" && lastFailure ? (
          <Alert tone="error">{t("settings.refresh.failed", { reason: reasonText(lastFailure) })}</Alert>
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
              lastResult={actionData?.intent === MANUAL_RATE ? actionData.result : undefined}
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

type RunView = NonNullable<Route.ComponentProps["loaderData"]["lastFailure"]>;

function RefreshCard({
  providerHost,
  lastSuccess,
  lastFailure,
}: {
  providerHost: string;
  lastSuccess: RunView | null;
  lastFailure: RunView | null;
}) {
  const { t, i18n } = useTranslation();
  const pending = useIsPending({ intent: REFRESH });
  const reasonText = useReasonText();
  const dt = "text-sm font-medium text-slate-600 dark:text-slate-300";
  const dd = "mt-0.5 text-sm";
  return (
    <Card id="rate-refresh" title={t("settings.refresh.title")}>
      <dl className="grid gap-4 sm:grid-cols-2">
        <div>
          <dt className={dt}>{t("settings.refresh.provider")}</dt>
          <dd className={`${dd} break-all font-mono`}>{providerHost}</dd>
        </div>
        <div>
          <dt className={dt}>{t("settings.refresh.schedule")}</dt>
          <dd className={dd}>{t("settings.refresh.scheduleValue")}</dd>
        </div>
        <div>
          <dt className={dt}>{t("settings.refresh.lastSuccess")}</dt>
          <dd className={dd} data-testid="last-success">
            {lastSuccess ? (
              <>
                <InstantText iso={lastSuccess.ranAt} />
                <span className="block text-slate-600 dark:text-slate-300">
                  {t("settings.refresh.successDetail", {
                    written: lastSuccess.written,
                    date: dayText(lastSuccess.date, i18n.language),
                  })}
                </span>
              </>
            ) : (
              t("settings.refresh.never")
            )}
          </dd>
        </div>
        <div>
          <dt className={dt}>{t("settings.refresh.lastFailure")}</dt>
          <dd className={dd} data-testid="last-failure">
            {lastFailure ? (
              <>
                <InstantText iso={lastFailure.ranAt} />
                <span className="block text-red-700 dark:text-red-300">{reasonText(lastFailure)}</span>
              </>
            ) : (
              t("settings.refresh.never")
            )}
          </dd>
        </div>
      </dl>
      <p className="mt-4 text-sm text-slate-600 dark:text-slate-300">{t("settings.refresh.note")}</p>
      <Form method="post" preventScrollReset className="mt-4">
        <SubmitButton name="intent" value={REFRESH} pending={pending} pendingLabel={t("settings.refresh.running")} variant="secondary">
          {t("settings.refresh.button")}
        </SubmitButton>
      </Form>
    </Card>
  );
}

/** A failed run's reason in the user's language, with the technical detail (a status, currency codes) after it. */
function useReasonText() {
  const { t } = useTranslation();
  return (run: RunView) => {
    const text = t(`settings.refresh.reasons.${run.reason ?? "unknown"}`);
    return run.detail ? `${text} (${run.detail})` : text;
  };
}

function InstantText({ iso }: { iso: string }) {
  const { i18n } = useTranslation();
  return <time dateTime={iso}>{formatDateTime(new Date(iso), i18n.language)}</time>;
}

/** A yyyy-MM-dd day in the user's language. */
function dayText(day: string | null, language: string) {
  return day ? formatDate(dayToDate(day), language) : "";
}

function DayTime({ day }: { day: string | null }) {
  const { i18n } = useTranslation();
  return day ? <time dateTime={day}>{dayText(day, i18n.language)}</time> : null;
}

function ManualRateForm({
  currencies,
  today,
  lastResult,
}: {
  currencies: { code: string; name: string }[];
  today: string;
  lastResult: SubmissionResult<string[]> | undefined;
}) {
  const { t } = useTranslation();
  const pending = useIsPending({ intent: MANUAL_RATE });
  const [form, fields] = useForm({
    id: "manual-rate-form",
    lastResult,
    defaultValue: { date: today },
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: manualRateSchema }),
  });
  const formError = form.errors?.[0];
  const currencyErrorId = `${fields.currencyCode.id}-error`;
  const rateHintId = `${fields.rate.id}-hint`;
  return (
    <Form method="post" preventScrollReset className="space-y-3" {...getFormProps(form)}>
      <p className="text-sm text-slate-600 dark:text-slate-300">{t("settings.manual.description")}</p>
      {formError ? (
        <Alert tone="error">
          <span id={form.errorId}>{t(formError)}</span>
        </Alert>
      ) : null}
      <div>
        <label htmlFor={fields.currencyCode.id} className="mb-1 block text-sm font-medium text-slate-700 dark:text-slate-200">
          {t("settings.manual.currency")}
        </label>
        <select
          {...getSelectProps(fields.currencyCode)}
          key={fields.currencyCode.key}
          className={inputClass}
          aria-invalid={fields.currencyCode.errors?.length ? true : undefined}
          aria-describedby={fields.currencyCode.errors?.length ? currencyErrorId : undefined}
        >
          <option value="">{t("settings.manual.choose")}</option>
          {currencies.map((c) => (
            <option key={c.code} value={c.code}>
              {`${c.code} · ${c.name}`}
            </option>
          ))}
        </select>
        <ErrorList id={currencyErrorId} errors={fields.currencyCode.errors} />
      </div>
      <Field
        label={t("settings.manual.date")}
        inputProps={{ ...getInputProps(fields.date, { type: "date" }), max: today }}
        errors={fields.date.errors}
      />
      <Field
        label={t("settings.manual.rate")}
        inputProps={{
          ...getInputProps(fields.rate, { type: "text" }),
          inputMode: "decimal",
          autoComplete: "off",
          placeholder: "0.8612",
          "aria-describedby": rateHintId,
        }}
        hint={
          <p id={rateHintId} className="mt-1 text-xs text-slate-600 dark:text-slate-300">
            {t("settings.manual.rateHint")}
          </p>
        }
        errors={fields.rate.errors}
      />
      <div className="flex justify-end pt-1">
        <SubmitButton name="intent" value={MANUAL_RATE} pending={pending} pendingLabel={t("settings.manual.saving")}>
          {t("settings.manual.submit")}
        </SubmitButton>
      </div>
    </Form>
  );
}

type RateRow = Route.ComponentProps["loaderData"]["rates"][number];

function LatestRates({ rates }: { rates: RateRow[] }) {
  const { t, i18n } = useTranslation();
  return (
    <Card id="latest-rates" title={t("settings.rates.title")}>
      <p className="mb-3 text-sm text-slate-600 dark:text-slate-300">{t("settings.rates.caption")}</p>
      <div className="-mx-4 overflow-x-auto sm:-mx-6" tabIndex={0} role="region" aria-labelledby="latest-rates">
        <table className="w-full min-w-[36rem] divide-y divide-slate-200 text-sm dark:divide-slate-800">
          <TableHead columns={[
            { key: "code", label: t("settings.rates.columns.code") },
            { key: "name", label: t("settings.rates.columns.name") },
            { key: "rate", label: t("settings.rates.columns.rate"), align: "right" },
            { key: "date", label: t("settings.rates.columns.date") },
            { key: "source", label: t("settings.rates.columns.source") },
          ]} />
          <tbody className="divide-y divide-slate-200 dark:divide-slate-800">
            {rates.map((row) => (
              <tr key={row.code}>
                <th scope="row" className="px-4 py-2.5 text-left font-mono font-semibold">
                  {row.code}
                </th>
                <td className="px-4 py-2.5 text-slate-700 dark:text-slate-200">{row.name}</td>
                {row.rate ? (
                  <>
                    <td className="px-4 py-2.5 text-right font-mono tabular-nums">{formatRate(row.rate, i18n.language)}</td>
                    <td className="whitespace-nowrap px-4 py-2.5 text-slate-700 dark:text-slate-200">
                      <DayTime day={row.date} />
                      {row.ageDays !== null ? (
                        <span
                          data-testid={`rate-age-${row.code}`}
                          className={`block text-xs ${row.stale ? "font-medium text-amber-800 dark:text-amber-300" : "text-slate-600 dark:text-slate-300"}`}
                        >
                          {row.stale ? <span aria-hidden="true">⚠ </span> : null}
                          {t("money.rateAge", { count: row.ageDays })}
                        </span>
                      ) : null}
                    </td>
                    <td className="px-4 py-2.5 text-slate-700 dark:text-slate-200">
                      {row.source && KNOWN_SOURCES.has(row.source) ? t(`money.rateSources.${row.source}`) : row.source}
                    </td>
                  </>
                ) : (
                  <td colSpan={3} className="px-4 py-2.5 text-red-700 dark:text-red-300">
                    {t("settings.rates.none")}
                  </td>
                )}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </Card>
  );
}

type CurrencyRow = Route.ComponentProps["loaderData"]["currencies"][number];

function Currencies({ currencies }: { currencies: CurrencyRow[] }) {
  const { t } = useTranslation();
  return (
    <Card id="currencies" title={t("settings.currencies.title")}>
      <p className="mb-3 text-sm text-slate-600 dark:text-slate-300">{t("settings.currencies.note")}</p>
      <div className="-mx-4 overflow-x-auto sm:-mx-6" tabIndex={0} role="region" aria-labelledby="currencies">
        <table className="w-full min-w-[40rem] divide-y divide-slate-200 text-sm dark:divide-slate-800">
          <TableHead columns={[
            { key: "code", label: t("settings.currencies.columns.code") },
            { key: "name", label: t("settings.currencies.columns.name") },
            { key: "symbol", label: t("settings.currencies.columns.symbol") },
            { key: "decimals", label: t("settings.currencies.columns.decimals"), align: "right" },
            { key: "status", label: t("settings.currencies.columns.status") },
            { key: "action", label: t("settings.currencies.columns.action") },
          ]} />
          <tbody className="divide-y divide-slate-200 dark:divide-slate-800">
            {currencies.map((c) => (
              <tr key={c.code}>
                <th scope="row" className="px-4 py-2.5 text-left font-mono font-semibold">
                  {c.code}
                </th>
                <td className="px-4 py-2.5 text-slate-700 dark:text-slate-200">{c.name}</td>
                <td className="px-4 py-2.5 text-slate-700 dark:text-slate-200">{c.symbol}</td>
                <td className="px-4 py-2.5 text-right tabular-nums">{c.decimalPlaces}</td>
                <td className="px-4 py-2.5">
                  <span
                    className={`inline-flex items-center rounded-full px-2 py-0.5 text-xs font-semibold ${
                      c.isActive
                        ? "bg-green-100 text-green-800 dark:bg-green-900/60 dark:text-green-200"
                        : "bg-slate-200 text-slate-800 dark:bg-slate-700 dark:text-slate-100"
                    }`}
                  >
                    {c.isActive ? t("settings.currencies.active") : t("settings.currencies.inactive")}
                  </span>
                </td>
                <td className="px-4 py-2">
                  {c.code === "USD" ? (
                    <span className="text-slate-600 dark:text-slate-300">{t("settings.currencies.base")}</span>
                  ) : (
                    <CurrencyStatusForm code={c.code} isActive={c.isActive} />
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </Card>
  );
}

/** One button per currency: a plain POST, so it works without JavaScript. */
function CurrencyStatusForm({ code, isActive }: { code: string; isActive: boolean }) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const pending = navigation.state !== "idle" && navigation.formData?.get("intent") === CURRENCY_STATUS && navigation.formData.get("currencyCode") === code;
  return (
    <Form method="post" preventScrollReset>
      <input type="hidden" name="currencyCode" value={code} />
      <input type="hidden" name="active" value={isActive ? "0" : "1"} />
      <button
        type="submit"
        name="intent"
        value={CURRENCY_STATUS}
        disabled={pending}
        aria-label={t(isActive ? "settings.currencies.deactivateLabel" : "settings.currencies.activateLabel", { code })}
        className={isActive ? buttonClass.secondary : buttonClass.primary}
      >
        {pending ? <Spinner className="h-3.5 w-3.5" /> : null}
        {t(isActive ? "settings.currencies.deactivate" : "settings.currencies.activate")}
      </button>
    </Form>
  );
}
