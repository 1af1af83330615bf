import { getFormProps, getInputProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { data, Form, Link, redirect, useNavigation, useRevalidator, useSearchParams } from "react-router";
import { changePassword, updateProfile } from "~/features/accounts/commands.server";
import { clientIp } from "~/auth/client-ip.server";
import { requireSession } from "~/auth/guards.server";
import { isSuperadmin } from "~/auth/public-user";
import type { ValidSession } from "~/auth/session.server";
import { takeToken, throttleRules } from "~/auth/throttle.server";
import { Alert, buttonClass, Field, PasswordField, Spinner, SubmitButton, useIsPending } from "~/components/forms";
import { Card } from "~/components/card";
import { RoleBadge } from "~/components/role-badge";
import { useFlashParam } from "~/components/use-flash-param";
import { listRecentActivity } from "~/platform/db/activity.server";
import { passwordChangeSchema, profileSchema } from "~/features/accounts/model";
import { formatDateTime } from "~/money/dates";
import { dbContext } from "~/context.server";
import { getInstance } from "~/middleware/i18n";
import type { Route } from "./+types/index";

const UPDATE_PROFILE = "update-profile";
const CHANGE_PASSWORD = "change-password";
const PASSWORD_FIELDS = ["currentPassword", "newPassword", "confirmPassword"];
// Spec section 9: banners clear after 5000 ms.

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: loaderData?.title }];
}

// An action's own headers reach the document response only through this export (Retry-After on a 429).
export function headers({ actionHeaders, parentHeaders }: Route.HeadersArgs) {
  const merged = new Headers(parentHeaders);
  const retryAfter = actionHeaders.get("Retry-After");
  if (retryAfter) merged.set("Retry-After", retryAfter);
  return merged;
}

export async function loader({ context }: Route.LoaderArgs) {
  const session = requireSession(context);
  const { user } = session;
  const activity = await listRecentActivity(context.get(dbContext), user.id, 10);
  return {
    title: getInstance(context).t("profile.metaTitle"),
    user: {
      id: user.id,
      firstName: user.firstName,
      lastName: user.lastName,
      email: user.email,
      isAdmin: isSuperadmin(user.role),
    },
    activity,
  };
}

type ActionResult = { intent: string; result: SubmissionResult<string[]>; retryAfter: number | null };

export async function action({ request, context }: Route.ActionArgs) {
  const session = requireSession(context);
  const formData = await request.formData();
  const intent = formData.get("intent");
  switch (intent) {
    case UPDATE_PROFILE:
      return updateProfileAction(request, context, session, formData);
    case CHANGE_PASSWORD:
      return changePasswordAction(request, context, session, formData);
    default:
      throw data({ message: `Unknown intent: ${String(intent)}` }, { status: 400 });
  }
}

async function updateProfileAction(
  request: Request,
  context: Route.ActionArgs["context"],
  session: ValidSession,
  formData: FormData,
) {
  const submission = parseWithZod(formData, { schema: profileSchema });
  const reply = (result: SubmissionResult<string[]>, status: number) =>
    data<ActionResult>({ intent: UPDATE_PROFILE, result, retryAfter: null }, { status });
  if (submission.status !== "success") return reply(submission.reply(), 400);
  try {
    const outcome = await updateProfile(context.get(dbContext), session.user.id, submission.value, clientIp(request));
    if (!outcome.ok) return reply(submission.reply({ fieldErrors: { email: ["errors.emailExists"] } }), 400);
  } catch (error) {
    console.error("profile update failed", error);
    return reply(submission.reply({ formErrors: ["errors.failedToUpdateProfile"] }), 500);
  }
  // Post/redirect/get: the banner shows once, also without JavaScript.
  return redirect("/profile?saved=profile");
}

