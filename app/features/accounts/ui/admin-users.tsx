import { useTranslation } from "~/locales/use-translation";
import { Form, Link, useNavigation, useSubmit } from "react-router";
import { nonEmptyFields } from "~/platform/http/get-form";
import { cardClass } from "~/components/card";
import { ErrorList, inputClass, rowButtonClass, Spinner, SubmitButton } from "~/components/forms";
import { RoleBadge } from "~/components/role-badge";
import { DataCell, DataRow, DataTable } from "~/components/table";
import { UNLOCK, type AdminUserRow, type RowIntent } from "~/features/accounts/model";
import { formatDate } from "~/calendar/format";
import { SEARCH_MAX } from "~/text/search-text";

// The /admin/users page's filters and table; every row action is a real POST form.

/** A GET form, so filtering works without JavaScript; with it the role select applies itself. */
export function Filters({ q, searchTooLong, role }: { q: string; searchTooLong: boolean; role: string }) {
  const { t } = useTranslation();
  const submit = useSubmit();
  const navigation = useNavigation();
  const filtering =
    navigation.state === "loading" &&
    navigation.formMethod?.toUpperCase() === "GET" &&
    navigation.location.pathname === "/admin/users";
  return (
    <Form
      method="get"
      // With JavaScript the empty fields stay out of the address (without it the loader redirects to the clean one).
      onSubmit={(event) => {
        event.preventDefault();
        void submit(nonEmptyFields(event.currentTarget), { method: "get", action: "/admin/users", preventScrollReset: true });
      }}
      role="search"
      aria-label={t("admin.users.filters")}
      className={`grid gap-4 p-4 sm:grid-cols-[1fr_12rem_auto] sm:items-end ${cardClass}`}
    >
      <div>
        <label htmlFor="user-search" className="mb-1 block text-sm font-medium text-slate-700 dark:text-slate-200">
          {t("admin.users.searchLabel")}
        </label>
        <div className="flex items-center gap-2">
          <input
            id="user-search"
            type="search"
            data-search-shortcut=""
            name="q"
            defaultValue={q}
            key={q}
            maxLength={SEARCH_MAX}
            aria-invalid={searchTooLong ? true : undefined}
            aria-describedby={searchTooLong ? "user-search-error" : undefined}
            placeholder={t("admin.users.searchPlaceholder")}
            className={inputClass}
          />
          {q ? (
            <Link
              to={role ? `/admin/users?role=${role}` : "/admin/users"}
              className="shrink-0 rounded-md px-2 py-2 text-sm font-medium text-brand-700 hover:underline focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-500 dark:text-blue-300"
            >
              {t("admin.users.clearSearch")}
            </Link>
          ) : null}
        </div>
        {searchTooLong ? <ErrorList id="user-search-error" errors={["validation.searchTooLongIgnored"]} /> : null}
      </div>
      <div>
        <label htmlFor="role-filter" className="mb-1 block text-sm font-medium text-slate-700 dark:text-slate-200">
          {t("admin.users.roleLabel")}
        </label>
        <select
          id="role-filter"
          name="role"
          defaultValue={role}
          key={role}
          onChange={(e) => e.currentTarget.form && void submit(nonEmptyFields(e.currentTarget.form), { method: "get", action: "/admin/users", preventScrollReset: true })}
          className={inputClass}
        >
          <option value="">{t("admin.users.roles.all")}</option>
          <option value="superadmin">{t("admin.users.roles.superadmin")}</option>
          <option value="user">{t("admin.users.roles.user")}</option>
        </select>
      </div>
      <SubmitButton pending={filtering} pendingLabel={t("admin.users.applying")} variant="secondary">
        {t("admin.users.apply")}
      </SubmitButton>
    </Form>
  );
}

