import { useTranslation } from "~/locales/use-translation";
import { Link, useNavigation } from "react-router";
import { requireActor, requireSession } from "~/auth/guards.server";
import { itemAnchor, LandedBanner, ListErrors, listIntents, useEditableList } from "~/components/editable-list";
import { UndoBanner } from "~/components/undo-banner";
import { editableListAction, withRowId } from "~/components/editable-list.server";
import { Card } from "~/components/card";
import { buttonClass, LoadingNote } from "~/components/forms";
import { LoadError } from "~/components/load-error";
import { PageHeader } from "~/components/page-header";
import { createTag, deleteTag, restoreTag, updateTag } from "~/features/tags/commands.server";
import { tagFailures, tagRefusals } from "~/features/tags/errors";
import { tagSchema } from "~/features/tags/schemas";
import { toTagView } from "~/features/tags/model";
import { listTagsWithUsage, tagUsage } from "~/features/tags/queries.server";
import { TagForm } from "~/features/tags/ui/tag-form";
import { TagRow } from "~/features/tags/ui/tag-row";
import { dbContext } from "~/context.server";
import { withMessages } from "~/locales/messages.client";
import { routeMessages } from "~/locales/sections";
import { translatorFor } from "~/locales/server-translators";
import type { Route } from "./+types/index";

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: loaderData?.title }];
}

// The page's modes (spec section 4: list, creating, editing one tag) and its confirmation and
// usage panels are states of the URL: ?new, ?edit=id, ?delete=id, ?usage=id. So each works
// without JavaScript, and with it they are client navigations.
// This page's messages beside the shell (locales/sections.ts), loaded before a client navigation renders it.
export const handle = routeMessages("tags");
export const clientLoader = ({ serverLoader }: Route.ClientLoaderArgs) => withMessages(handle, serverLoader());

export async function loader({ request, context }: Route.LoaderArgs) {
  const session = requireSession(context);
  const db = context.get(dbContext);
  const params = new URL(request.url).searchParams;
  const list = await listTagsWithUsage(db, session.user.id);
  const known = (id: string | null) => (id && list.some((tag) => tag.id === id) ? id : null);
  const usageId = known(params.get("usage"));
  const usage = usageId ? await tagUsage(db, session.user.id, usageId) : undefined;
  return {
    title: translatorFor(context).t("tags.metaTitle"),
    tags: list.map(toTagView),
    creating: params.has("new"),
    editId: known(params.get("edit")),
    deleteId: known(params.get("delete")),
    usage: usage ? { tagId: usage.tag.id, count: usage.count, transactions: usage.transactions } : null,
  };
}

// Where a save lands: the row's element (tag-<id>), or the list's heading after a delete.
const ROW_ANCHOR = "tag";
const LIST_ANCHOR = "tag-list-heading";

export async function action({ request, context }: Route.ActionArgs) {
  const actor = requireActor(context, request);
  const db = context.get(dbContext);
  return editableListAction(await request.formData(), {
    page: "/tags",
    noun: "tag",
    schema: tagSchema,
    refusals: tagRefusals,
    failures: tagFailures,
    anchors: { item: ROW_ANCHOR, list: LIST_ANCHOR },
    create: (input) => withRowId(createTag(db, actor, input), (ok) => ok.tag.id),
    update: (input) => updateTag(db, actor, input),
    delete: (input) => deleteTag(db, actor, input),
    undo: { kind: "tag", restore: (input) => restoreTag(db, actor, input) },
  });
}

export default function Tags({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { tags, editId, deleteId, usage } = loaderData;
  const navigation = useNavigation();
  const { savedNotice, landedId, deleteError, createResult, updateResult, editing, rowlessError } = useEditableList(actionData, tags, editId);
  const banner = savedNotice ? t(`tags.saved.${savedNotice}`) : null;
  const creating = loaderData.creating || Boolean(createResult);
  // With JavaScript, the list shows that it is being reloaded (after a save, or when switching mode).
  const loading = navigation.state === "loading" && navigation.location.pathname === "/tags";
  return (
    <div className="space-y-6">
      <PageHeader
        title={t("tags.title")}
        subtitle={t("tags.subtitle")}
        actions={
          creating ? null : (
            <Link to="/tags?new" preventScrollReset className={buttonClass.primary}>
              <span aria-hidden="true">+</span>
              {t("tags.newTag")}
            </Link>
          )
        }
      />
      <UndoBanner intents={{ tag: listIntents.undo }} />
      <ListErrors deleteError={deleteError} rowlessError={rowlessError} />
      {creating ? (
        <Card id="tag-new-heading" title={t("tags.form.createTitle")}>
          <TagForm mode="create" lastResult={createResult} />
        </Card>
      ) : null}
      <Card
        id={LIST_ANCHOR}
        title={t("tags.count", { count: tags.length })}
        flush
        titleSize="base"
        busy={loading}
        actions={
          loading ? (
            <LoadingNote>{t("tags.loading")}</LoadingNote>
          ) : null
        }
      >
        <LandedBanner message={landedId ? null : banner} className="px-4 pt-4" />
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
              <li key={tag.id} id={itemAnchor(ROW_ANCHOR, tag.id)} className="px-4 py-4">
                <LandedBanner message={landedId === tag.id ? banner : null} className="mb-3" />
                {editing === tag.id ? (
                  <TagForm mode="edit" tag={tag} lastResult={updateResult} />
                ) : (
                  <TagRow tag={tag} confirming={deleteId === tag.id} usage={usage?.tagId === tag.id ? usage : null} />
                )}
              </li>
            ))}
          </ul>
        )}
      </Card>
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <LoadError error={error} titleKey="errors.failedToLoadTags" />;
}
