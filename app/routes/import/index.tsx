import { requireActor, requireSession } from "~/auth/guards.server";
import { LoadError } from "~/components/load-error";
import { dbContext, envContext } from "~/context.server";
import { rateHistoryOptions } from "~/env.server";
import { importsPageAction, loadImportsPage, type ImportActionError } from "~/features/import/page.server";
import { ImportsPage } from "~/features/import/ui/imports-page";
import { withMessages } from "~/locales/messages.client";
import { routeMessages } from "~/locales/sections";
import { translatorFor } from "~/locales/server-translators";
import type { Route } from "./+types/index";

// /import (issue 26, step 1): upload a CSV file, and the user's recent imports with their Undo.
// The upload is a multipart POST that works without JavaScript; its body may be up to 6 MiB
// (decision 013), the only page that takes more than 64 KiB.

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: loaderData?.title }];
}

export const handle = routeMessages("import");
export const clientLoader = ({ serverLoader }: Route.ClientLoaderArgs) => withMessages(handle, serverLoader());

export async function loader({ context }: Route.LoaderArgs) {
  const session = requireSession(context);
  const page = await loadImportsPage(context.get(dbContext), session.user.id);
  return { title: translatorFor(context).t("import.page.metaTitle"), ...page };
}

export async function action({ request, context }: Route.ActionArgs) {
  const actor = requireActor(context, request);
  return importsPageAction(context.get(dbContext), actor, await request.formData(), rateHistoryOptions(context.get(envContext)));
}

export default function ImportRoute({ loaderData, actionData }: Route.ComponentProps) {
  return <ImportsPage imports={loaderData.imports} actionData={actionData as ImportActionError | undefined} />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <LoadError error={error} titleKey="import.page.error.title" />;
}

