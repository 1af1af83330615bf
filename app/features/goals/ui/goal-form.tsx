import type { SubmissionResult } from "@conform-to/react";
import { useState } from "react";
import { useTranslation } from "~/locales/use-translation";
import { Form } from "react-router";
import { useCurrencyName } from "~/components/currency-name";
import { EditingHeading, FormButtons, FormErrorAlert, type ListIntents } from "~/components/editable-list";
import { Field, SelectField } from "~/components/forms";
import { serverForm } from "~/components/server-form";
import { decimalForInput, minorToDecimalString } from "~/money/amounts";
import { BASE_CURRENCY } from "~/money/currencies";
import type { DayRange } from "~/calendar/range";
import { GOAL_DESCRIPTION_MAX, GOAL_NAME_MAX } from "~/features/goals/model";
import type { GoalView } from "./goal-card";

/** An active currency as the goal form offers it. */
export type GoalCurrencyChoice = { code: string; name: string; decimals: number };

/**
 * The create form, or the edit form in place of a goal's card. Validated by the server only
 * (serverForm: the page downloads no form or schema library); the answer keeps what was typed
 * and marks each field.
 */
export function GoalForm({
  mode,
  goal,
  currencies,
  action,
  cancelTo,
  intents,
  lastResult,
  dateBounds,
}: {
  mode: "create" | "edit";
  goal?: GoalView;
  currencies: readonly GoalCurrencyChoice[];
  action: string;
  cancelTo: string;
  intents: ListIntents;
  lastResult: SubmissionResult<string[]> | undefined;
  /** The dates a target date may be (decision 022): the date field's min and max. */
  dateBounds: DayRange;
}) {
  const { t, i18n } = useTranslation();
  const currencyName = useCurrencyName();
  const formId = mode === "create" ? "goal-new" : `goal-edit-${goal!.id}`;
  const amount = (minor: number, decimals: number) => decimalForInput(minorToDecimalString(minor, decimals), i18n.language);
  const { form, field } = serverForm<"name" | "currencyCode" | "targetAmount" | "savedAmount" | "targetDate" | "description">(
    formId,
    lastResult,
    goal
      ? {
          name: goal.name,
          currencyCode: goal.currency.code,
          targetAmount: amount(goal.targetMinor, goal.currency.decimals),
          savedAmount: amount(goal.savedMinor, goal.currency.decimals),
          targetDate: goal.targetDate ?? "",
          description: goal.description ?? "",
        }
      : { currencyCode: BASE_CURRENCY },
  );
  const fields = {
    name: field("name"),
    currencyCode: field("currencyCode"),
    targetAmount: field("targetAmount"),
    savedAmount: field("savedAmount"),
    targetDate: field("targetDate"),
    description: field("description"),
  };
  const [name, setName] = useState(fields.name.input.defaultValue);
  // Once a goal has history its amounts are in its currency: the server refuses a change, so the form does not offer one.
  const currencyLocked = Boolean(goal && goal.entries.length > 0);
  // A goal in a currency the admin has since turned off keeps it: the choice includes it, or the
  // select would fall on the first one offered and move the goal without a word.
  const offered =
    goal && !currencies.some((c) => c.code === goal.currency.code) ? [...currencies, { code: goal.currency.code, name: "", decimals: goal.currency.decimals }] : currencies;
  return (
    <Form method="post" action={action} id={form.id} noValidate className="space-y-3">
      {mode === "edit" ? <EditingHeading heading={t("budgets.goals.form.editTitle")} id={goal!.id} /> : null}
      <FormErrorAlert form={form} result={lastResult} />
      <div className="grid gap-x-4 sm:grid-cols-2">
        <Field
          label={t("budgets.goals.form.name")}
          inputProps={{
            ...fields.name.input,
            type: "text",
            placeholder: t("budgets.goals.form.namePlaceholder"),
            maxLength: GOAL_NAME_MAX,
            autoFocus: true,
            onChange: (e) => setName(e.currentTarget.value),
          }}
          errors={fields.name.errors}
        />
        {currencyLocked ? (
          <div>
            <input type="hidden" name={fields.currencyCode.input.name} value={goal!.currency.code} />
            <p className="mb-1 block text-sm font-medium text-slate-700 dark:text-slate-200">{t("budgets.goals.form.currency")}</p>
            <p className="py-2">{currencyName({ code: goal!.currency.code, name: "" })} ({goal!.currency.code})</p>
          </div>
        ) : (
          <SelectField
            label={t("budgets.goals.form.currency")}
            selectProps={fields.currencyCode.input}
            errors={fields.currencyCode.errors}
          >
            {offered.map((currency) => (
              <option key={currency.code} value={currency.code}>
                {currency.code} · {currencyName(currency)}
              </option>
            ))}
          </SelectField>
        )}
        <Field
          label={t("budgets.goals.form.target")}
          inputProps={{ ...fields.targetAmount.input, type: "text", inputMode: "decimal", autoComplete: "off" }}
          errors={fields.targetAmount.errors}
        />
        <Field
          label={t("budgets.goals.form.saved")}
          inputProps={{ ...fields.savedAmount.input, type: "text", inputMode: "decimal", autoComplete: "off", "aria-describedby": `${formId}-saved-hint` }}
          errors={fields.savedAmount.errors}
          hint={
            <p id={`${formId}-saved-hint`} className="mt-1 text-xs text-slate-600 dark:text-slate-300">
              {t("budgets.goals.form.savedHint")}
            </p>
          }
        />
        <Field label={t("budgets.goals.form.targetDate")} inputProps={{ ...fields.targetDate.input, type: "date", min: dateBounds.earliest, max: dateBounds.latest }} errors={fields.targetDate.errors} />
        <Field
          label={t("budgets.goals.form.description")}
          inputProps={{ ...fields.description.input, type: "text", maxLength: GOAL_DESCRIPTION_MAX }}
          errors={fields.description.errors}
        />
      </div>
      <FormButtons
        cancel={{ to: cancelTo, label: t("budgets.goals.form.cancel") }}
        intent={mode === "create" ? intents.create : intents.update}
        label={t(mode === "create" ? "budgets.goals.form.create" : "budgets.goals.form.save")}
        pendingLabel={t(mode === "create" ? "budgets.goals.form.creating" : "budgets.goals.form.saving")}
        blank={!name.trim()}
      />
    </Form>
  );
}
