import { getFormProps, getInputProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { data, Form, Link, redirect } from "react-router";
import { requireSession } from "~/auth/guards.server";
import { Card } from "~/components/card";
import { CategoryBadge, CategoryIcon } from "~/components/category-icon";
import { useCategoryName } from "~/components/category-name";
import { ChoiceGroup, Swatch } from "~/components/choice-group";
import { ConfirmPanel } from "~/components/confirm-panel";
import { Alert, buttonClass, Field, SubmitButton, useHydrated, useIsPending } from "~/components/forms";
import { useExpiring, useFlashParam } from "~/components/use-flash-param";
import { LoadError } from "~/components/load-error";
import { createCategory, deleteCategory, listCategories, updateCategory, type Category, type CategoryError } from "~/features/categories/commands.server";
import { dbContext } from "~/context.server";
import { getInstance } from "~/middleware/i18n";
import {
  CATEGORY_COLORS,
  CATEGORY_ICONS,
  CATEGORY_NAME_MAX,
  CATEGORY_TYPES,
  categorySchema,
  DEFAULT_CATEGORY_COLOR,
  DEFAULT_CATEGORY_ICON,
} from "~/features/categories/model";
import type { Route } from "./+types/index";

const CREATE = "create";
const UPDATE = "update";
const DELETE = "delete";

/** What a refused change says, by the query layer's reason. */
const errorMessages: Record<CategoryError, string> = {
  notFound: "errors.notFound",
  defaultReadOnly: "errors.defaultCategoryReadOnly",
  duplicate: "errors.categoryExists",
  inUse: "errors.categoryInUse",
  inUseByBudgets: "errors.categoryInUseByBudgets",
  typeInUse: "errors.categoryTypeInUse",
};
const statusOf = (error: CategoryError) => (error === "notFound" ? 404 : error === "defaultReadOnly" ? 403 : 409);

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: loaderData?.title }];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const session = requireSession(context);
  const all = await listCategories(context.get(dbContext), session.user.id);
  const url = new URL(request.url);
  const own = all.filter((c) => !c.isDefault);
  // ?edit=id and ?delete=id are states of the page, so both work without JavaScript.
  const editId = own.some((c) => c.id === url.searchParams.get("edit")) ? url.searchParams.get("edit") : null;
  const deleteId = own.some((c) => c.id === url.searchParams.get("delete")) ? url.searchParams.get("delete") : null;
  return {
    title: getInstance(context).t("categories.metaTitle"),
    own: own.map(toView),
    defaults: all.filter((c) => c.isDefault).map(toView),
    editId,
    deleteId,
  };
}

function toView(c: Category) {
  return { id: c.id, name: c.name, type: c.type, color: c.color, icon: c.icon };
}

type ActionResult =
  | { intent: typeof CREATE | typeof UPDATE; id: string | null; result: SubmissionResult<string[]> }
  | { intent: typeof DELETE; id: string; error: string };

export async function action({ request, context }: Route.ActionArgs) {
  const session = requireSession(context);
  const db = context.get(dbContext);
  const userId = session.user.id;
  const formData = await request.formData();
  const intent = formData.get("intent");
  const id = String(formData.get("id") ?? "");

  if (intent === DELETE) {
    let error: string;
    try {
      const outcome = await deleteCategory(db, userId, id);
      if (outcome.ok) return redirect("/categories?saved=deleted");
      return data<ActionResult>({ intent: DELETE, id, error: errorMessages[outcome.error] }, { status: statusOf(outcome.error) });
    } catch (cause) {
      console.error("category delete failed", cause);
      error = "errors.failedToDeleteCategory";
    }
    return data<ActionResult>({ intent: DELETE, id, error }, { status: 500 });
  }
  if (intent !== CREATE && intent !== UPDATE) throw data({ message: `Unknown intent: ${String(intent)}` }, { status: 400 });

  const submission = parseWithZod(formData, { schema: categorySchema });
  const reply = (result: SubmissionResult<string[]>, status: number) =>
    data<ActionResult>({ intent, id: intent === UPDATE ? id : null, result }, { status });
  if (submission.status !== "success") return reply(submission.reply(), 400);
  try {
    const outcome =
      intent === CREATE
        ? await createCategory(db, userId, submission.value)
        : await updateCategory(db, userId, id, submission.value);
    if (!outcome.ok) {
      const message = errorMessages[outcome.error];
      const result =
        outcome.error === "duplicate"
          ? submission.reply({ fieldErrors: { name: [message] } })
          : outcome.error === "typeInUse"
          ? submission.reply({ fieldErrors: { type: [message] } })
          : submission.reply({ formErrors: [message] });
      return reply(result, statusOf(outcome.error));
    }
  } catch (cause) {
    console.error(`category ${intent} failed`, cause);
    const message = intent === CREATE ? "errors.failedToCreateCategory" : "errors.failedToUpdateCategory";
    return reply(submission.reply({ formErrors: [message] }), 500);
  }
  return redirect(`/categories?saved=${intent === CREATE ? "created" : "updated"}`);
}