async function changePasswordAction(
  request: Request,
  context: Route.ActionArgs["context"],
  session: ValidSession,
  formData: FormData,
) {
  const submission = parseWithZod(formData, { schema: passwordChangeSchema });
  const hideFields = PASSWORD_FIELDS;
  const reply = (result: SubmissionResult<string[]>, status: number, retryAfter: number | null = null) =>
    data<ActionResult>(
      { intent: CHANGE_PASSWORD, result, retryAfter },
      { status, headers: retryAfter === null ? undefined : { "Retry-After": String(retryAfter) } },
    );
  if (submission.status !== "success") return reply(submission.reply({ hideFields }), 400);
  const db = context.get(dbContext);
  const userId = session.user.id;
  try {
    const throttle = await takeToken(db, `password:account:${userId}`, throttleRules.passwordAccount);
    if (!throttle.allowed) {
      return reply(
        submission.reply({ formErrors: ["errors.tooManyAttempts"], hideFields }),
        429,
        throttle.retryAfterSeconds,
      );
    }
    const outcome = await changePassword(db, userId, submission.value, clientIp(request), { sessionId: session.id });
    if (!outcome.ok) {
      return reply(submission.reply({ fieldErrors: { currentPassword: ["errors.currentPasswordWrong"] }, hideFields }), 400);
    }
  } catch (error) {
    console.error("password change failed", error);
    return reply(submission.reply({ formErrors: ["errors.failedToChangePassword"], hideFields }), 500);
  }
  return redirect("/profile?saved=password");
}

export default function Profile({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const [searchParams] = useSearchParams();
  const saved = useFlashParam("saved");
  const edit = searchParams.get("edit");
  // A failed submission keeps its form open even when posted from a URL without ?edit=…
  const profileResult = actionData?.intent === UPDATE_PROFILE ? actionData : undefined;
  const passwordResult = actionData?.intent === CHANGE_PASSWORD ? actionData : undefined;
  const { user, activity } = loaderData;
  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{t("profile.title")}</h1>
        <p className="mt-1 text-slate-600 dark:text-slate-300">{t("profile.subtitle")}</p>
      </div>
      {saved === "profile" || saved === "password" ? (
        <Alert tone="success">{t(`profile.saved.${saved}`)}</Alert>
      ) : null}
      <div className="grid gap-6 lg:grid-cols-3">
        <div className="space-y-6 lg:col-span-2">
          <PersonalInfoCard user={user} editing={edit === "profile" || Boolean(profileResult)} lastResult={profileResult} />
          <SecurityCard open={edit === "password" || Boolean(passwordResult)} lastResult={passwordResult} />
        </div>
        <div className="space-y-6">
          <ActivityCard activity={activity} />
          <AccountActionsCard />
        </div>
      </div>
    </div>
  );
}

type ProfileUser = Route.ComponentProps["loaderData"]["user"];
type ActivityEntry = Route.ComponentProps["loaderData"]["activity"][number];

function PersonalInfoCard({
  user,
  editing,
  lastResult,
}: {
  user: ProfileUser;
  editing: boolean;
  lastResult: ActionResult | undefined;
}) {
  const { t } = useTranslation();
  return (
    <Card
      id="personal-info"
      title={t("profile.info.title")}
      actions={
        editing ? null : (
          <Link
            to="/profile?edit=profile"
            preventScrollReset
            aria-label={t("profile.info.editLabel")}
            className={buttonClass.secondary}
          >
            {t("profile.info.edit")}
          </Link>
        )
      }
    >
      {editing ? (
        // Mounted afresh on every edit, so Cancel restores the stored values.
        <ProfileForm user={user} lastResult={lastResult} />
      ) : (
        <dl className="grid gap-4 sm:grid-cols-2">
          <InfoItem label={t("profile.info.fullName")}>{`${user.firstName} ${user.lastName}`.trim()}</InfoItem>
          <InfoItem label={t("profile.info.email")}>
            <span className="break-all">{user.email}</span>
          </InfoItem>
          <InfoItem label={t("profile.info.role")}>
            <RoleBadge isAdmin={user.isAdmin} />
          </InfoItem>
          <InfoItem label={t("profile.info.userId")}>
            <code className="break-all font-mono text-sm">{user.id}</code>
          </InfoItem>
        </dl>
      )}
    </Card>
  );
}

function InfoItem({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-sm font-medium text-slate-600 dark:text-slate-300">{label}</dt>
      <dd className="mt-1 text-slate-900 dark:text-slate-100">{children}</dd>
    </div>
  );
}

