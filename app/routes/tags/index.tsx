import { getFormProps, getInputProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { data, Form, Link, redirect, useNavigation } from "react-router";
import { requireSession } from "~/auth/guards.server";
import { ChoiceGroup, Swatch } from "~/components/choice-group";
import { ConfirmPanel } from "~/components/confirm-panel";
import { Alert, buttonClass, Field, Spinner, SubmitButton, useHydrated, useIsPending } from "~/components/forms";
import { useExpiring, useFlashParam } from "~/components/use-flash-param";
import { LoadError } from "~/components/load-error";
import { createTag, deleteTag, listTagsWithUsage, tagUsage, updateTag, type TagError } from "~/features/tags/commands.server";
import { dayToDate, formatDate } from "~/money/dates";
import { formatMinor } from "~/money/amounts";
import { USD } from "~/money/currencies";
import { DEFAULT_TAG_COLOR, TAG_COLORS, TAG_DESCRIPTION_MAX, TAG_NAME_MAX, tagSchema } from "~/features/tags/model";
import { dbContext } from "~/context.server";
import { getInstance } from "~/middleware/i18n";
import type { Route } from "./+types/index";

const CREATE = "create";
const UPDATE = "update";
const DELETE = "delete";

const errorMessages: Record<TagError, string> = { notFound: "errors.notFound", duplicate: "errors.tagExists" };

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: loaderData?.title }];
}

// The page's modes (spec section 4: list, creating, editing one tag) and its confirmation and
// usage panels are states of the URL: ?new, ?edit=id, ?delete=id, ?usage=id. So each works
// without JavaScript, and with it they are client navigations.
export async function loader({ request, context }: Route.LoaderArgs) {
  const session = requireSession(context);
  const db = context.get(dbContext);
  const params = new URL(request.url).searchParams;
  const list = await listTagsWithUsage(db, session.user.id);
  const known = (id: string | null) => (id && list.some((tag) => tag.id === id) ? id : null);
  const usageId = known(params.get("usage"));
  const usage = usageId ? await tagUsage(db, session.user.id, usageId) : undefined;
  return {
    title: getInstance(context).t("tags.metaTitle"),
    tags: list.map((tag) => ({ ...tag, createdAt: tag.createdAt.toISOString() })),
    creating: params.has("new"),
    editId: known(params.get("edit")),
    deleteId: known(params.get("delete")),
    usage: usage ? { tagId: usage.tag.id, count: usage.count, transactions: usage.transactions } : null,
  };
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
    try {
      const outcome = await deleteTag(db, userId, id);
      if (outcome.ok) return redirect("/tags?saved=deleted");
      return data<ActionResult>({ intent: DELETE, id, error: errorMessages[outcome.error] }, { status: 404 });
    } catch (cause) {
      console.error("tag delete failed", cause);
      return data<ActionResult>({ intent: DELETE, id, error: "errors.failedToDeleteTag" }, { status: 500 });
    }
  }
  if (intent !== CREATE && intent !== UPDATE) throw data({ message: `Unknown intent: ${String(intent)}` }, { status: 400 });

  const submission = parseWithZod(formData, { schema: tagSchema });
  const reply = (result: SubmissionResult<string[]>, status: number) =>
    data<ActionResult>({ intent, id: intent === UPDATE ? id : null, result }, { status });
  if (submission.status !== "success") return reply(submission.reply(), 400);
  try {
    const outcome =
      intent === CREATE ? await createTag(db, userId, submission.value) : await updateTag(db, userId, id, submission.value);
    if (!outcome.ok) {
      const message = errorMessages[outcome.error];
      return outcome.error === "duplicate"
        ? reply(submission.reply({ fieldErrors: { name: [message] } }), 409)
        : reply(submission.reply({ formErrors: [message] }), 404);
    }
  } catch (cause) {
    console.error(`tag ${intent} failed`, cause);
    return reply(submission.reply({ formErrors: [intent === CREATE ? "errors.failedToCreateTag" : "errors.failedToUpdateTag"] }), 500);
  }
  return redirect(`/tags?saved=${intent === CREATE ? "created" : "updated"}`);
}

