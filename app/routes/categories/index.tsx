import { useTranslation } from "~/locales/use-translation";
import { requireActor, requireSession } from "~/auth/guards.server";
import { Card } from "~/components/card";
import { CategoryBadge } from "~/components/category-icon";
import { itemAnchor, LandedBanner, ListErrors, listIntents, useEditableList } from "~/components/editable-list";
import { UndoBanner } from "~/components/undo-banner";
import { withUndo } from "~/components/undo";
import { editableListAction, landingHref, withRowId } from "~/components/editable-list.server";
import { LoadError } from "~/components/load-error";
import { PageHeader } from "~/components/page-header";
import { data, redirect } from "react-router";
import { categoryUsage, createCategory, deleteCategory, moveAndDeleteCategory, restoreCategory, updateCategory } from "~/features/categories/commands.server";
import { categoryFailures, categoryRefusals } from "~/features/categories/errors";
import { categorySchema } from "~/features/categories/schemas";
import { categoryIntents, toCategoryView, type CategoryUsage } from "~/features/categories/model";
import { listCategories } from "~/features/categories/queries.server";
import { CategoryForm } from "~/features/categories/ui/category-form";
import { CategoryLabel, CategoryRow } from "~/features/categories/ui/category-row";
import { CategoryInUsePanel } from "~/features/categories/ui/category-in-use";
import { dbContext } from "~/context.server";
import { withMessages } from "~/locales/messages.client";
import { routeMessages } from "~/locales/sections";
import { translatorFor } from "~/locales/server-translators";
import type { Route } from "./+types/index";

// Where a save lands: the row's element (category-<id>), or the list's heading after a delete.
const ROW_ANCHOR = "category";
const LIST_ANCHOR = "your-categories";

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: loaderData?.title }];
}

// This page's messages beside the shell (locales/sections.ts), loaded before a client navigation renders it.
export const handle = routeMessages("categories");
export const clientLoader = ({ serverLoader }: Route.ClientLoaderArgs) => withMessages(handle, serverLoader());

export async function loader({ request, context }: Route.LoaderArgs) {
  const session = requireSession(context);
  const all = await listCategories(context.get(dbContext), session.user.id);
  const url = new URL(request.url);
  const own = all.filter((c) => !c.isDefault);
  // ?edit=id and ?delete=id are states of the page, so both work without JavaScript.
  const editId = own.some((c) => c.id === url.searchParams.get("edit")) ? url.searchParams.get("edit") : null;
  const deleteId = own.some((c) => c.id === url.searchParams.get("delete")) ? url.searchParams.get("delete") : null;
  // A category in use is not simply deleted: the confirmation says what uses it and offers to move them (issue 23).
  const deleteUsage = deleteId ? await categoryUsage(context.get(dbContext), session.user.id, deleteId) : null;
  return {
    title: translatorFor(context).t("categories.metaTitle"),
    own: own.map(toCategoryView),
    defaults: all.filter((c) => c.isDefault).map(toCategoryView),
    editId,
    deleteId,
    deleteUsage,
  };
}

/** What the move-then-delete answers when it is refused. */
type MoveAnswer = { intent: typeof categoryIntents.moveAndDelete; id: string; error: string; usage?: CategoryUsage };

export async function action({ request, context }: Route.ActionArgs) {
  const actor = requireActor(context, request);
  const db = context.get(dbContext);
  const formData = await request.formData();
  if (formData.get("intent") === categoryIntents.moveAndDelete) {
    const id = String(formData.get("id") ?? "");
    const outcome = await moveAndDeleteCategory(db, actor, { id, to: String(formData.get("to") ?? "") });
    // Undone like a plain delete (decision 035): the banner's Undo takes the move back too.
    if (outcome.kind === "ok") return redirect(withUndo(landingHref("/categories?saved=deleted", { item: ROW_ANCHOR, list: LIST_ANCHOR }), "category", id));
    const { status, message } = categoryRefusals[outcome.kind];
    // A refused target keeps the panel open (it needs the counts); a missing category has no row to show it on.
    const usage = "usage" in outcome ? outcome.usage : outcome.kind === "moveTargetInvalid" ? await categoryUsage(db, actor.userId, id) : undefined;
    return data<MoveAnswer>({ intent: categoryIntents.moveAndDelete, id, error: message, ...(usage ? { usage } : {}) }, { status });
  }
  return editableListAction(formData, {
    page: "/categories",
    noun: "category",
    schema: categorySchema,
    refusals: categoryRefusals,
    failures: categoryFailures,
    anchors: { item: ROW_ANCHOR, list: LIST_ANCHOR },
    create: (input) => withRowId(createCategory(db, actor, input), (ok) => ok.category.id),
    update: (input) => updateCategory(db, actor, input),
    delete: (input) => deleteCategory(db, actor, input),
    undo: { kind: "category", restore: (input) => restoreCategory(db, actor, input) },
  });
}

