import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { data, Form, isRouteErrorResponse, Link, redirect } from "react-router";
import { staleAfterDays } from "~/features/rates/model";
import { clientIp } from "~/auth/client-ip.server";
import { requireSession } from "~/auth/guards.server";
import { ConfirmPanel } from "~/components/confirm-panel";
import { Alert, buttonClass, ErrorList, Field, SubmitButton, useHydrated, useIsPending, type ListOfErrors } from "~/components/forms";
import { CategorySelect, PaymentRow, segmentClass, TagChips, TRANSACTION_FORM_ID } from "~/features/transactions/ui/form-fields";
import { PageHeader } from "~/components/page-header";
import { listCategories } from "~/features/categories/commands.server";
import { listCurrencies } from "~/features/rates/queries.server";
import { codesWithRate, draftFromRecord, fillRates, listTagChoices } from "~/features/transactions/form.server";
import { UserTotalLimitError } from "~/platform/db/errors.server";
import { resolveTransaction, userTotalLimitIssue } from "~/features/transactions/resolve.server";
import { createTransaction, deleteTransaction, getTransaction, updateTransaction } from "~/features/transactions/commands.server";
import { formatMinor, sumMinor } from "~/money/amounts";
import { isBaseCurrency, USD } from "~/money/currencies";
import { isoDay } from "~/money/dates";
import {
  applyIntent,
  emptyPayment,
  firstCategoryOf,
  followsRateOnFile,
  intentValue,
  issuesToFieldErrors,
  newDraft,
  parseFormIntent,
  paymentUsdCents,
  readDraft,
  toTransactionInput,
  transactionFormSchema,
  type Draft,
  type DraftPayment,
  type RateRef,
} from "~/features/transactions/form-model";
import { DESCRIPTION_MAX, isIsoDate, MAX_PAYMENTS, type TransactionType } from "~/features/transactions/model";
import { resources } from "~/locales";
import { dbContext, envContext } from "~/context.server";
import { getInstance } from "~/middleware/i18n";
import type { Route } from "./+types/form";

// /expenses/new and /expenses/edit/{id}: one screen (spec sections 2, 4 and 5). The form is
// a plain POST that works without JavaScript: switching type or mode, adding or removing a
// payment row and refreshing a rate are submit buttons with intents that the action answers
// by showing the form again, with what was typed kept and the rates and USD amounts worked
// out. With JavaScript the same buttons change the page in place, rates come from
// /expenses/rate, and the USD amounts follow every keystroke, computed by the same pure
// functions (domain/transaction-form.ts, domain/money.ts). Saving is one path for single
// and multi mode: single mode is a list of one payment.

const FORM_ID = TRANSACTION_FORM_ID;
const TYPES: readonly TransactionType[] = ["EXPENSE", "INCOME"];

const notFound = () => data({ message: "Transaction not found" }, { status: 404 });

export function meta({ loaderData, matches }: Route.MetaArgs) {
  if (loaderData) return [{ title: loaderData.title }];
  // The error page (not found) has no loader data: its title in the page's language.
  const locale = matches[0]?.loaderData?.locale === "es" ? "es" : "en";
  return [{ title: resources[locale].translation.transactionForm.notFound.title }];
}

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const session = requireSession(context);
  const db = context.get(dbContext);
  const userId = session.user.id;
  const id = "id" in params && params.id ? params.id : null;
  const [categories, tags, currencies, record] = await Promise.all([
    listCategories(db, userId),
    listTagChoices(db, userId),
    listCurrencies(db, { activeOnly: false }),
    id ? getTransaction(db, userId, id) : Promise.resolve(undefined),
  ]);
  if (id && !record) throw notFound();
  const draft = record ? draftFromRecord(record, currencies) : newDraft(categories, isoDay());
  return {
    title: getInstance(context).t(id ? "transactionForm.metaTitleEdit" : "transactionForm.metaTitleNew"),
    id,
    savedDescription: record?.description ?? "",
    confirmDelete: Boolean(record) && new URL(request.url).searchParams.has("delete"),
    categories: categories.map((c) => ({ id: c.id, name: c.name, type: c.type })),
    tags,
    currencies: currencies.map((c) => ({ code: c.code, name: c.name, decimalPlaces: c.decimalPlaces, isActive: c.isActive })),
    draft,
    staleAfterDays: staleAfterDays(context.get(envContext)),
  };
}