export default function Categories({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { own, defaults, editId, deleteId } = loaderData;
  const saved = useFlashParam("saved");
  const deleteError = useExpiring(actionData?.intent === DELETE ? actionData : null);
  const createResult = actionData?.intent === CREATE ? actionData.result : undefined;
  // A refused edit keeps its row open even when posted from a URL without ?edit=…
  const editing = actionData?.intent === UPDATE ? actionData.id : editId;
  // An update of a category that is not in the list (another user's, or gone) has no row to show its error on.
  const rowlessError =
    actionData?.intent === UPDATE && !own.some((c) => c.id === actionData.id) ? actionData.result.error?.[""]?.[0] : undefined;
  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{t("categories.title")}</h1>
        <p className="mt-1 text-slate-600 dark:text-slate-300">{t("categories.subtitle")}</p>
      </div>
      <div aria-live="polite" className="empty:hidden">
        {saved === "created" || saved === "updated" || saved === "deleted" ? (
          <Alert tone="success">{t(`categories.saved.${saved}`)}</Alert>
        ) : null}
      </div>
      {deleteError ? <Alert tone="error">{t(deleteError.error)}</Alert> : null}
      {rowlessError ? <Alert tone="error">{t(rowlessError)}</Alert> : null}
      <div className="grid gap-6 lg:grid-cols-5">
        <Card id="new-category" title={t("categories.form.title")} className="lg:col-span-2 lg:self-start">
          {/* Keyed by the last result so a successful add (a new page visit) starts empty. */}
          <CategoryForm key={saved ?? "new"} mode="create" lastResult={createResult} />
        </Card>
        <div className="space-y-6 lg:col-span-3">
          <Card
            id="your-categories"
            title={t("categories.yours.title")}
            actions={<span className="text-sm text-slate-600 dark:text-slate-300">{t("categories.yours.count", { count: own.length })}</span>}
          >
            {own.length === 0 ? (
              <p className="py-6 text-center text-slate-600 dark:text-slate-300">{t("categories.yours.empty")}</p>
            ) : (
              <ul className="divide-y divide-slate-200 dark:divide-slate-800">
                {own.map((category) => (
                  <li key={category.id} className="py-3 first:pt-0 last:pb-0">
                    {editing === category.id ? (
                      <CategoryForm
                        mode="edit"
                        category={category}
                        lastResult={actionData?.intent === UPDATE ? actionData.result : undefined}
                      />
                    ) : (
                      <CategoryRow category={category} confirming={deleteId === category.id} />
                    )}
                  </li>
                ))}
              </ul>
            )}
          </Card>
          <Card id="default-categories" title={t("categories.defaults.title")}>
            <p className="mb-4 text-sm text-slate-600 dark:text-slate-300">{t("categories.defaults.note")}</p>
            <ul className="grid gap-3 sm:grid-cols-2">
              {defaults.map((category) => (
                <li key={category.id} className="flex items-center gap-3">
                  <CategoryBadge icon={category.icon} color={category.color} size="sm" />
                  <CategoryLabel category={category} />
                </li>
              ))}
            </ul>
          </Card>
        </div>
      </div>
    </div>
  );
}

type CategoryView = Route.ComponentProps["loaderData"]["own"][number];

