import { getFormProps, getInputProps, useForm, type SubmissionResult } from "@conform-to/react";
import { useState } from "react";
import { useTranslation } from "~/locales/use-translation";
import { Form } from "react-router";
import { ChoiceGroup, Swatch } from "~/components/choice-group";
import { EditingHeading, FormButtons, FormErrorAlert, listIntents } from "~/components/editable-list";
import { Field } from "~/components/forms";
import { useLazyValidation, validationLoader } from "~/components/use-lazy-validation";
import type { TagView } from "~/features/tags/model";
import { DEFAULT_TAG_COLOR, TAG_COLORS, TAG_DESCRIPTION_MAX, TAG_NAME_MAX } from "~/features/tags/model";

// The schema arrives on the form's first focus (docs/decisions/017).
const loadValidation = validationLoader(() => import("~/features/tags/schemas").then((m) => m.tagSchema));

/** The create form, or the edit form in place of a tag's row. */
export function TagForm({ mode, tag, lastResult }: { mode: "create" | "edit"; tag?: TagView; lastResult: SubmissionResult<string[]> | undefined }) {
  const { t } = useTranslation();
  const intent = mode === "create" ? listIntents.create : listIntents.update;
  const formId = mode === "create" ? "tag-new" : `tag-edit-${tag!.id}`;
  const [validation, loadValidationOnUse] = useLazyValidation(loadValidation);
  const [form, fields] = useForm({
    id: formId,
    lastResult,
    defaultValue: tag ? { name: tag.name, description: tag.description ?? "", color: tag.color } : { color: DEFAULT_TAG_COLOR },
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: validation && (({ formData }) => validation.parseWithZod(formData, { schema: validation.schema })),
  });
  const [name, setName] = useState(String(fields.name.initialValue ?? ""));
  const color = typeof fields.color.initialValue === "string" && fields.color.initialValue ? fields.color.initialValue : DEFAULT_TAG_COLOR;
  return (
    <Form
      method="post"
      action={mode === "create" ? "/tags?new" : `/tags?edit=${tag!.id}`}
      className="space-y-3"
      {...getFormProps(form)}
      {...loadValidationOnUse}
    >
      {mode === "edit" ? <EditingHeading heading={t("tags.form.editTitle")} id={tag!.id} /> : null}
      <FormErrorAlert form={form} result={lastResult} />
      <div className="grid gap-x-4 sm:grid-cols-2">
        <Field
          label={t("tags.form.name")}
          inputProps={{
            ...getInputProps(fields.name, { type: "text" }),
            placeholder: t("tags.form.namePlaceholder"),
            maxLength: TAG_NAME_MAX,
            autoFocus: true,
            onChange: (e) => setName(e.currentTarget.value),
          }}
          errors={fields.name.errors}
        />
        <Field
          label={
            <>
              {t("tags.form.description")}{" "}
              <span className="font-normal text-slate-600 dark:text-slate-300">({t("tags.form.descriptionHint")})</span>
            </>
          }
          inputProps={{ ...getInputProps(fields.description, { type: "text" }), maxLength: TAG_DESCRIPTION_MAX }}
          errors={fields.description.errors}
        />
      </div>
      <ChoiceGroup
        legend={t("tags.form.color")}
        name="color"
        idPrefix={formId}
        variant="swatch"
        defaultValue={color}
        choices={TAG_COLORS.map((c) => ({ value: c.hex, label: t(`tags.colors.${c.name}`), render: <Swatch hex={c.hex} /> }))}
        errors={fields.color.errors}
      />
      <FormButtons
        cancel={{ to: "/tags", label: t("tags.form.cancel") }}
        intent={intent}
        label={t(mode === "create" ? "tags.form.create" : "tags.form.save")}
        pendingLabel={t(mode === "create" ? "tags.form.creating" : "tags.form.saving")}
        blank={!name.trim()}
      />
    </Form>
  );
}
