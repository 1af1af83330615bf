import type { SubmissionResult } from "@conform-to/react";
import { Form, Link } from "react-router";
import { useTranslation } from "~/locales/use-translation";
import { CategoryOptions } from "~/components/category-options";
import { ChoiceGroup } from "~/components/choice-group";
import { useCurrencyName } from "~/components/currency-name";
import { EditingHeading, FormErrorAlert } from "~/components/editable-list";
import { buttonClass, ErrorList, Field, rowButtonClass, SelectField, SubmitButton, useIsPending, type ListOfErrors } from "~/components/forms";
import { serverForm } from "~/components/server-form";
import { DESCRIPTION_MAX, intentValue, MAX_PAYMENTS, PAYMENT_METHODS, TRANSACTION_TYPES } from "~/features/transactions/model/transaction";
import { FREQUENCIES, INTERVAL_MAX, INTERVAL_MIN, OCCURRENCE_LIMIT_MAX } from "../model";
import { RECURRING_INTENTS, type ScheduleDraft, type ScheduleView } from "./intents";

// A schedule's create or edit form. The server validates it (scheduleFormSchema, the API's
// fields and rules) and answers Conform's SubmissionResult; the form is plain HTML, so it works
// without JavaScript. A schedule holds one or more payments: "Add payment" and each row's
// "Remove" are submit buttons with the transaction form's intents (intentValue.add / .remove),
// which the page's action answers with the form as typed plus or minus a row, the same round trip
// with JavaScript or without (decision 033).

type PaymentField = `payments[${number}].${"currencyCode" | "amount" | "method"}`;
type Name =
  | "type"
  | "description"
  | "categoryId"
  | PaymentField
  | "frequency"
  | "interval"
  | "startDate"
  | "ends"
  | "endDate"
  | "occurrenceLimit";

export type FormChoices = {
  categories: readonly { id: string; name: string; type: "expense" | "income" }[];
  tags: readonly { id: string; name: string; color: string }[];
  currencies: readonly { code: string; name: string }[];
  today: string;
};