function ProfileForm({ user, lastResult }: { user: ProfileUser; lastResult: ActionResult | undefined }) {
  const { t } = useTranslation();
  const pending = useIsPending({ intent: UPDATE_PROFILE });
  const [form, fields] = useForm({
    id: "profile-form",
    lastResult: lastResult?.result,
    defaultValue: { firstName: user.firstName, lastName: user.lastName, email: user.email },
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: profileSchema }),
  });
  const formError = form.errors?.[0];
  return (
    <Form method="post" action="/profile?edit=profile" preventScrollReset className="space-y-1" {...getFormProps(form)}>
      {formError ? (
        <div className="pb-3">
          <Alert tone="error">
            <span id={form.errorId}>{t(formError)}</span>
          </Alert>
        </div>
      ) : null}
      <div className="grid gap-x-4 sm:grid-cols-2">
        <Field
          label={t("profile.info.firstName")}
          inputProps={{
            ...getInputProps(fields.firstName, { type: "text" }),
            autoComplete: "given-name",
            autoFocus: true,
            required: true,
          }}
          errors={fields.firstName.errors}
        />
        <Field
          label={t("profile.info.lastName")}
          inputProps={{ ...getInputProps(fields.lastName, { type: "text" }), autoComplete: "family-name", required: true }}
          errors={fields.lastName.errors}
        />
      </div>
      <Field
        label={t("profile.info.emailAddress")}
        inputProps={{ ...getInputProps(fields.email, { type: "email" }), autoComplete: "email", required: true }}
        errors={fields.email.errors}
      />
      <div className="flex flex-col-reverse gap-3 pt-2 sm:flex-row sm:justify-end">
        <Link to="/profile" preventScrollReset className={buttonClass.secondary}>
          {t("profile.info.cancel")}
        </Link>
        <SubmitButton name="intent" value={UPDATE_PROFILE} pending={pending} pendingLabel={t("profile.info.saving")}>
          {t("profile.info.save")}
        </SubmitButton>
      </div>
    </Form>
  );
}

function SecurityCard({ open, lastResult }: { open: boolean; lastResult: ActionResult | undefined }) {
  const { t } = useTranslation();
  return (
    <Card
      id="security"
      title={t("profile.security.title")}
      actions={
        open ? null : (
          <Link to="/profile?edit=password" preventScrollReset className={buttonClass.secondary}>
            {t("profile.security.changePassword")}
          </Link>
        )
      }
    >
      <p className="text-sm text-slate-600 dark:text-slate-300">{t("profile.security.description")}</p>
      {open ? <PasswordForm lastResult={lastResult} /> : null}
      <p className="mt-4 rounded-md bg-slate-100 p-3 text-sm text-slate-700 dark:bg-slate-800 dark:text-slate-200">
        {t("profile.security.tip")}
      </p>
    </Card>
  );
}

function PasswordForm({ lastResult }: { lastResult: ActionResult | undefined }) {
  const { t } = useTranslation();
  const pending = useIsPending({ intent: CHANGE_PASSWORD });
  const [form, fields] = useForm({
    id: "password-form",
    lastResult: lastResult?.result,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: passwordChangeSchema }),
  });
  const formError = form.errors?.[0];
  return (
    <Form method="post" action="/profile?edit=password" preventScrollReset className="mt-4 space-y-1" {...getFormProps(form)}>
      {formError ? (
        <div className="pb-3">
          <Alert tone="error">
            <span id={form.errorId}>{t(formError, { seconds: lastResult?.retryAfter ?? 60 })}</span>
          </Alert>
        </div>
      ) : null}
      <PasswordField
        label={t("profile.security.currentPassword")}
        inputProps={{
          ...getInputProps(fields.currentPassword, { type: "password" }),
          autoComplete: "current-password",
          autoFocus: true,
          required: true,
        }}
        errors={fields.currentPassword.errors}
      />
      <PasswordField
        label={t("profile.security.newPassword")}
        inputProps={{
          ...getInputProps(fields.newPassword, { type: "password" }),
          autoComplete: "new-password",
          required: true,
        }}
        errors={fields.newPassword.errors}
        hint={
          <p id="password-requirements" className="mt-1 text-sm text-slate-600 dark:text-slate-300">
            {t("profile.security.requirements")}
          </p>
        }
      />
      <PasswordField
        label={t("profile.security.confirmPassword")}
        inputProps={{ ...getInputProps(fields.confirmPassword, { type: "password" }), autoComplete: "new-password", required: true }}
        errors={fields.confirmPassword.errors}
      />
      <div className="flex flex-col-reverse gap-3 pt-2 sm:flex-row sm:justify-end">
        {/* Leaving the form unmounts it, which clears all three fields. */}
        <Link to="/profile" preventScrollReset className={buttonClass.secondary}>
          {t("profile.security.cancel")}
        </Link>
        <SubmitButton name="intent" value={CHANGE_PASSWORD} pending={pending} pendingLabel={t("profile.security.submitting")}>
          {t("profile.security.submit")}
        </SubmitButton>
      </div>
    </Form>
  );
}