export default function Categories({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { own, defaults, editId, deleteId, deleteUsage } = loaderData;
  const { saved, savedNotice, landedId, deleteError, createResult, updateResult, editing, rowlessError } = useEditableList(actionData, own, editId);
  const moveAnswer = isMoveAnswer(actionData) ? actionData : undefined;
  // The row whose delete asks what to do with what uses it: the confirmation's (?delete=id), or a
  // delete just refused because something uses it (its answer carries the counts).
  const refusedUsage = deleteError?.facts?.usage as CategoryUsage | undefined;
  const usageOf = (id: string): CategoryUsage | null => {
    const usage = refusedUsage && deleteError?.id === id ? refusedUsage : moveAnswer?.id === id && moveAnswer.usage ? moveAnswer.usage : id === deleteId ? deleteUsage : null;
    return usage && (usage.transactions > 0 || usage.budgets > 0 || usage.schedules > 0) ? usage : null;
  };
  const all = [...defaults, ...own];
  const banner = savedNotice ? t(`categories.saved.${savedNotice}`) : null;
  return (
    <div className="space-y-6">
      <PageHeader title={t("categories.title")} subtitle={t("categories.subtitle")} />
      <UndoBanner intents={{ category: listIntents.undo }} />
      <ListErrors deleteError={deleteError} rowlessError={rowlessError ?? (moveAnswer && !usageOf(moveAnswer.id) ? moveAnswer.error : undefined)} />
      {/* grid-cols-1 (a minmax(0, 1fr) track), not the implicit auto one: a long name in a card must
          not widen the column, and with it the add form, past a phone's screen. */}
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-5">
        <Card id="new-category" title={t("categories.form.title")} className="lg:col-span-2 lg:self-start">
          {/* Keyed by the last result so a successful add (a new page visit) starts empty. */}
          <CategoryForm key={saved ?? "new"} mode="create" lastResult={createResult} />
        </Card>
        <div className="space-y-6 lg:col-span-3">
          <Card
            id={LIST_ANCHOR}
            title={t("categories.yours.title")}
            actions={<span className="text-sm text-slate-600 dark:text-slate-300">{t("categories.yours.count", { count: own.length })}</span>}
          >
            <LandedBanner message={landedId ? null : banner} className="mb-4" />
            {own.length === 0 ? (
              <p className="py-6 text-center text-slate-600 dark:text-slate-300">{t("categories.yours.empty")}</p>
            ) : (
              <ul className="divide-y divide-slate-200 dark:divide-slate-800">
                {own.map((category) => (
                  <li key={category.id} id={itemAnchor(ROW_ANCHOR, category.id)} className="py-3 first:pt-0 last:pb-0">
                    <LandedBanner message={landedId === category.id ? banner : null} className="mb-3" />
                    {editing === category.id ? (
                      <CategoryForm mode="edit" category={category} lastResult={updateResult} />
                    ) : usageOf(category.id) ? (
                      <CategoryRow
                        category={category}
                        confirming
                        confirmation={
                          <CategoryInUsePanel
                            category={category}
                            usage={usageOf(category.id)!}
                            targets={all.filter((c) => c.type === category.type && c.id !== category.id)}
                            error={moveAnswer?.id === category.id ? moveAnswer.error : undefined}
                          />
                        }
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

function isMoveAnswer(actionData: unknown): actionData is MoveAnswer {
  return typeof actionData === "object" && actionData !== null && (actionData as { intent?: unknown }).intent === categoryIntents.moveAndDelete;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <LoadError error={error} titleKey="errors.failedToLoadCategories" />;
}