export function ScheduleForm({
  mode,
  schedule,
  draft,
  choices,
  lastResult,
}: {
  mode: "create" | "edit";
  schedule?: ScheduleView;
  draft?: ScheduleDraft | null;
  choices: FormChoices;
  lastResult: SubmissionResult<string[]> | undefined;
}) {
  const { t } = useTranslation();
  const currencyName = useCurrencyName();
  const formId = mode === "create" ? "recurring-new" : `recurring-edit-${schedule!.id}`;
  const intent = mode === "create" ? RECURRING_INTENTS.create : RECURRING_INTENTS.update;
  const typedPayments = (lastResult?.initialValue as { payments?: unknown } | null | undefined)?.payments;
  const stored = schedule?.payments ?? draft?.payments ?? [];
  // The rows: as typed (after an add or remove, or a refused save), else the schedule's or the draft's.
  const rowCount = Math.max(1, Array.isArray(typedPayments) ? typedPayments.length : stored.length);
  const rows = Array.from({ length: rowCount }, (_, i) => i);
  const defaults: Partial<Record<Name, string>> = {
    type: schedule?.type ?? draft?.type ?? "EXPENSE",
    description: schedule?.description ?? draft?.description ?? "",
    categoryId: schedule?.categoryId ?? draft?.categoryId ?? "",
    ...Object.fromEntries(
      rows.flatMap((i) => [
        [`payments[${i}].currencyCode`, stored[i]?.currencyCode ?? "USD"],
        [`payments[${i}].amount`, stored[i]?.amount ?? ""],
        [`payments[${i}].method`, stored[i]?.method ?? "bank_transfer"],
      ]),
    ),
    frequency: schedule?.frequency ?? draft?.frequency ?? "monthly",
    interval: String(schedule?.interval ?? 1),
    startDate: schedule?.startDate ?? draft?.startDate ?? choices.today,
    ends: schedule?.endDate ? "on" : schedule?.occurrenceLimit ? "after" : "never",
    endDate: schedule?.endDate ?? "",
    occurrenceLimit: schedule?.occurrenceLimit ? String(schedule.occurrenceLimit) : "",
  };
  // What the user typed comes back nested (payments: [{ amount }]); the fields are named flat.
  const { form, field } = serverForm<Name>(formId, lastResult && ({ ...lastResult, initialValue: flatten(lastResult.initialValue) } as SubmissionResult<string[]>), defaults);
  const typed = lastResult?.initialValue as Record<string, unknown> | null | undefined;
  const typedTags = typed ? ([] as string[]).concat((typed.tagIds as string[] | string | undefined) ?? []) : null;
  const selectedTags = new Set(typedTags ?? schedule?.tagIds ?? draft?.tagIds ?? []);
  const postPastChecked = typed ? typed.postPast === "on" : true;
  const pending = useIsPending({ intent });
  const action = mode === "create" ? "/recurring?new" : `/recurring?edit=${schedule!.id}`;
  const text = (name: Name, label: string, extra: React.InputHTMLAttributes<HTMLInputElement> = {}) => {
    const f = field(name);
    return <Field label={label} inputProps={{ ...f.input, ...extra }} errors={f.errors} />;
  };
  const select = (name: Name, label: string, options: React.ReactNode) => {
    const f = field(name);
    return (
      <SelectField label={label} selectProps={{ ...f.input }} errors={f.errors}>
        {options}
      </SelectField>
    );
  };
  const ends = field("ends").input.defaultValue || "never";

  return (
    <Form method="post" action={action} id={formId} className="space-y-4" noValidate aria-describedby={form.errorId}>
      {mode === "edit" ? <EditingHeading heading={t("recurring.form.editTitle")} id={schedule!.id} /> : null}
      <FormErrorAlert form={form} result={lastResult} />
      <ChoiceGroup
        legend={t("transactionForm.type.legend")}
        name="type"
        idPrefix={formId}
        variant="segment"
        defaultValue={field("type").input.defaultValue}
        choices={TRANSACTION_TYPES.map((type) => ({ value: type, label: t(`money.types.${type}`) }))}
        errors={field("type").errors}
      />
      <div className="grid gap-x-4 sm:grid-cols-2">
        {text("description", t("transactionForm.description.label"), { type: "text", maxLength: DESCRIPTION_MAX, autoFocus: mode === "create" })}
        {select(
          "categoryId",
          t("transactionForm.category.label"),
          <>
            <option value="">{t("transactionForm.category.placeholder")}</option>
            <CategoryOptions categories={choices.categories} />
          </>,
        )}
      </div>
      {/* Which form an add or remove belongs to (its button's intent replaces the save's). */}
      <input type="hidden" name="form" value={intent} />
      {rowCount > 1 ? <input type="hidden" name="multi" value="on" /> : null}
      {/* Keyed on the rows' values: after an add or remove the inputs start again from them. */}
      <fieldset key={JSON.stringify(typedPayments ?? stored)} className="space-y-3">
        <legend className="sr-only">{t("transactionForm.payments.legend")}</legend>
        {rows.map((i) => (
          <div key={i} id={`${formId}-payment-${i}`} className="space-y-1">
            {rowCount > 1 ? (
              <div className="flex items-center justify-between gap-2">
                <p className="text-sm font-medium">{t("transactionForm.payments.row", { number: i + 1 })}</p>
                <button
                  type="submit"
                  name="intent"
                  value={intentValue.remove(i)}
                  formNoValidate
                  aria-label={t("transactionForm.payments.removeLabel", { number: i + 1 })}
                  className={rowButtonClass.danger}
                >
                  {t("transactionForm.payments.remove")}
                </button>
              </div>
            ) : null}
            <div className="grid gap-x-4 sm:grid-cols-3">
              {select(
                `payments[${i}].currencyCode`,
                t("transactionForm.payment.currency"),
                choices.currencies.map((c) => (
                  <option key={c.code} value={c.code}>
                    {c.code} — {currencyName(c)}
                  </option>
                )),
              )}
              {text(`payments[${i}].amount`, t("transactionForm.payment.amount"), { type: "text", inputMode: "decimal", placeholder: t("transactionForm.payment.amountPlaceholder") })}
              {select(
                `payments[${i}].method`,
                t("transactionForm.payment.method"),
                PAYMENT_METHODS.map((m) => (
                  <option key={m} value={m}>
                    {t(`money.paymentMethods.${m}`)}
                  </option>
                )),
              )}
            </div>
          </div>
        ))}
        {rowCount < MAX_PAYMENTS ? (
          <button type="submit" name="intent" value={intentValue.add} formNoValidate className={rowButtonClass.plain}>
            {t("transactionForm.payments.add")}
          </button>
        ) : null}
      </fieldset>
      <TagBoxes formId={formId} tags={choices.tags} selected={selectedTags} errors={(form.allErrors.tagIds as ListOfErrors) ?? undefined} />
      <div className="grid gap-x-4 sm:grid-cols-3">
        {select(
          "frequency",
          t("recurring.form.frequency"),
          FREQUENCIES.map((f) => (
            <option key={f} value={f}>
              {t(`recurring.form.frequencies.${f}`)}
            </option>
          )),
        )}
        {text("interval", t("recurring.form.interval"), { type: "number", min: INTERVAL_MIN, max: INTERVAL_MAX, inputMode: "numeric" })}
        {text("startDate", t("recurring.form.startDate"), { type: "date" })}
      </div>
      <fieldset>
        <legend className="mb-1 block text-sm font-medium text-slate-700 dark:text-slate-200">{t("recurring.form.ends")}</legend>
        <div className="space-y-2">
          {(["never", "on", "after"] as const).map((choice) => (
            <label key={choice} className="flex min-h-11 items-center gap-2 text-sm sm:min-h-0">
              <input type="radio" name="ends" value={choice} defaultChecked={ends === choice} className="h-4 w-4" />
              {t(`recurring.form.ends${choice === "never" ? "Never" : choice === "on" ? "On" : "After"}`)}
            </label>
          ))}
        </div>
      </fieldset>
      <div className="grid gap-x-4 sm:grid-cols-2">
        {text("endDate", t("recurring.form.endDate"), { type: "date" })}
        {text("occurrenceLimit", t("recurring.form.occurrenceLimit"), { type: "number", min: 1, max: OCCURRENCE_LIMIT_MAX, inputMode: "numeric" })}
      </div>
      {mode === "create" ? (
        <label className="flex min-h-11 items-center gap-2 text-sm sm:min-h-0">
          <input type="checkbox" name="postPast" defaultChecked={postPastChecked} className="h-4 w-4" />
          {t("recurring.form.postPast")}
        </label>
      ) : (
        <p className="text-sm text-slate-600 dark:text-slate-300">{t("recurring.form.editNote")}</p>
      )}
      <div className="flex flex-col-reverse gap-3 pt-2 sm:flex-row sm:justify-end">
        <Link to="/recurring" preventScrollReset className={buttonClass.secondary}>
          {t("recurring.form.cancel")}
        </Link>
        <SubmitButton name="intent" value={intent} pending={pending} pendingLabel={t(mode === "create" ? "recurring.form.creating" : "recurring.form.saving")}>
          {t(mode === "create" ? "recurring.form.create" : "recurring.form.save")}
        </SubmitButton>
      </div>
    </Form>
  );
}