function CategoryLabel({ category }: { category: CategoryView }) {
  const { t } = useTranslation();
  const displayName = useCategoryName();
  return (
    <div className="min-w-0">
      <p className="truncate font-medium">{displayName(category)}</p>
      <p className={`text-xs font-medium ${category.type === "income" ? "text-green-700 dark:text-green-300" : "text-red-700 dark:text-red-300"}`}>
        {t(`categories.types.${category.type}`)}
      </p>
    </div>
  );
}

function CategoryRow({ category, confirming }: { category: CategoryView; confirming: boolean }) {
  const { t } = useTranslation();
  const deleting = useIsPending({ intent: DELETE });
  return (
    <div>
      <div className="flex items-center gap-3">
        <CategoryBadge icon={category.icon} color={category.color} />
        <div className="min-w-0 flex-1">
          <CategoryLabel category={category} />
        </div>
        {confirming ? null : (
          <div className="flex shrink-0 gap-2">
            <Link
              to={`/categories?edit=${category.id}`}
              preventScrollReset
              aria-label={t("categories.yours.editLabel", { name: category.name })}
              className={`${buttonClass.secondary} px-3 py-1.5`}
            >
              {t("categories.yours.edit")}
            </Link>
            <Link
              to={`/categories?delete=${category.id}`}
              preventScrollReset
              aria-label={t("categories.yours.deleteLabel", { name: category.name })}
              className={`${buttonClass.secondary} px-3 py-1.5 text-red-700 dark:text-red-300`}
            >
              {t("categories.yours.delete")}
            </Link>
          </div>
        )}
      </div>
      {confirming ? (
        <ConfirmPanel
          question={t("categories.confirmDelete.question", { name: category.name })}
          detail={t("categories.confirmDelete.detail")}
          action="/categories"
          hidden={{ intent: DELETE, id: category.id }}
          confirmLabel={t("categories.confirmDelete.confirm")}
          pendingLabel={t("categories.confirmDelete.deleting")}
          pending={deleting}
          cancelTo="/categories"
          cancelLabel={t("categories.confirmDelete.cancel")}
        />
      ) : null}
    </div>
  );
}

function CategoryForm({
  mode,
  category,
  lastResult,
}: {
  mode: "create" | "edit";
  category?: CategoryView;
  lastResult: SubmissionResult<string[]> | undefined;
}) {
  const { t } = useTranslation();
  const hydrated = useHydrated();
  const intent = mode === "create" ? CREATE : UPDATE;
  const pending = useIsPending({ intent });
  const formId = mode === "create" ? "category-new" : `category-${category!.id}`;
  const [form, fields] = useForm({
    id: formId,
    lastResult,
    defaultValue: category ?? { type: "expense", color: DEFAULT_CATEGORY_COLOR, icon: DEFAULT_CATEGORY_ICON },
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: categorySchema }),
  });
  // Save waits for a name (spec section 5); the server refuses an empty one anyway.
  const [name, setName] = useState(String(fields.name.initialValue ?? ""));
  const formError = form.errors?.[0];
  const action = mode === "create" ? "/categories" : `/categories?edit=${category!.id}`;
  const initial = (value: unknown, fallback: string) => (typeof value === "string" && value ? value : fallback);
  return (
    <Form method="post" action={action} preventScrollReset className="space-y-3" {...getFormProps(form)}>
      {mode === "edit" ? (
        <>
          <h3 className="font-medium">{t("categories.yours.editing", { name: category!.name })}</h3>
          <input type="hidden" name="id" value={category!.id} />
        </>
      ) : null}
      {formError ? (
        <Alert tone="error">
          <span id={form.errorId}>{t(formError)}</span>
        </Alert>
      ) : null}
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
      <div className="flex flex-col-reverse gap-3 pt-2 sm:flex-row sm:justify-end">
        {mode === "edit" ? (
          <Link to="/categories" preventScrollReset className={buttonClass.secondary}>
            {t("categories.form.cancel")}
          </Link>
        ) : null}
        <SubmitButton
          name="intent"
          value={intent}
          pending={pending}
          pendingLabel={t(mode === "create" ? "categories.form.adding" : "categories.form.saving")}
          disabled={hydrated && !name.trim()}
        >
          {t(mode === "create" ? "categories.form.add" : "categories.form.save")}
        </SubmitButton>
      </div>
    </Form>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <LoadError error={error} titleKey="errors.failedToLoadCategories" />;
}