export default function Tags({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { tags, editId, deleteId, usage } = loaderData;
  const navigation = useNavigation();
  const saved = useFlashParam("saved");
  const deleteError = useExpiring(actionData?.intent === DELETE ? actionData : null);
  // An update of a tag that is not in the list (another user's, or gone) has no row to show its error on.
  const rowlessError =
    actionData?.intent === UPDATE && !tags.some((tag) => tag.id === actionData.id) ? actionData.result.error?.[""]?.[0] : undefined;
  const createResult = actionData?.intent === CREATE ? actionData.result : undefined;
  const creating = loaderData.creating || Boolean(createResult);
  const editing = actionData?.intent === UPDATE ? actionData.id : editId;
  // With JavaScript, the list shows that it is being reloaded (after a save, or when switching mode).
  const loading = navigation.state === "loading" && navigation.location.pathname === "/tags";
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{t("tags.title")}</h1>
          <p className="mt-1 text-slate-600 dark:text-slate-300">{t("tags.subtitle")}</p>
        </div>
        {creating ? null : (
          <Link to="/tags?new" preventScrollReset className={buttonClass.primary}>
            <span aria-hidden="true">+</span>
            {t("tags.newTag")}
          </Link>
        )}
      </div>
      {saved === "created" || saved === "updated" || saved === "deleted" ? (
        <Alert tone="success">{t(`tags.saved.${saved}`)}</Alert>
      ) : null}
      {deleteError ? <Alert tone="error">{t(deleteError.error)}</Alert> : null}
      {rowlessError ? <Alert tone="error">{t(rowlessError)}</Alert> : null}
      {creating ? (
        <section
          aria-labelledby="tag-new-heading"
          className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6 dark:border-slate-800 dark:bg-slate-900"
        >
          <h2 id="tag-new-heading" className="mb-4 text-lg font-semibold">
            {t("tags.form.createTitle")}
          </h2>
          <TagForm mode="create" lastResult={createResult} />
        </section>
      ) : null}
      <section
        aria-labelledby="tag-list-heading"
        aria-busy={loading || undefined}
        className="rounded-xl border border-slate-200 bg-white shadow-sm dark:border-slate-800 dark:bg-slate-900"
      >
        <div className="flex items-center justify-between gap-3 border-b border-slate-200 px-4 py-3 dark:border-slate-800">
          <h2 id="tag-list-heading" className="font-semibold">
            {t("tags.count", { count: tags.length })}
          </h2>
          {loading ? (
            <p className="flex items-center gap-2 text-sm text-slate-600 dark:text-slate-300" role="status">
              <Spinner />
              {t("tags.loading")}
            </p>
          ) : null}
        </div>
        {tags.length === 0 ? (
          <div className="px-4 py-10 text-center">
            <p className="font-semibold">{t("tags.empty.title")}</p>
            <p className="mt-1 text-slate-600 dark:text-slate-300">{t("tags.empty.text")}</p>
            {creating ? null : (
              <Link to="/tags?new" preventScrollReset className={`${buttonClass.primary} mt-4`}>
                {t("tags.empty.action")}
              </Link>
            )}
          </div>
        ) : (
          <ul className={`divide-y divide-slate-200 dark:divide-slate-800 ${loading ? "opacity-60" : ""}`}>
            {tags.map((tag) => (
              <li key={tag.id} className="px-4 py-4">
                {editing === tag.id ? (
                  <TagForm mode="edit" tag={tag} lastResult={actionData?.intent === UPDATE ? actionData.result : undefined} />
                ) : (
                  <TagRow tag={tag} confirming={deleteId === tag.id} usage={usage?.tagId === tag.id ? usage : null} />
                )}
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}

type TagView = Route.ComponentProps["loaderData"]["tags"][number];
type UsageView = NonNullable<Route.ComponentProps["loaderData"]["usage"]>;

function TagRow({ tag, confirming, usage }: { tag: TagView; confirming: boolean; usage: UsageView | null }) {
  const { t, i18n } = useTranslation();
  const deleting = useIsPending({ intent: DELETE });
  const small = `${buttonClass.secondary} px-3 py-1.5`;
  return (
    <div>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start">
        <div className="flex min-w-0 flex-1 items-start gap-3">
          <span aria-hidden="true" className="mt-1 h-4 w-4 shrink-0 rounded-full" style={{ backgroundColor: tag.color }} />
          <div className="min-w-0">
            <div className="flex flex-wrap items-center gap-2">
              <h3 className="font-medium break-words">{tag.name}</h3>
              <span className="rounded-full bg-slate-100 px-2 py-0.5 text-xs font-medium text-slate-700 dark:bg-slate-800 dark:text-slate-200">
                {t("tags.row.uses", { count: tag.usageCount })}
              </span>
            </div>
            {tag.description ? <p className="mt-1 text-sm text-slate-700 break-words dark:text-slate-200">{tag.description}</p> : null}
            <p className="mt-1 text-xs text-slate-600 dark:text-slate-300">
              {t("tags.row.created", { date: formatDate(new Date(tag.createdAt), i18n.language) })}
            </p>
          </div>
        </div>
        {confirming ? null : (
          <div className="flex shrink-0 flex-wrap gap-2">
            <Link
              to={usage ? "/tags" : `/tags?usage=${tag.id}`}
              preventScrollReset
              aria-expanded={Boolean(usage)}
              aria-label={usage ? undefined : t("tags.row.viewUsageLabel", { name: tag.name })}
              className={small}
            >
              {usage ? t("tags.row.hideUsage") : t("tags.row.viewUsage")}
            </Link>
            <Link to={`/tags?edit=${tag.id}`} preventScrollReset aria-label={t("tags.row.editLabel", { name: tag.name })} className={small}>
              {t("tags.row.edit")}
            </Link>
            <Link
              to={`/tags?delete=${tag.id}`}
              preventScrollReset
              aria-label={t("tags.row.deleteLabel", { name: tag.name })}
              className={`${small} text-red-700 dark:text-red-300`}
            >
              {t("tags.row.delete")}
            </Link>
          </div>
        )}
      </div>
      {confirming ? (
        <ConfirmPanel
          question={t("tags.confirmDelete.question")}
          detail={t("tags.confirmDelete.detail", { name: tag.name })}
          action="/tags"
          hidden={{ intent: DELETE, id: tag.id }}
          confirmLabel={t("tags.confirmDelete.confirm")}
          pendingLabel={t("tags.confirmDelete.deleting")}
          pending={deleting}
          cancelTo="/tags"
          cancelLabel={t("tags.confirmDelete.cancel")}
        />
      ) : null}
      {usage ? <UsagePanel tag={tag} usage={usage} /> : null}
    </div>
  );
}

function UsagePanel({ tag, usage }: { tag: TagView; usage: UsageView }) {
  const { t, i18n } = useTranslation();
  return (
    <div className="mt-3 rounded-md border border-slate-200 p-3 dark:border-slate-700">
      <h4 className="text-sm font-semibold">{t("tags.usage.title", { name: tag.name })}</h4>
      {usage.transactions.length === 0 ? (
        <p className="mt-2 text-sm text-slate-600 dark:text-slate-300">{t("tags.usage.empty")}</p>
      ) : (
        <>
          <ul className="mt-2 divide-y divide-slate-200 text-sm dark:divide-slate-800">
            {usage.transactions.map((tx) => (
              <li key={tx.id} className="flex flex-wrap items-baseline justify-between gap-x-3 py-2">
                <span className="min-w-0 break-words">
                  <time dateTime={tx.date} className="mr-2 text-slate-600 dark:text-slate-300">
                    {formatDate(dayToDate(tx.date), i18n.language)}
                  </time>
                  {tx.description}
                </span>
                <span className={tx.type === "INCOME" ? "text-green-700 dark:text-green-300" : "text-red-700 dark:text-red-300"}>
                  <span className="sr-only">{t(tx.type === "INCOME" ? "tags.usage.income" : "tags.usage.expense")} </span>
                  {formatMinor(tx.type === "INCOME" ? tx.usdCents : -tx.usdCents, USD, i18n.language)}
                </span>
              </li>
            ))}
          </ul>
          {usage.count > usage.transactions.length ? (
            <p className="mt-2 text-xs text-slate-600 dark:text-slate-300">
              {t("tags.usage.more", { shown: usage.transactions.length, count: usage.count })}
            </p>
          ) : null}
        </>
      )}
    </div>
  );
}

function TagForm({
  mode,
  tag,
  lastResult,
}: {
  mode: "create" | "edit";
  tag?: TagView;
  lastResult: SubmissionResult<string[]> | undefined;
}) {
  const { t } = useTranslation();
  const hydrated = useHydrated();
  const intent = mode === "create" ? CREATE : UPDATE;
  const pending = useIsPending({ intent });
  const formId = mode === "create" ? "tag-new" : `tag-${tag!.id}`;
  const [form, fields] = useForm({
    id: formId,
    lastResult,
    defaultValue: tag ? { name: tag.name, description: tag.description ?? "", color: tag.color } : { color: DEFAULT_TAG_COLOR },
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: tagSchema }),
  });
  // Save waits for a name and for the request under way (spec section 5).
  const [name, setName] = useState(String(fields.name.initialValue ?? ""));
  const formError = form.errors?.[0];
  const color = typeof fields.color.initialValue === "string" && fields.color.initialValue ? fields.color.initialValue : DEFAULT_TAG_COLOR;
  return (
    <Form
      method="post"
      action={mode === "create" ? "/tags?new" : `/tags?edit=${tag!.id}`}
      preventScrollReset
      className="space-y-3"
      {...getFormProps(form)}
    >
      {mode === "edit" ? (
        <>
          <h3 className="font-medium">{t("tags.form.editTitle")}</h3>
          <input type="hidden" name="id" value={tag!.id} />
        </>
      ) : null}
      {formError ? (
        <Alert tone="error">
          <span id={form.errorId}>{t(formError)}</span>
        </Alert>
      ) : null}
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
      <div className="flex flex-col-reverse gap-3 pt-2 sm:flex-row sm:justify-end">
        <Link to="/tags" preventScrollReset className={buttonClass.secondary}>
          {t("tags.form.cancel")}
        </Link>
        <SubmitButton
          name="intent"
          value={intent}
          pending={pending}
          pendingLabel={t(mode === "create" ? "tags.form.creating" : "tags.form.saving")}
          disabled={hydrated && !name.trim()}
        >
          {t(mode === "create" ? "tags.form.create" : "tags.form.save")}
        </SubmitButton>
      </div>
    </Form>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <LoadError error={error} titleKey="errors.failedToLoadTags" />;
}