export function UsersTable({ users, currentUserId }: { users: AdminUserRow[]; currentUserId: string }) {
  const { t, i18n } = useTranslation();
  const label = {
    name: t("admin.users.columns.name"),
    email: t("admin.users.columns.email"),
    role: t("admin.users.columns.role"),
    status: t("admin.users.columns.status"),
    joined: t("admin.users.columns.joined"),
    actions: t("admin.users.columns.actions"),
  };
  return (
    <DataTable
      inset
      wideAt="lg"
      labelledBy="users-heading"
      columns={(Object.keys(label) as (keyof typeof label)[]).map((key) => ({ key, label: label[key] }))}
    >
      {users.map((user) => {
        const self = user.id === currentUserId;
        const joined = new Date(user.createdAt);
        return (
          // Cells in the columns' order: a wide table puts each under its header by position, and the
          // card layout places the title, subtitle and headline by grid area whatever their order.
          <DataRow key={user.id}>
            <DataCell label={label.name} place="title" header className="text-left">
              {user.name}
              {self ? (
                <span className="ml-2 rounded bg-slate-200 px-1.5 py-0.5 text-xs font-semibold text-slate-800 dark:bg-slate-700 dark:text-slate-100">
                  {t("admin.users.you")}
                </span>
              ) : null}
            </DataCell>
            <DataCell label={label.email} place="subtitle" className="@3xl:text-sm @3xl:text-slate-700 @3xl:dark:text-slate-200">
              {/* Breaks only where it must (a long address), not every few letters. */}
              <span className="[overflow-wrap:anywhere]">{user.email}</span>
            </DataCell>
            <DataCell label={label.role} place="headline">
              <RoleBadge isAdmin={user.isAdmin} />
            </DataCell>
            <DataCell label={label.status}>
              <span
                className={`inline-flex items-center rounded-full px-2 py-0.5 text-xs font-semibold ${
                  user.isActive
                    ? "bg-green-100 text-green-800 dark:bg-green-900/60 dark:text-green-200"
                    : "bg-red-100 text-red-800 dark:bg-red-900/60 dark:text-red-200"
                }`}
              >
                {user.isActive ? t("admin.users.status.active") : t("admin.users.status.inactive")}
              </span>
              {user.signInLocked ? (
                <span className="ml-1 inline-flex items-center rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900 dark:bg-amber-900/60 dark:text-amber-100">
                  {t("admin.users.status.locked")}
                </span>
              ) : null}
            </DataCell>
            <DataCell label={label.joined} className="whitespace-nowrap text-slate-700 dark:text-slate-200">
              <time dateTime={joined.toISOString()}>{formatDate(joined, i18n.language)}</time>
            </DataCell>
            <DataCell label={label.actions} place="actions">
              {self ? (
                <span className="text-xs text-slate-600 dark:text-slate-300">{t("admin.users.selfNoActions")}</span>
              ) : (
                <>
                  <RowAction
                    user={user}
                    intent={user.isAdmin ? "make-user" : "make-superadmin"}
                    label={user.isAdmin ? t("admin.users.actions.makeUser") : t("admin.users.actions.makeSuperadmin")}
                  />
                  {user.signInLocked ? <RowAction user={user} intent={UNLOCK} label={t("admin.users.actions.unlock")} /> : null}
                  <RowAction
                    user={user}
                    intent={user.isActive ? "deactivate" : "reactivate"}
                    label={user.isActive ? t("admin.users.actions.deactivate") : t("admin.users.actions.reactivate")}
                    danger={user.isActive}
                  />
                </>
              )}
            </DataCell>
          </DataRow>
        );
      })}
    </DataTable>
  );
}

/** One row action: a real POST form (intent + userId), so it works without JavaScript. */
function RowAction({ user, intent, label, danger = false }: { user: AdminUserRow; intent: RowIntent; label: string; danger?: boolean }) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const pending =
    navigation.state !== "idle" &&
    navigation.formMethod?.toUpperCase() === "POST" &&
    navigation.formData?.get("intent") === intent &&
    navigation.formData?.get("userId") === user.id;
  return (
    <Form method="post">
      <input type="hidden" name="userId" value={user.id} />
      <button
        type="submit"
        name="intent"
        value={intent}
        disabled={pending}
        aria-busy={pending || undefined}
        aria-label={t("admin.users.actions.forUser", { action: label, name: user.name })}
        className={danger ? rowButtonClass.danger : rowButtonClass.plain}
      >
        {pending ? (
          <>
            <Spinner className="h-3 w-3" />
            {t("admin.users.actions.working")}
          </>
        ) : (
          label
        )}
      </button>
    </Form>
  );
}