type ActionData =
  | { kind: "form"; draft: Draft; result: SubmissionResult<string[]> | undefined }
  | { kind: "delete"; error: string };

export async function action({ request, context, params }: Route.ActionArgs) {
  const session = requireSession(context);
  const db = context.get(dbContext);
  const userId = session.user.id;
  const id = "id" in params && params.id ? params.id : null;
  // Another user's transaction is not found, exactly like a missing one, whatever the intent.
  const existing = id ? await getTransaction(db, userId, id) : undefined;
  if (id && !existing) throw notFound();
  const formData = await request.formData();
  const intent = parseFormIntent(formData.get("intent"));
  if (!intent || (intent.kind === "delete" && !existing)) {
    throw data({ message: `Unknown intent: ${String(formData.get("intent"))}` }, { status: 400 });
  }
  const ip = clientIp(request);
  const recorded = existing?.payments ?? [];

  if (intent.kind === "delete") {
    let deleted: boolean;
    try {
      deleted = await deleteTransaction(db, userId, existing!.id, { ip });
    } catch (cause) {
      console.error("transaction delete failed", cause);
      return data<ActionData>({ kind: "delete", error: "errors.failedToDeleteTransaction" }, { status: 500 });
    }
    if (!deleted) throw notFound();
    return redirect("/expenses?saved=deleted");
  }

  if (intent.kind !== "save") {
    // No write: the form comes back changed, with the rates for its date filled in.
    const categories = await listCategories(db, userId);
    let added = 0;
    const changed = applyIntent(readDraft(formData), intent, categories, () => `row-added-${added++}`);
    const filled = await fillRates(db, changed.draft, { refreshIndex: intent.kind === "refresh" ? intent.index : undefined, recorded });
    const fieldErrors = { ...changed.fieldErrors, ...filled.fieldErrors };
    const failed = Boolean(changed.formError) || Object.keys(fieldErrors).length > 0;
    const result: SubmissionResult<string[]> | undefined = failed
      ? { status: "error", error: { ...(changed.formError ? { "": [changed.formError] } : {}), ...fieldErrors } }
      : undefined;
    return data<ActionData>({ kind: "form", draft: rekey(filled.draft), result }, { status: failed ? 400 : 200 });
  }

  const posted = readDraft(formData);
  const refuse = async (result: SubmissionResult<string[]>, status: number) => {
    const filled = await fillRates(db, posted, { recorded });
    return data<ActionData>({ kind: "form", draft: filled.draft, result }, { status });
  };
  let submission, resolution;
  try {
    const currencies = await listCurrencies(db, { activeOnly: false });
    const known = await codesWithRate(db, posted.payments.map((p) => p.currencyCode), posted.date);
    submission = parseWithZod(formData, { schema: transactionFormSchema({ currencies, rateKnown: (code) => known.has(code) }) });
    // An edit may keep a currency that has since been turned off, as the API allows (resolveTransaction).
    if (submission.status === "success") {
      resolution = await resolveTransaction(db, userId, toTransactionInput(submission.value), existing && { date: existing.date, payments: recorded });
    }
  } catch (cause) {
    // The checks before the write could not read what they need: nothing was written, and the
    // form comes back as posted (filling its rates would need the same database).
    console.error("transaction save failed before writing", cause);
    const result: SubmissionResult<string[]> = { status: "error", error: { "": ["errors.failedToSaveTransaction"] } };
    return data<ActionData>({ kind: "form", draft: posted, result }, { status: 500 });
  }
  if (submission.status !== "success") return refuse(submission.reply(), 400);
  if (!resolution?.ok) return refuse(submission.reply({ fieldErrors: issuesToFieldErrors(resolution?.issues ?? []) }), 400);
  let saved = true;
  try {
    if (existing) saved = await updateTransaction(db, userId, existing.id, resolution.value, { ip });
    else await createTransaction(db, userId, resolution.value, { ip });
  } catch (cause) {
    if (cause instanceof UserTotalLimitError) {
      return refuse(submission.reply({ fieldErrors: issuesToFieldErrors([userTotalLimitIssue(resolution.value, cause.limit)]) }), 400);
    }
    console.error(`transaction ${existing ? "update" : "create"} failed`, cause);
    const message = existing ? "errors.failedToUpdateTransaction" : "errors.failedToCreateTransaction";
    return refuse(submission.reply({ formErrors: [message] }), 500);
  }
  if (!saved) throw notFound();
  return redirect(`/expenses?saved=${existing ? "updated" : "created"}`);
}

