import type { SubmissionResult } from "@conform-to/react";
import { useTranslation } from "~/locales/use-translation";
import { CategoryOptions } from "~/components/category-options";
import { Form } from "react-router";
import { EditingHeading, FormButtons, FormErrorAlert, type ListIntents } from "~/components/editable-list";
import { Field, SelectField } from "~/components/forms";
import { serverForm } from "~/components/server-form";
import { decimalForInput, minorToDecimalString } from "~/money/amounts";
import { type MonthStart, yearMonthOf } from "~/calendar/months";
import { DEFAULT_ALERT_THRESHOLD, MAX_ALERT_THRESHOLD, MIN_ALERT_THRESHOLD } from "~/features/budgets/model";
import type { BudgetCategory, BudgetView } from "./budget-status";

/**
 * The create form, or the edit form in place of a budget's card. Validated by the server only
 * (serverForm: the page downloads no form or schema library); the answer keeps what was typed
 * and marks each field.
 */
export function BudgetForm({
  mode,
  budget,
  categories,
  month,
  action,
  cancelTo,
  intents,
  lastResult,
}: {
  mode: "create" | "edit";
  budget?: BudgetView;
  /** The expense categories the form offers. */
  categories: readonly BudgetCategory[];
  month: MonthStart;
  action: string;
  cancelTo: string;
  intents: ListIntents;
  lastResult: SubmissionResult<string[]> | undefined;
}) {
  const { t, i18n } = useTranslation();
  const formId = mode === "create" ? "budget-new" : `budget-edit-${budget!.id}`;
  const { form, field } = serverForm<"categoryId" | "amount" | "alertThreshold">(
    formId,
    lastResult,
    budget
      ? {
          categoryId: budget.categoryId,
          amount: decimalForInput(minorToDecimalString(budget.amountCents, 2), i18n.language),
          alertThreshold: String(budget.alertThreshold),
        }
      : { alertThreshold: String(DEFAULT_ALERT_THRESHOLD) },
  );
  const category = field("categoryId");
  const amount = field("amount");
  const threshold = field("alertThreshold");
  return (
    <Form method="post" action={action} id={form.id} noValidate className="space-y-3">
      {mode === "edit" ? <EditingHeading heading={t("budgets.form.editTitle")} id={budget!.id} /> : null}
      <FormErrorAlert form={form} result={lastResult} />
      <input type="hidden" name="month" value={yearMonthOf(month)} />
      <div className="grid gap-x-4 sm:grid-cols-3">
        <SelectField
          label={t("budgets.form.category")}
          // An opened form (new or edit) starts at its first field, as the goal form does.
          selectProps={{ ...category.input, autoFocus: true }}
          errors={category.errors}
        >
          <option value="">{t("budgets.form.chooseCategory")}</option>
          <CategoryOptions categories={categories} />
        </SelectField>
        <Field
          label={t("budgets.form.amount")}
          inputProps={{ ...amount.input, type: "text", inputMode: "decimal", autoComplete: "off", placeholder: decimalForInput("250.00", i18n.language) }}
          errors={amount.errors}
        />
        <Field
          label={t("budgets.form.threshold")}
          inputProps={{ ...threshold.input, type: "number", min: MIN_ALERT_THRESHOLD, max: MAX_ALERT_THRESHOLD, step: 1 }}
          errors={threshold.errors}
          hint={<p className="mt-1 text-xs text-slate-600 dark:text-slate-300">{t("budgets.form.thresholdHint")}</p>}
        />
      </div>
      <FormButtons
        cancel={{ to: cancelTo, label: t("budgets.form.cancel") }}
        intent={mode === "create" ? intents.create : intents.update}
        label={t(mode === "create" ? "budgets.form.create" : "budgets.form.save")}
        pendingLabel={t(mode === "create" ? "budgets.form.creating" : "budgets.form.saving")}
        blank={false}
      />
    </Form>
  );
}
