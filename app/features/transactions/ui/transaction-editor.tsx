import { getFormProps, type SubmissionResult, useForm } from "@conform-to/react";
import { useEffect, useMemo, useRef } from "react";
import { useTranslation } from "~/locales/use-translation";
import { Form, Link } from "react-router";
import { CONFIRM_ANCHOR, ConfirmPanel } from "~/components/confirm-panel";
import { Alert, buttonClass, ErrorList, ErrorSummary, Field, type ListOfErrors, SubmitButton, useIsPending } from "~/components/forms";
import { cardClass } from "~/components/card";
import { PageHeader } from "~/components/page-header";
import { useLazyValidation, validationLoader } from "~/components/use-lazy-validation";
import { type Draft, type FormIntent, intentAnchor, PAYMENTS_ANCHOR, paymentUsdCents } from "~/features/transactions/model/form";
import { DESCRIPTION_MAX, intentValue, MAX_PAYMENTS } from "~/features/transactions/model/transaction";
import type { TransactionType } from "~/features/transactions/model/transaction";
import { MANUAL_SOURCE } from "~/features/rates/model";
import {
  CategorySelect,
  PaymentRow,
  segmentClass,
  TagChips,
  TRANSACTION_FORM_ID,
  transactionFieldId,
  type CategoryChoice,
  type CurrencyChoice,
  type TagChoice,
} from "~/features/transactions/ui/form-fields";
import { type FormSuggestion, useTransactionDraft } from "~/features/transactions/ui/use-transaction-draft";
import { sumMinor } from "~/money/amounts";
import { Money } from "~/components/money";
import { USD } from "~/money/currencies";
import type { DayRange } from "~/calendar/range";

// The transaction form's page (/expenses/new and /expenses/edit/{id}). It is a plain POST that
// works without JavaScript: switching type or mode, adding or removing a payment row and
// refreshing a rate are submit buttons with intents that the action answers by showing the
// form again. With JavaScript the same buttons change the page in place (useTransactionDraft)
// and the USD amounts follow every keystroke, computed by the same pure functions (model/form.ts).
// The schema the action validates with (schemas/form.ts, and zod) arrives on the form's first
// focus; until then the server validates a save, as without JavaScript (docs/decisions/017).
const loadValidation = validationLoader(() => import("~/features/transactions/schemas/form").then((m) => m.transactionFormSchema));

const FORM_ID = TRANSACTION_FORM_ID;
const SUGGESTIONS_ID = "transaction-description-suggestions";
const TYPES: readonly TransactionType[] = ["EXPENSE", "INCOME"];

/** What the form's action answers when it shows the form again or refuses a delete. */
export type FormActionData =
  | { kind: "form"; draft: Draft; result: SubmissionResult<string[]> | undefined; save: boolean }
  | { kind: "delete"; error: string };

/** What the loader gives the page. */
export type FormPageData = {
  id: string | null;
  savedDescription: string;
  confirmDelete: boolean;
  categories: readonly CategoryChoice[];
  tags: readonly TagChoice[];
  currencies: readonly CurrencyChoice[];
  draft: Draft;
  /** The new form's memory (issue 27): earlier descriptions to suggest; none on an edit. */
  suggestions: readonly FormSuggestion[];
  staleAfterDays: number;
  /** The dates a transaction may have (decision 022): the date field's min and max. */
  accepted: DayRange;
};

