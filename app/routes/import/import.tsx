import { isRouteErrorResponse, Link } from "react-router";
import { requireActor, requireSession } from "~/auth/guards.server";
import { userToday } from "~/calendar/time-zones";
import { buttonClass } from "~/components/forms";
import { LoadError, MessageCard } from "~/components/load-error";
import { dbContext, envContext } from "~/context.server";
import { rateHistoryOptions } from "~/env.server";
import { importPageAction, loadImportPage, type ImportActionError } from "~/features/import/page.server";
import { ImportPage } from "~/features/import/ui/import-page";
import { withMessages } from "~/locales/messages.client";
import { routeMessages } from "~/locales/sections";
import { translatorFor } from "~/locales/server-translators";
import { useTranslation } from "~/locales/use-translation";
import type { Route } from "./+types/import";

// /import/{id} (issue 26, steps 3 to 5): the mapping step while the file needs one, else the
// preview of the staged rows (filtered and paged by the URL), and after the commit its result
// with "Undo this import". An unknown id, another user's and a staged import past its 24 hours
// are the same 404.

export function meta({ loaderData, error }: Route.MetaArgs) {
  if (loaderData) return [{ title: loaderData.title }];
  return [{ title: isRouteErrorResponse(error) ? (error.data as { title?: string } | null)?.title : undefined }];
}

export const handle = routeMessages("import");
export const clientLoader = ({ serverLoader }: Route.ClientLoaderArgs) => withMessages(handle, serverLoader());

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const session = requireSession(context);
  const { t } = translatorFor(context);
  const page = await loadImportPage(context.get(dbContext), session.user.id, params.id, new URL(request.url), t("import.page.notFound.title"));
  return { title: `${page.summary.fileName} · ${t("import.page.metaTitle")}`, today: userToday(session.user), ...page };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const actor = requireActor(context, request);
  const { t } = translatorFor(context);
  return importPageAction(
    context.get(dbContext),
    actor,
    params.id,
    await request.formData(),
    new URL(request.url),
    rateHistoryOptions(context.get(envContext)),
    t("import.page.notFound.title"),
  );
}

export default function ImportStepRoute({ loaderData, actionData }: Route.ComponentProps) {
  return <ImportPage key={loaderData.summary.id} data={loaderData} actionData={actionData as ImportActionError | undefined} />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const { t } = useTranslation();
  if (!(isRouteErrorResponse(error) && error.status === 404)) return <LoadError error={error} titleKey="import.page.error.title" />;
  return (
    <MessageCard title={t("import.page.notFound.title")} body={t("import.page.notFound.body")}>
      <Link to="/import" className={`${buttonClass.primary} mt-4`}>
        {t("import.page.back")}
      </Link>
    </MessageCard>
  );
}