function rekey(draft: Draft): Draft {
  return { ...draft, payments: draft.payments.map((p, i) => ({ ...p, key: `row-${i}` })) };
}

type LoaderData = Route.ComponentProps["loaderData"];

export default function TransactionFormRoute({ loaderData, actionData }: Route.ComponentProps) {
  // A new visit (another transaction, or new after edit) starts from its own data.
  return <TransactionEditor key={loaderData.id ?? "new"} data={loaderData} actionData={actionData as ActionData | undefined} />;
}

function TransactionEditor({ data: page, actionData }: { data: LoaderData; actionData: ActionData | undefined }) {
  const { t, i18n } = useTranslation();
  const hydrated = useHydrated();
  const formResult = actionData?.kind === "form" ? actionData : undefined;
  // Without JavaScript a changed form arrives as a new page; with it, the state lives here.
  const [draft, setDraft] = useState<Draft>(() => formResult?.draft ?? page.draft);
  const [rateStatus, setRateStatus] = useState<Record<string, "loading" | "failed">>({});
  const rowCounter = useRef(0);
  const editing = page.id !== null;
  const saving = useIsPending({ intent: intentValue.save });
  const deleting = useIsPending({ intent: intentValue.delete });

  const currencies = useMemo(() => new Map(page.currencies.map((c) => [c.code, c])), [page.currencies]);
  // Codes with a rate on file as this page knows it: an empty rate then means "must be positive".
  const knownCodes = new Set(draft.payments.filter((p) => p.ref && p.ref.source !== "manual").map((p) => p.currencyCode));
  const knownRef = useRef(knownCodes);
  knownRef.current = knownCodes;

  const [form] = useForm({
    id: FORM_ID,
    lastResult: formResult?.result,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) =>
      parseWithZod(formData, {
        schema: transactionFormSchema({ currencies: page.currencies, rateKnown: (code) => knownRef.current.has(code) }),
      }),
  });
  const errors = form.allErrors as Record<string, ListOfErrors>;

  // Removing or adding a row renumbers the fields; errors already shown follow the new rows.
  const rowCount = draft.payments.length;
  const lastRowCount = useRef(rowCount);
  useEffect(() => {
    if (lastRowCount.current === rowCount) return;
    lastRowCount.current = rowCount;
    if (Object.keys(form.allErrors).length > 0) form.validate();
  }, [rowCount, form]);

  const updateRow = useCallback((key: string, change: (p: DraftPayment) => DraftPayment) => {
    setDraft((d) => ({ ...d, payments: d.payments.map((p) => (p.key === key ? change(p) : p)) }));
  }, []);

  const loadRate = useCallback(
    async (key: string, code: string, date: string) => {
      setRateStatus((s) => ({ ...s, [key]: "loading" }));
      let ref: RateRef | null;
      try {
        const response = await fetch(`/expenses/rate?currency=${encodeURIComponent(code)}&date=${encodeURIComponent(date)}`, {
          headers: { Accept: "application/json" },
        });
        if (!response.ok) throw new Error(`rate lookup answered ${response.status}`);
        ref = ((await response.json()) as { rate: RateRef | null }).rate;
      } catch {
        setRateStatus((s) => ({ ...s, [key]: "failed" }));
        updateRow(key, (p) => (p.currencyCode === code ? { ...p, rateFor: code } : p));
        return;
      }
      setRateStatus((s) => withoutKey(s, key));
      setDraft((d) =>
        d.date !== date
          ? d
          : {
              ...d,
              payments: d.payments.map((p) =>
                p.key !== key || p.currencyCode !== code
                  ? p
                  : // With no rate known, a rate that only followed the file goes; one typed by hand stays.
                    { ...p, rate: ref ? ref.rate : followsRateOnFile(p) ? "" : p.rate, rateFor: code, ref },
              ),
            },
      );
    },
    [updateRow],
  );

  const changeType = (type: TransactionType) =>
    setDraft((d) => (d.type === type ? d : { ...d, type, categoryId: firstCategoryOf(page.categories, type) }));
  const toggleMulti = () =>
    setDraft((d) => (d.multi ? { ...d, multi: false, payments: d.payments.slice(0, 1) } : { ...d, multi: true }));
  const addRow = () => {
    rowCounter.current += 1;
    const key = `new-${rowCounter.current}`;
    setDraft((d) => (d.payments.length >= MAX_PAYMENTS ? d : { ...d, multi: true, payments: [...d.payments, emptyPayment(key)] }));
  };
  const removeRow = (key: string) =>
    setDraft((d) => (d.payments.length <= 1 ? d : { ...d, payments: d.payments.filter((p) => p.key !== key) }));
  const changeCurrency = (key: string, code: string) => {
    // Until the new currency's rate arrives the old one does not apply (rateFor is cleared).
    updateRow(key, (p) => ({ ...p, currencyCode: code, rate: "", rateFor: "", ref: null }));
    setRateStatus((s) => withoutKey(s, key));
    if (!isBaseCurrency(code) && isIsoDate(draft.date)) void loadRate(key, code, draft.date);
  };
  const changeDate = (date: string) => {
    setDraft((d) => ({ ...d, date }));
    if (!isIsoDate(date)) return;
    for (const p of draft.payments) if (followsRateOnFile(p)) void loadRate(p.key, p.currencyCode, date);
  };
  const refreshRate = (p: DraftPayment) => {
    if (isIsoDate(draft.date)) void loadRate(p.key, p.currencyCode, draft.date);
  };

  // With JavaScript an intent button changes the page in place instead of posting.
  const inPlace = (run: () => void) => (event: React.MouseEvent<HTMLButtonElement>) => {
    event.preventDefault();
    run();
  };

  const rowsCents = draft.payments.map((p) => paymentUsdCents(p, currencies.get(p.currencyCode)));
  const totalCents = rowsCents.every((c) => c !== null) ? sumMinor(rowsCents as number[]) : null;
  const formError = form.errors?.[0];
  const deleteError = actionData?.kind === "delete" ? actionData.error : null;

  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <PageHeader
        back={{ to: "/expenses", label: t("transactionForm.back") }}
        title={t(editing ? "transactionForm.titleEdit" : "transactionForm.titleNew")}
        subtitle={t(editing ? "transactionForm.subtitleEdit" : "transactionForm.subtitleNew")}
      />

      {page.confirmDelete && page.id ? (
        <div>
          {deleteError ? <Alert tone="error">{t(deleteError)}</Alert> : null}
          <ConfirmPanel
            question={t("transactionForm.confirmDelete.question")}
            detail={t("transactionForm.confirmDelete.detail", { description: page.savedDescription })}
            action={`/expenses/edit/${page.id}?delete=1`}
            hidden={{ intent: intentValue.delete, id: page.id }}
            confirmLabel={t("transactionForm.confirmDelete.confirm")}
            pendingLabel={t("transactionForm.confirmDelete.deleting")}
            pending={deleting}
            cancelTo={`/expenses/edit/${page.id}`}
            cancelLabel={t("transactionForm.confirmDelete.cancel")}
          />
        </div>
      ) : null}

      <Form
        method="post"
        action={editing ? `/expenses/edit/${page.id}` : "/expenses/new"}
        preventScrollReset
        className="space-y-6 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6 dark:border-slate-800 dark:bg-slate-900"
        {...getFormProps(form)}
      >
        {/* The default button: Enter in a field saves, rather than pressing the first intent button. */}
        <button type="submit" name="intent" value={intentValue.save} tabIndex={-1} aria-hidden="true" className="sr-only">
          {t(editing ? "transactionForm.save" : "transactionForm.create")}
        </button>
        {formError ? (
          <Alert tone="error">
            <span id={form.errorId}>{t(formError)}</span>
          </Alert>
        ) : null}

        <div className="flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
          <fieldset>
            <legend className="mb-1 block text-sm font-medium text-slate-700 dark:text-slate-200">{t("transactionForm.type.legend")}</legend>
            <input type="hidden" name="type" value={draft.type} />
            <div className="inline-flex rounded-md shadow-sm">
              {TYPES.map((type, index) => (
                <button
                  key={type}
                  type="submit"
                  name="intent"
                  value={intentValue.type(type)}
                  formNoValidate
                  aria-pressed={draft.type === type}
                  onClick={inPlace(() => changeType(type))}
                  className={segmentClass(draft.type === type, type, index === 0, index === TYPES.length - 1)}
                >
                  {t(`money.types.${type}`)}
                </button>
              ))}
            </div>
            <ErrorList id={`${FORM_ID}-type-error`} errors={errors.type} />
          </fieldset>
          <div className="sm:max-w-xs">
            {draft.multi ? <input type="hidden" name="multi" value="on" /> : null}
            <button
              type="submit"
              name="intent"
              value={intentValue.multi(!draft.multi)}
              formNoValidate
              role="switch"
              aria-checked={draft.multi}
              aria-describedby="transaction-multi-hint"
              onClick={inPlace(toggleMulti)}
              className="group inline-flex items-center gap-3 rounded-md py-1 text-sm font-medium text-slate-800 focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-500 dark:text-slate-100"
            >
              <span
                aria-hidden="true"
                className={`relative inline-flex h-6 w-11 shrink-0 items-center rounded-full transition-colors ${draft.multi ? "bg-brand-600 dark:bg-blue-500" : "bg-slate-300 dark:bg-slate-600"}`}
              >
                <span
                  className={`inline-block h-5 w-5 rounded-full bg-white shadow transition-transform ${draft.multi ? "translate-x-5" : "translate-x-0.5"}`}
                />
              </span>
              {t("transactionForm.multi.label")}
            </button>
            <p id="transaction-multi-hint" className="mt-1 text-xs text-slate-600 dark:text-slate-300">
              {t("transactionForm.multi.hint")}
            </p>
          </div>
        </div>

        <Field
          label={t("transactionForm.description.label")}
          inputProps={{
            id: `${FORM_ID}-description`,
            name: "description",
            type: "text",
            value: draft.description,
            maxLength: DESCRIPTION_MAX,
            placeholder: t("transactionForm.description.placeholder"),
            autoComplete: "off",
            onChange: (e) => {
              const description = e.currentTarget.value;
              setDraft((d) => ({ ...d, description }));
            },
          }}
          errors={errors.description}
        />

        <div className="grid gap-x-4 sm:grid-cols-2">
          <CategorySelect
            categories={page.categories}
            type={draft.type}
            value={draft.categoryId}
            onChange={(categoryId) => setDraft((d) => ({ ...d, categoryId }))}
            errors={errors.categoryId}
          />
          <Field
            label={t("transactionForm.date.label")}
            inputProps={{
              id: `${FORM_ID}-date`,
              name: "date",
              type: "date",
              value: draft.date,
              onChange: (e) => changeDate(e.currentTarget.value),
            }}
            errors={errors.date}
          />
        </div>

        <TagChips
          tags={page.tags}
          selected={draft.tagIds}
          onToggle={(id, on) =>
            setDraft((d) => ({ ...d, tagIds: on ? [...d.tagIds, id] : d.tagIds.filter((tagId) => tagId !== id) }))
          }
          errors={errors.tagIds}
        />

        <fieldset
          className="space-y-4 border-t border-slate-200 pt-5 dark:border-slate-800"
          aria-invalid={errors.payments?.length ? true : undefined}
          aria-describedby={errors.payments?.length ? `${FORM_ID}-payments-error` : undefined}
        >
          <legend className="mb-3 text-base font-semibold">{t("transactionForm.payments.legend")}</legend>
          {draft.payments.map((payment, index) => (
            <PaymentRow
              key={payment.key}
              index={index}
              payment={payment}
              multi={draft.multi}
              removable={draft.multi && draft.payments.length > 1}
              date={draft.date}
              staleAfterDays={page.staleAfterDays}
              currencies={page.currencies}
              usdCents={rowsCents[index]!}
              status={rateStatus[payment.key]}
              errors={errors}
              onChange={(change) => updateRow(payment.key, (p) => ({ ...p, ...change }))}
              onCurrency={(code) => changeCurrency(payment.key, code)}
              onRefresh={inPlace(() => refreshRate(payment))}
              onRemove={inPlace(() => removeRow(payment.key))}
            />
          ))}
          <ErrorList id={`${FORM_ID}-payments-error`} errors={errors.payments} />
          {draft.multi ? (
            <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
              {draft.payments.length < MAX_PAYMENTS ? (
                <button type="submit" name="intent" value={intentValue.add} formNoValidate onClick={inPlace(addRow)} className={buttonClass.secondary}>
                  <span aria-hidden="true">+</span>
                  {t("transactionForm.payments.add")}
                </button>
              ) : (
                <span />
              )}
              <p className="text-sm">
                <span className="text-slate-600 dark:text-slate-300">{`${t("transactionForm.payments.total")}: `}</span>
                <strong className="text-lg" data-testid="usd-total">
                  {totalCents === null ? t("transactionForm.payment.pending") : formatMinor(totalCents, USD, i18n.language)}
                </strong>
              </p>
            </div>
          ) : null}
          {hydrated ? null : (
            <div className="flex flex-col gap-2 rounded-md bg-slate-50 p-3 sm:flex-row sm:items-center sm:justify-between dark:bg-slate-800/60">
              <p className="text-xs text-slate-600 dark:text-slate-300">{t("transactionForm.payments.recalculateHint")}</p>
              <button type="submit" name="intent" value={intentValue.recalculate} formNoValidate className={`${buttonClass.secondary} shrink-0`}>
                {t("transactionForm.payments.recalculate")}
              </button>
            </div>
          )}
        </fieldset>

        <div className="flex flex-col-reverse gap-3 border-t border-slate-200 pt-5 sm:flex-row sm:items-center sm:justify-between dark:border-slate-800">
          <div>
            {editing && !page.confirmDelete ? (
              <Link
                to={`/expenses/edit/${page.id}?delete=1`}
                preventScrollReset
                aria-label={t("transactionForm.deleteLabel")}
                className={`${buttonClass.secondary} w-full text-red-700 sm:w-auto dark:text-red-300`}
              >
                {t("transactionForm.delete")}
              </Link>
            ) : null}
          </div>
          <div className="flex flex-col-reverse gap-3 sm:flex-row">
            <Link to="/expenses" className={buttonClass.secondary}>
              {t("transactionForm.cancel")}
            </Link>
            <SubmitButton
              name="intent"
              value={intentValue.save}
              pending={saving}
              pendingLabel={t(editing ? "transactionForm.saving" : "transactionForm.creating")}
            >
              {t(editing ? "transactionForm.save" : "transactionForm.create")}
            </SubmitButton>
          </div>
        </div>
      </Form>
    </div>
  );
}

function withoutKey<T>(record: Record<string, T>, key: string): Record<string, T> {
  const next = { ...record };
  delete next[key];
  return next;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const { t } = useTranslation();
  const missing = isRouteErrorResponse(error) && error.status === 404;
  return (
    <section className="mx-auto max-w-lg rounded-xl border border-slate-200 bg-white p-6 text-center shadow-sm dark:border-slate-800 dark:bg-slate-900">
      <h1 className="text-2xl font-semibold">{t(missing ? "transactionForm.notFound.title" : "transactionForm.error.title")}</h1>
      <p className="mt-2 text-slate-600 dark:text-slate-300">{t(missing ? "transactionForm.notFound.body" : "transactionForm.error.body")}</p>
      <Link to="/expenses" className={`${buttonClass.primary} mt-4`}>
        {t("transactionForm.back")}
      </Link>
    </section>
  );
}