export function TransactionEditor({ data: page, actionData }: { data: FormPageData; actionData: FormActionData | undefined }) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const formResult = actionData?.kind === "form" ? actionData : undefined;
  // Without JavaScript a changed form arrives as a new page; with it, the state lives here.
  const { draft, setDraft, rateStatus, updateRow, changeType, toggleMulti, addRow, removeRow, changeCurrency, changeDate, refreshRate, fillFrom } =
    useTransactionDraft(formResult?.draft ?? page.draft, page.categories, locale);
  const editing = page.id !== null;
  const saving = useIsPending({ intent: intentValue.save });
  const deleting = useIsPending({ intent: intentValue.delete });

  const currencies = useMemo(() => new Map(page.currencies.map((c) => [c.code, c])), [page.currencies]);
  const suggestionsByText = useMemo(() => new Map(page.suggestions.map((s) => [s.description, s])), [page.suggestions]);
  // Codes with a rate on file as this page knows it: an empty rate then means "must be positive".
  const knownCodes = new Set(draft.payments.filter((p) => p.ref && p.ref.source !== MANUAL_SOURCE).map((p) => p.currencyCode));
  const knownRef = useRef(knownCodes);
  knownRef.current = knownCodes;

  const [validation, loadValidationOnUse] = useLazyValidation(loadValidation);
  const [form] = useForm({
    id: FORM_ID,
    lastResult: formResult?.result,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate:
      validation &&
      (({ formData }) =>
        validation.parseWithZod(formData, {
          schema: validation.schema({ currencies: page.currencies, rateKnown: (code) => knownRef.current.has(code), locale }),
        })),
  });
  const errors = form.allErrors as Record<string, ListOfErrors>;

  // Removing or adding a row renumbers the fields; errors already shown follow the new rows.
  const rowCount = draft.payments.length;
  const lastRowCount = useRef(rowCount);
  // After a row is removed with JavaScript, focus goes to the row before it (its first control),
  // not to the top of the page where a removed button's focus would fall.
  const focusRowAfterRemove = useRef<number | null>(null);
  useEffect(() => {
    if (lastRowCount.current === rowCount) return;
    lastRowCount.current = rowCount;
    if (Object.keys(form.allErrors).length > 0) form.validate();
    const row = focusRowAfterRemove.current;
    focusRowAfterRemove.current = null;
    if (row !== null) document.getElementById(transactionFieldId(`payments[${row}].currencyCode`))?.focus();
  }, [rowCount, form]);

  // With JavaScript an intent button changes the page in place instead of posting.
  const inPlace = (run: () => void) => (event: React.MouseEvent<HTMLButtonElement>) => {
    event.preventDefault();
    run();
  };

  const rowsCents = draft.payments.map((p) => paymentUsdCents(p, currencies.get(p.currencyCode), locale));
  const totalCents = rowsCents.every((c) => c !== null) ? sumMinor(rowsCents as number[]) : null;
  // Without JavaScript each intent button posts to the form's address with a fragment, so the
  // page that answers opens at the row or section the user was working on (intentAnchor).
  const formAction = editing ? `/expenses/edit/${page.id}` : "/expenses/new";
  const landAt = (intent: FormIntent) => {
    const anchor = intentAnchor(intent, draft.payments.length);
    return anchor ? `${formAction}#${anchor}` : undefined;
  };
  // Only a refused save takes the summary's focus; an intent's answer lands at its row instead.
  const summaryFocus = formResult?.save ?? true;
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
            question={t("money.deleteTransaction.question")}
            detail={t("money.deleteTransaction.detail", { description: page.savedDescription })}
            action={`/expenses/edit/${page.id}?delete=1`}
            hidden={{ intent: intentValue.delete, id: page.id }}
            pending={deleting}
            cancelTo={`/expenses/edit/${page.id}`}
          />
        </div>
      ) : null}

      <Form
        method="post"
        action={formAction}
        className={`space-y-6 p-4 sm:p-6 ${cardClass}`}
        {...getFormProps(form)}
        {...loadValidationOnUse}
      >
        {/* The default button: Enter in a field saves, rather than pressing the first intent button. */}
        <button type="submit" name="intent" value={intentValue.save} tabIndex={-1} aria-hidden="true" className="sr-only">
          {t(editing ? "transactionForm.save" : "transactionForm.create")}
        </button>
        <ErrorSummary
          formId={FORM_ID}
          errors={errors}
          result={formResult?.result}
          takeFocus={summaryFocus}
          formErrorId={form.errorId}
          fieldId={transactionFieldId}
        />

        <fieldset id={transactionFieldId("type")}>
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

        <Field
          label={t("transactionForm.description.label")}
          inputProps={{
            id: transactionFieldId("description"),
            name: "description",
            type: "text",
            value: draft.description,
            maxLength: DESCRIPTION_MAX,
            placeholder: t("transactionForm.description.placeholder"),
            autoComplete: "off",
            list: page.suggestions.length > 0 ? SUGGESTIONS_ID : undefined,
            onChange: (e) => {
              const description = e.currentTarget.value;
              // Picking a suggestion replaces the text at once (no keystroke typed it): the form
              // then takes what that description's latest transaction held.
              const picked = (e.nativeEvent as InputEvent).inputType !== "insertText" ? suggestionsByText.get(description) : undefined;
              if (picked) fillFrom(picked);
              else setDraft((d) => ({ ...d, description }));
            },
          }}
          errors={errors.description}
        />
        {page.suggestions.length > 0 ? (
          <datalist id={SUGGESTIONS_ID}>
            {page.suggestions.map((s) => (
              <option key={s.description} value={s.description} />
            ))}
          </datalist>
        ) : null}

        <fieldset
          id={PAYMENTS_ANCHOR}
          className="scroll-mt-4 space-y-4 border-t border-slate-200 pt-5 dark:border-slate-800"
          aria-invalid={errors.payments?.length ? true : undefined}
          aria-describedby={errors.payments?.length ? `${FORM_ID}-payments-error` : undefined}
        >
          <legend className="mb-3 text-base font-semibold">{t("transactionForm.payments.legend")}</legend>
          <div>
            {draft.multi ? <input type="hidden" name="multi" value="on" /> : null}
            <button
              type="submit"
              name="intent"
              value={intentValue.multi(!draft.multi)}
              formAction={landAt({ kind: "multi", on: !draft.multi })}
              formNoValidate
              id={transactionFieldId("multi")}
              role="switch"
              aria-checked={draft.multi}
              aria-describedby="transaction-multi-hint"
              onClick={inPlace(toggleMulti)}
              className="group inline-flex min-h-11 items-center gap-3 rounded-md py-1 text-sm sm:min-h-0 font-medium text-slate-800 focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-500 dark:text-slate-100"
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
              onRemove={inPlace(() => {
                focusRowAfterRemove.current = Math.max(index - 1, 0);
                removeRow(payment.key);
              })}
              refreshAction={landAt({ kind: "refresh", index })}
              removeAction={landAt({ kind: "remove", index })}
            />
          ))}
          {/* Without JavaScript the USD amounts are worked out on request. With it they follow every
              keystroke, so the box is not needed: inside <noscript> a browser running scripts never
              lays it out, so nothing moves on hydration and no empty space is left in the form. */}
          <noscript>
            <div className="flex flex-col gap-2 rounded-md bg-slate-50 p-3 sm:flex-row sm:items-center sm:justify-between dark:bg-slate-800/60">
              <p className="text-xs text-slate-600 dark:text-slate-300">{t("transactionForm.payments.recalculateHint")}</p>
              <button
                type="submit"
                name="intent"
                value={intentValue.recalculate}
                formAction={landAt({ kind: "recalculate" })}
                formNoValidate
                className={`${buttonClass.secondary} shrink-0`}
              >
                {t("transactionForm.payments.recalculate")}
              </button>
            </div>
          </noscript>
          {/* The rows' sum is checked on save only: no line is kept for it, so no empty band sits
              under the payment (issue 23). */}
          <ErrorList id={`${FORM_ID}-payments-error`} errors={errors.payments} reserve={false} />
          {draft.multi ? (
            <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
              {draft.payments.length < MAX_PAYMENTS ? (
                <button
                  type="submit"
                  name="intent"
                  value={intentValue.add}
                  formAction={landAt({ kind: "add" })}
                  formNoValidate
                  onClick={inPlace(addRow)}
                  className={buttonClass.secondary}
                >
                  <span aria-hidden="true">+</span>
                  {t("transactionForm.payments.add")}
                </button>
              ) : (
                <span />
              )}
              <p className="text-sm">
                <span className="text-slate-600 dark:text-slate-300">{`${t("transactionForm.payments.total")}: `}</span>
                <strong className="text-lg" data-testid="usd-total">
                  {totalCents === null ? t("transactionForm.payment.pending") : <Money minor={totalCents} currency={USD} />}
                </strong>
              </p>
            </div>
          ) : null}
        </fieldset>

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
              id: transactionFieldId("date"),
              name: "date",
              type: "date",
              min: page.accepted.earliest,
              max: page.accepted.latest,
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

        <div className="flex flex-col-reverse gap-3 border-t border-slate-200 pt-5 sm:flex-row sm:items-center sm:justify-between dark:border-slate-800">
          <div>
            {editing && !page.confirmDelete ? (
              <Link
                to={`/expenses/edit/${page.id}?delete=1#${CONFIRM_ANCHOR}`}
                preventScrollReset
                aria-label={t("transactionForm.deleteLabel")}
                className={`${buttonClass.dangerOutline} w-full sm:w-auto`}
              >
                {t("transactionForm.delete")}
              </Link>
            ) : null}
            {editing && !page.confirmDelete ? (
              <Link
                to={`/recurring?new&from=${page.id}`}
                aria-label={t("transactionForm.repeatLabel")}
                className={`${buttonClass.secondary} mt-3 w-full sm:mt-0 sm:ml-3 sm:w-auto`}
              >
                {t("transactionForm.repeat")}
              </Link>
            ) : null}
            {editing && !page.confirmDelete ? (
              <Link
                to={`/expenses/new?from=${page.id}`}
                aria-label={t("transactionForm.repeatTodayLabel")}
                className={`${buttonClass.secondary} mt-3 w-full sm:mt-0 sm:ml-3 sm:w-auto`}
              >
                {t("transactionForm.repeatToday")}
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
