import { useTranslation } from "~/locales/use-translation";
import { data, redirect } from "react-router";
import { sendPasswordResetLink, unlockSignIn, updateUser } from "~/features/accounts/commands.server";
import { accountFormRefusal } from "~/features/accounts/errors";
import { adminActionSchema } from "~/features/accounts/schemas";
import { adminRowChanges, readUserFilters, SEND_RESET, UNLOCK } from "~/features/accounts/model";
import { mailer } from "~/platform/mail/mailer.server";
import { listAdminUserRows } from "~/features/accounts/queries.server";
import { Filters, UsersTable } from "~/features/accounts/ui/admin-users";
import { requireActor, requireSession } from "~/auth/guards.server";
import { Alert } from "~/components/forms";
import { Card } from "~/components/card";
import { PageHeader } from "~/components/page-header";
import { useFlashParam } from "~/components/use-flash-param";
import { formatCount } from "~/text/count";
import { cloudflareContext, dbContext } from "~/context.server";
import { withoutEmptyParams } from "~/platform/http/get-form";
import { withMessages } from "~/locales/messages.client";
import { routeMessages } from "~/locales/sections";
import { translatorFor } from "~/locales/server-translators";
import type { Route } from "./+types/users";

// Spec section 9: banners clear after 5000 ms.

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: loaderData?.title }];
}

// The admin layout's middleware has already refused everyone but superadmins, for loaders and actions alike.
// This page's messages beside the shell (locales/sections.ts), loaded before a client navigation renders it.
export const handle = routeMessages("admin");
export const clientLoader = ({ serverLoader }: Route.ClientLoaderArgs) => withMessages(handle, serverLoader());

export async function loader({ request, context }: Route.LoaderArgs) {
  const session = requireSession(context);
  const url = new URL(request.url);
  // The filter form without JavaScript: its empty fields out of the address.
  const clean = withoutEmptyParams(url);
  if (clean) throw redirect(clean);
  const { q, searchTooLong, role } = readUserFilters(url.searchParams);
  const users = await listAdminUserRows(context.get(dbContext), { search: q, role });
  return {
    title: translatorFor(context).t("admin.users.metaTitle"),
    q,
    searchTooLong,
    role,
    currentUserId: session.user.id,
    users,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const actor = requireActor(context, request);
  const formData = await request.formData();
  const parsed = adminActionSchema.safeParse({ intent: formData.get("intent"), userId: formData.get("userId") });
  if (!parsed.success) throw data({ message: "Unknown intent or user" }, { status: 400 });
  const { intent, userId } = parsed.data;
  let outcome: Awaited<ReturnType<typeof unlockSignIn | typeof updateUser | typeof sendPasswordResetLink>>;
  try {
    const db = context.get(dbContext);
    if (intent === UNLOCK) outcome = await unlockSignIn(db, actor, { id: userId });
    else if (intent === SEND_RESET) {
      const { env, ctx } = context.get(cloudflareContext);
      outcome = await sendPasswordResetLink(db, actor, { id: userId }, { mailer: mailer(env, ctx) });
    } else outcome = await updateUser(db, actor, { id: userId, ...adminRowChanges[intent] });
  } catch (error) {
    console.error("admin user update failed", error);
    return data({ error: "errors.internal", userId }, { status: 500 });
  }
  if (!outcome.ok) {
    const refusal = accountFormRefusal(outcome);
    return data({ error: refusal.message, userId }, { status: refusal.status });
  }
  // Post/redirect/get back to the same filtered list.
  const { q, role } = readUserFilters(new URL(request.url).searchParams);
  const back = new URLSearchParams();
  if (q) back.set("q", q);
  if (role) back.set("role", role);
  back.set(intent === SEND_RESET ? "resetSent" : "updated", "1");
  return redirect(`/admin/users?${back}`);
}

export default function AdminUsers({ loaderData, actionData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const { users, q, searchTooLong, role, currentUserId } = loaderData;
  const updated = useFlashParam("updated");
  const resetSent = useFlashParam("resetSent");
  return (
    <div className="space-y-6">
      <PageHeader back={{ to: "/admin", label: t("admin.users.back") }} title={t("admin.users.title")} subtitle={t("admin.users.subtitle")} />
      {actionData?.error ? (
        <Alert tone="error" focusFor={actionData}>
          {t(actionData.error)}
        </Alert>
      ) : null}
      {updated && !actionData ? <Alert tone="success">{t("admin.users.updated")}</Alert> : null}
      {resetSent && !actionData ? <Alert tone="success">{t("admin.users.resetSent")}</Alert> : null}
      <Filters q={q} searchTooLong={searchTooLong} role={role} />
      <Card
        id="users-heading"
        title={t("admin.users.tableCaption")}
        flush
        titleSize="base"
        actions={<p className="text-sm text-slate-600 dark:text-slate-300">{t("admin.users.total", { total: formatCount(users.length, i18n.language) })}</p>}
      >
        {users.length === 0 ? (
          <p className="px-4 py-10 text-center text-slate-600 dark:text-slate-300">{t("admin.users.empty")}</p>
        ) : (
          <UsersTable users={users} currentUserId={currentUserId} />
        )}
      </Card>
    </div>
  );
}
