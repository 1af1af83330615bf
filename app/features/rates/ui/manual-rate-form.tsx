import { getFormProps, getInputProps, getSelectProps, useForm, type SubmissionResult } from "@conform-to/react";
import { useTranslation } from "~/locales/use-translation";
import { useCurrencyName } from "~/components/currency-name";
import { Form } from "react-router";
import { ErrorSummary, Field, SelectField, SubmitButton, useIsPending } from "~/components/forms";
import { useLazyValidation, validationLoader } from "~/components/use-lazy-validation";
import { settingsIntents } from "~/features/rates/model";
import { decimalForInput } from "~/money/amounts";
import { EARLIEST_DAY } from "~/calendar/range";

// The schema (per language) arrives on the form's first focus (docs/decisions/017).
const loadValidation = validationLoader(() => import("~/features/rates/schemas").then((m) => m.manualRateFormSchema));

/** A superadmin's rate for a currency and day; validated on the client with the schema the action uses. */
export function ManualRateForm({
  currencies,
  today,
  lastResult,
}: {
  currencies: { code: string; name: string }[];
  today: string;
  lastResult: SubmissionResult<string[]> | undefined;
}) {
  const { t, i18n } = useTranslation();
  const currencyName = useCurrencyName();
  const pending = useIsPending({ intent: settingsIntents.manualRate });
  const [validation, loadValidationOnUse] = useLazyValidation(loadValidation);
  const [form, fields] = useForm({
    id: "manual-rate-form",
    lastResult,
    defaultValue: { date: today },
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: validation && (({ formData }) => validation.parseWithZod(formData, { schema: validation.schema(i18n.language) })),
  });
  const rateHintId = `${fields.rate.id}-hint`;
  return (
    <Form method="post" className="space-y-3" {...getFormProps(form)} {...loadValidationOnUse}>
      <p className="text-sm text-slate-600 dark:text-slate-300">{t("settings.manual.description")}</p>
      <ErrorSummary formId={form.id} errors={form.allErrors} result={lastResult} formErrorId={form.errorId} />
      <SelectField
        key={fields.currencyCode.key}
        label={t("settings.manual.currency")}
        selectProps={getSelectProps(fields.currencyCode)}
        errors={fields.currencyCode.errors}
      >
        <option value="">{t("settings.manual.choose")}</option>
        {currencies.map((c) => (
          <option key={c.code} value={c.code}>
            {`${c.code} · ${currencyName(c)}`}
          </option>
        ))}
      </SelectField>
      <Field
        label={t("settings.manual.date")}
        inputProps={{ ...getInputProps(fields.date, { type: "date" }), min: EARLIEST_DAY, max: today }}
        errors={fields.date.errors}
      />
      <Field
        label={t("settings.manual.rate")}
        inputProps={{
          ...getInputProps(fields.rate, { type: "text" }),
          inputMode: "decimal",
          autoComplete: "off",
          placeholder: decimalForInput("0.8612", i18n.language),
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
        <SubmitButton name="intent" value={settingsIntents.manualRate} pending={pending} pendingLabel={t("settings.manual.saving")}>
          {t("settings.manual.submit")}
        </SubmitButton>
      </div>
    </Form>
  );
}