function ActivityCard({ activity }: { activity: ActivityEntry[] }) {
  const { t, i18n } = useTranslation();
  const navigation = useNavigation();
  const revalidator = useRevalidator();
  // With JavaScript the list is reloaded after each change made on this page.
  const loading =
    revalidator.state === "loading" ||
    (navigation.state !== "idle" &&
      navigation.formMethod?.toUpperCase() === "POST" &&
      (navigation.formAction?.startsWith("/profile") ?? false));
  return (
    <Card id="recent-activity" title={t("profile.activity.title")}>
      <div aria-busy={loading || undefined} aria-live="polite">
        {loading ? (
          <p className="mb-3 flex items-center gap-2 text-sm text-slate-600 dark:text-slate-300">
            <Spinner />
            {t("profile.activity.loading")}
          </p>
        ) : null}
        {activity.length === 0 ? (
          <p className="text-sm text-slate-600 dark:text-slate-300">{t("profile.activity.empty")}</p>
        ) : (
          <ul className={`divide-y divide-slate-200 dark:divide-slate-800 ${loading ? "opacity-60" : ""}`}>
            {activity.map((entry) => {
              const at = new Date(entry.timestamp);
              const description = describe(entry.description, t);
              return (
                <li key={entry.id} className="py-3 first:pt-0 last:pb-0">
                  <div className="flex flex-wrap items-baseline justify-between gap-x-3">
                    <p className="font-medium">
                      {t(`profile.activity.actions.${entry.action}`, { defaultValue: entry.action })}
                    </p>
                    <time dateTime={at.toISOString()} className="text-xs text-slate-600 dark:text-slate-300">
                      {formatDateTime(at, i18n.language)}
                    </time>
                  </div>
                  {description ? <p className="text-sm text-slate-700 dark:text-slate-200">{description}</p> : null}
                  {entry.ipAddress ? (
                    <p className="break-all text-xs text-slate-600 dark:text-slate-300">
                      {t("profile.activity.ip", { ip: entry.ipAddress })}
                    </p>
                  ) : null}
                </li>
              );
            })}
          </ul>
        )}
      </div>
    </Card>
  );
}

// The log stores English descriptions (auth/accounts.server.ts). Those that only repeat the
// action's label are not shown twice; the others are shown in the user's language when known.
const storedDescriptions = new Map<string, string | null>([
  ["Account created", null],
  ["Signed in", null],
  ["Signed out", null],
  ["Profile updated", null],
  ["Password changed", null],
  ["Failed sign-in attempt", "failedSignIn"],
  ["Sign-in attempt on a deactivated account", "deactivatedSignIn"],
  ["Profile updated by an administrator", "profileUpdatedByAdmin"],
  ["Role changed to superadmin", "roleChangedToSuperadmin"],
  ["Role changed to user", "roleChangedToUser"],
  ["Account deactivated by an administrator", "deactivatedByAdmin"],
  ["Account reactivated by an administrator", "reactivatedByAdmin"],
  ["Sign-in unlocked by an administrator", "unlockedByAdmin"],
]);

function describe(stored: string, t: (key: string) => string) {
  const key = storedDescriptions.get(stored);
  if (key === undefined) return stored;
  return key === null ? null : t(`profile.activity.descriptions.${key}`);
}

function AccountActionsCard() {
  const { t } = useTranslation();
  const signingOut = useIsPending({ formAction: "/auth/logout" });
  return (
    <Card id="account-actions" title={t("profile.account.title")}>
      <p className="mb-4 text-sm text-slate-600 dark:text-slate-300">{t("profile.account.description")}</p>
      <Form method="post" action="/auth/logout">
        <SubmitButton variant="danger" pending={signingOut} pendingLabel={t("profile.account.signingOut")} className="w-full">
          {t("profile.account.signOut")}
        </SubmitButton>
      </Form>
    </Card>
  );
}
