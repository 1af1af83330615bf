import { getFormProps, getInputProps, useForm, type SubmissionResult } from "@conform-to/react";
import { useState } from "react";
import { useTranslation } from "~/locales/use-translation";
import { Form } from "react-router";
import { CategoryIcon } from "~/components/category-icon";
import { ChoiceGroup, Swatch } from "~/components/choice-group";
import { EditingHeading, FormButtons, FormErrorAlert, listIntents } from "~/components/editable-list";
import { Field } from "~/components/forms";
import { useLazyValidation, validationLoader } from "~/components/use-lazy-validation";
import type { CategoryView } from "~/features/categories/model";
import {
  CATEGORY_COLORS,
  CATEGORY_ICONS,
  CATEGORY_NAME_MAX,
  CATEGORY_TYPES,
  DEFAULT_CATEGORY_COLOR,
  DEFAULT_CATEGORY_ICON,
} from "~/features/categories/model";

// The schema arrives on the form's first focus (docs/decisions/017).
const loadValidation = validationLoader(() => import("~/features/categories/schemas").then((m) => m.categorySchema));

/** The add form, or the edit form in place of a category's row. */
export function CategoryForm({
  mode,
  category,
  lastResult,
}: {
  mode: "create" | "edit";
  category?: CategoryView;
  lastResult: SubmissionResult<string[]> | undefined;
}) {
  const { t } = useTranslation();
  const intent = mode === "create" ? listIntents.create : listIntents.update;
  const formId = mode === "create" ? "category-new" : `category-edit-${category!.id}`;
  const [validation, loadValidationOnUse] = useLazyValidation(loadValidation);
  const [form, fields] = useForm({
    id: formId,
    lastResult,
    defaultValue: category ?? { type: "expense", color: DEFAULT_CATEGORY_COLOR, icon: DEFAULT_CATEGORY_ICON },
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: validation && (({ formData }) => validation.parseWithZod(formData, { schema: validation.schema })),
  });
  const [name, setName] = useState(String(fields.name.initialValue ?? ""));
  const action = mode === "create" ? "/categories" : `/categories?edit=${category!.id}`;
  const initial = (value: unknown, fallback: string) => (typeof value === "string" && value ? value : fallback);
  return (
    <Form method="post" action={action} className="space-y-3" {...getFormProps(form)} {...loadValidationOnUse}>
      {mode === "edit" ? <EditingHeading heading={t("categories.yours.editing", { name: category!.name })} id={category!.id} /> : null}
      <FormErrorAlert form={form} result={lastResult} />
      <Field
        label={t("categories.form.name")}
        inputProps={{
          ...getInputProps(fields.name, { type: "text" }),
          placeholder: t("categories.form.namePlaceholder"),
          maxLength: CATEGORY_NAME_MAX,
          autoFocus: mode === "edit",
          onChange: (e) => setName(e.currentTarget.value),
        }}
        errors={fields.name.errors}
      />
      <ChoiceGroup
        legend={t("categories.form.type")}
        name="type"
        idPrefix={formId}
        variant="segment"
        defaultValue={initial(fields.type.initialValue, "expense")}
        choices={CATEGORY_TYPES.map((type) => ({ value: type, label: t(`categories.types.${type}`) }))}
        errors={fields.type.errors}
      />
      <ChoiceGroup
        legend={t("categories.form.color")}
        name="color"
        idPrefix={formId}
        variant="swatch"
        defaultValue={initial(fields.color.initialValue, DEFAULT_CATEGORY_COLOR)}
        choices={CATEGORY_COLORS.map((c) => ({ value: c.hex, label: t(`categories.colors.${c.name}`), render: <Swatch hex={c.hex} /> }))}
        errors={fields.color.errors}
      />
      <ChoiceGroup
        legend={t("categories.form.icon")}
        name="icon"
        idPrefix={formId}
        variant="icon"
        defaultValue={initial(fields.icon.initialValue, DEFAULT_CATEGORY_ICON)}
        choices={CATEGORY_ICONS.map((icon) => ({ value: icon, label: t(`categories.icons.${icon}`), render: <CategoryIcon name={icon} /> }))}
        errors={fields.icon.errors}
      />
      <FormButtons
        cancel={mode === "edit" ? { to: "/categories", label: t("categories.form.cancel") } : undefined}
        intent={intent}
        label={t(mode === "create" ? "categories.form.add" : "categories.form.save")}
        pendingLabel={t(mode === "create" ? "categories.form.adding" : "categories.form.saving")}
        blank={!name.trim()}
      />
    </Form>
  );
}
