import { getFormProps, getInputProps, getSelectProps, useForm, type SubmissionResult } from "@conform-to/react";
import type { ReactNode } from "react";
import { useTranslation } from "~/locales/use-translation";
import { Form, Link } from "react-router";
import { buttonClass, ErrorSummary, Field, PasswordField, SelectField, SubmitButton, useIsPending } from "~/components/forms";
import type { TimeZoneGroup } from "~/calendar/time-zones";
import { Card } from "~/components/card";
import { displayName } from "~/auth/public-user";
import { RoleBadge } from "~/components/role-badge";
import { useLazyValidation, validationLoader } from "~/components/use-lazy-validation";
import type { ProfileUser } from "~/features/accounts/model";
import { CHANGE_PASSWORD, RESEND_VERIFICATION_INTENT, UPDATE_PROFILE } from "~/features/accounts/model";

// Each form's schema arrives on the form's first focus (docs/decisions/017).
const loadProfileValidation = validationLoader(() => import("~/features/accounts/schemas").then((m) => m.profileSchema));
const loadPasswordValidation = validationLoader(() => import("~/features/accounts/schemas").then((m) => m.passwordChangeSchema));

/** What the profile page's action answers a failed form with; the intent says which form it was. */
export type ProfileActionResult = { intent: string; result: SubmissionResult<string[]>; retryAfter: number | null };

export function PersonalInfoCard({
  user,
  timeZones,
  editing,
  lastResult,
  verificationNotice = null,
}: {
  user: ProfileUser;
  /** The answer to "Send again" (sent, or throttled), shown beside the address. */
  verificationNotice?: string | null;
  /** The select's zones; null while the form is closed. */
  timeZones: TimeZoneGroup[] | null;
  editing: boolean;
  lastResult: ProfileActionResult | undefined;
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
        <ProfileForm user={user} timeZones={timeZones ?? [{ region: user.timeZone, zones: [user.timeZone] }]} lastResult={lastResult} />
      ) : (
        <dl className="grid gap-4 sm:grid-cols-2">
          <InfoItem label={t("profile.info.fullName")}>{displayName(user)}</InfoItem>
          <InfoItem label={t("profile.info.email")}>
            <span className="break-all">{user.email}</span>
            <EmailVerification user={user} notice={verificationNotice} />
          </InfoItem>
          <InfoItem label={t("profile.info.timeZone")}>{user.timeZone}</InfoItem>
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

/** Issue 25: whether the address is verified, "Send again" while it is not, and a pending new address. */
function EmailVerification({ user, notice }: { user: ProfileUser; notice: string | null }) {
  const { t } = useTranslation();
  const sending = useIsPending({ intent: RESEND_VERIFICATION_INTENT });
  if (user.emailVerified === undefined) return null;
  return (
    <>
      <span
        className={`ml-2 inline-block rounded-full px-2 py-0.5 text-xs font-semibold ${
          user.emailVerified
            ? "bg-green-100 text-green-800 dark:bg-green-950 dark:text-green-200"
            : "bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-100"
        }`}
      >
        {t(user.emailVerified ? "profile.verification.verified" : "profile.verification.unverified")}
      </span>
      {user.emailVerified ? null : (
        <Form method="post" action="/profile" className="mt-1">
          <button
            type="submit"
            name="intent"
            value={RESEND_VERIFICATION_INTENT}
            disabled={sending}
            className="inline-flex min-h-11 items-center text-sm font-semibold text-brand-700 underline-offset-2 hover:underline dark:text-blue-300"
          >
            {sending ? t("profile.verification.sending") : t("profile.verification.sendAgain")}
          </button>
        </Form>
      )}
      {notice ? (
        <p role="status" className="mt-1 text-sm font-semibold">
          {notice}
        </p>
      ) : null}
      {user.pendingEmail ? (
        <p className="mt-1 text-sm text-slate-700 dark:text-slate-200">
          {t("profile.verification.pending", { newEmail: user.pendingEmail, email: user.email })}
        </p>
      ) : null}
    </>
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

function ProfileForm({
  user,
  timeZones,
  lastResult,
}: {
  user: ProfileUser;
  timeZones: TimeZoneGroup[];
  lastResult: ProfileActionResult | undefined;
}) {
  const { t } = useTranslation();
  const pending = useIsPending({ intent: UPDATE_PROFILE });
  const [validation, loadValidationOnUse] = useLazyValidation(loadProfileValidation);
  const [form, fields] = useForm({
    id: "profile-form",
    lastResult: lastResult?.result,
    defaultValue: { firstName: user.firstName, lastName: user.lastName, email: user.email, timeZone: user.timeZone },
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: validation && (({ formData }) => validation.parseWithZod(formData, { schema: validation.schema })),
  });
  return (
    <Form method="post" action="/profile?edit=profile" className="space-y-1" {...getFormProps(form)} {...loadValidationOnUse}>
      <SummarySlot>
        <ErrorSummary formId={form.id} errors={form.allErrors} result={lastResult?.result} formErrorId={form.errorId} />
      </SummarySlot>
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
      {/* A plain select grouped by region: the browser's own type-ahead finds a zone without JavaScript. */}
      <SelectField
        label={t("profile.info.timeZone")}
        selectProps={{ ...getSelectProps(fields.timeZone), "aria-describedby": "time-zone-hint" }}
        errors={fields.timeZone.errors}
        hint={
          <p id="time-zone-hint" className="mt-1 text-sm text-slate-600 dark:text-slate-300">
            {t("profile.info.timeZoneHint")}
          </p>
        }
      >
        {timeZones.map((group) =>
          group.zones.length === 1 && group.zones[0] === group.region ? (
            <option key={group.region} value={group.region}>
              {group.region}
            </option>
          ) : (
            <optgroup key={group.region} label={group.region}>
              {group.zones.map((zone) => (
                <option key={zone} value={zone}>
                  {zone.replaceAll("_", " ")}
                </option>
              ))}
            </optgroup>
          ),
        )}
      </SelectField>
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

export function SecurityCard({ open, lastResult }: { open: boolean; lastResult: ProfileActionResult | undefined }) {
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

function PasswordForm({ lastResult }: { lastResult: ProfileActionResult | undefined }) {
  const { t } = useTranslation();
  const pending = useIsPending({ intent: CHANGE_PASSWORD });
  const [validation, loadValidationOnUse] = useLazyValidation(loadPasswordValidation);
  const [form, fields] = useForm({
    id: "password-form",
    lastResult: lastResult?.result,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: validation && (({ formData }) => validation.parseWithZod(formData, { schema: validation.schema })),
  });
  return (
    <Form method="post" action="/profile?edit=password" className="mt-4 space-y-1" {...getFormProps(form)} {...loadValidationOnUse}>
      <SummarySlot>
        <ErrorSummary
          formId={form.id}
          errors={form.allErrors}
          result={lastResult?.result}
          formErrorId={form.errorId}
          formErrorValues={{ seconds: lastResult?.retryAfter ?? 60 }}
        />
        {lastResult ? <p className="mt-2 text-sm text-slate-700 dark:text-slate-200">{t("profile.security.clearedAfterError")}</p> : null}
      </SummarySlot>
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

/** Room above a form for its error summary, collapsed while there is none. */
function SummarySlot({ children }: { children: ReactNode }) {
  return <div className="pb-3 empty:hidden">{children}</div>;
}

export function AccountActionsCard() {
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