function TagBoxes({ formId, tags, selected, errors }: { formId: string; tags: FormChoices["tags"]; selected: ReadonlySet<string>; errors?: ListOfErrors }) {
  const { t } = useTranslation();
  if (tags.length === 0) return null;
  return (
    <fieldset id={`${formId}-tagIds`}>
      <legend className="mb-1 block text-sm font-medium text-slate-700 dark:text-slate-200">{t("transactionForm.tags.legend")}</legend>
      <div className="flex flex-wrap gap-2">
        {tags.map((tag) => (
          <label key={tag.id} className="inline-flex min-h-11 items-center gap-2 rounded-full border border-slate-300 px-3 py-1 text-sm sm:min-h-0 dark:border-slate-600">
            <input type="checkbox" name="tagIds" value={tag.id} defaultChecked={selected.has(tag.id)} className="h-4 w-4" />
            <span aria-hidden="true" className="h-2.5 w-2.5 rounded-full" style={{ backgroundColor: tag.color }} />
            {tag.name}
          </label>
        ))}
      </div>
      <ErrorList id={`${formId}-tagIds-error`} errors={errors} />
    </fieldset>
  );
}

/** { payments: [{ amount: "1" }] } as { "payments[0].amount": "1" }, Conform's field names. */
function flatten(value: unknown, prefix = "", out: Record<string, unknown> = {}): Record<string, unknown> {
  if (Array.isArray(value)) {
    if (value.every((v) => typeof v !== "object" || v === null)) out[prefix] = value;
    else value.forEach((v, i) => flatten(v, `${prefix}[${i}]`, out));
  } else if (typeof value === "object" && value !== null) {
    for (const [key, v] of Object.entries(value)) flatten(v, prefix ? `${prefix}.${key}` : key, out);
  } else if (prefix) out[prefix] = value;
  return out;
}
