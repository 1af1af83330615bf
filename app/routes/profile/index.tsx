import { type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useTranslation } from "~/locales/use-translation";
import { data, redirect, useSearchParams } from "react-router";
import { attemptPasswordChange, resendVerification, updateProfile } from "~/features/accounts/commands.server";
import { accountFormRefusal } from "~/features/accounts/errors";
import { passwordChangeSchema, profileSchema } from "~/features/accounts/schemas";
import { CHANGE_PASSWORD, RESEND_VERIFICATION_INTENT, UPDATE_PROFILE } from "~/features/accounts/model";
import { listRecentActivity, pendingEmailChange } from "~/features/accounts/queries.server";
import { contextMailer } from "~/platform/mail/context-mailer.server";
import { ActivityCard } from "~/features/accounts/ui/activity-card";
import { AccountActionsCard, PersonalInfoCard, type ProfileActionResult, SecurityCard } from "~/features/accounts/ui/profile-cards";
import { deviceCookieAfterSignIn } from "~/auth/device-cookie.server";
import { requireActor, requireSession } from "~/auth/guards.server";
import type { ValidSession } from "~/auth/session.server";
import { isSuperadmin } from "~/auth/public-user";
import type { Actor } from "~/platform/db/activity.server";
import { Alert } from "~/components/forms";
import { PageHeader } from "~/components/page-header";
import { useFlashParam } from "~/components/use-flash-param";
import { dbContext, envContext } from "~/context.server";
import { withMessages } from "~/locales/messages.client";
import { routeMessages } from "~/locales/sections";
import { translatorFor } from "~/locales/server-translators";
import { timeZoneGroups } from "~/calendar/time-zones";
import type { Route } from "./+types/index";

const PASSWORD_FIELDS = ["currentPassword", "newPassword", "confirmPassword"];
// When only the new passwords were refused, the current one comes back typed (the page says the others were cleared).
const NEW_PASSWORD_FIELDS = ["newPassword", "confirmPassword"];
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

// This page's messages beside the shell (locales/sections.ts), loaded before a client navigation renders it.
export const handle = routeMessages("profile", "auth");
export const clientLoader = ({ serverLoader }: Route.ClientLoaderArgs) => withMessages(handle, serverLoader());

export async function loader({ request, context }: Route.LoaderArgs) {
  const session = requireSession(context);
  const { user } = session;
  const db = context.get(dbContext);
  const [activity, pendingEmail] = await Promise.all([listRecentActivity(db, user.id, 10), pendingEmailChange(db, user.id)]);
  return {
    title: translatorFor(context).t("profile.metaTitle"),
    user: {
      id: user.id,
      firstName: user.firstName,
      lastName: user.lastName,
      email: user.email,
      isAdmin: isSuperadmin(user.role),
      timeZone: user.timeZone,
      emailVerified: user.emailVerifiedAt !== null,
      pendingEmail,
    },
    // The time zone select's options, only while the form is open (the form posts to ?edit=profile).
    timeZones: new URL(request.url).searchParams.get("edit") === "profile" ? timeZoneGroups(user.timeZone) : null,
    activity,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const session = requireSession(context);
  const actor = requireActor(context, request);
  const formData = await request.formData();
  const intent = formData.get("intent");
  switch (intent) {
    case UPDATE_PROFILE:
      return updateProfileAction(context, actor, formData);
    case CHANGE_PASSWORD:
      return changePasswordAction(context, request, actor, session, formData);
    case RESEND_VERIFICATION_INTENT: {
      const outcome = await resendVerification(context.get(dbContext), actor, contextMailer(context));
      if (!outcome.ok) {
        const refusal = accountFormRefusal(outcome);
        return data<ProfileActionResult>(
          { intent: RESEND_VERIFICATION_INTENT, result: { status: "error", error: { "": [refusal.message] } }, retryAfter: refusal.retryAfter },
          { status: refusal.status, headers: refusal.headers },
        );
      }
      return redirect(`/profile?verification=${outcome.alreadyVerified ? "verified" : "sent"}`);
    }
    default:
      throw data({ message: `Unknown intent: ${String(intent)}` }, { status: 400 });
  }
}

async function updateProfileAction(context: Route.ActionArgs["context"], actor: Actor, formData: FormData) {
  const submission = parseWithZod(formData, { schema: profileSchema });
  const reply = (result: SubmissionResult<string[]>, status: number) =>
    data<ProfileActionResult>({ intent: UPDATE_PROFILE, result, retryAfter: null }, { status });
  if (submission.status !== "success") return reply(submission.reply(), 400);
  try {
    const outcome = await updateProfile(context.get(dbContext), actor, submission.value, contextMailer(context));
    if (!outcome.ok) {
      const refusal = accountFormRefusal(outcome);
      return reply(submission.reply(refusal.reply), refusal.status);
    }
  } catch (error) {
    console.error("profile update failed", error);
    return reply(submission.reply({ formErrors: ["errors.failedToUpdateProfile"] }), 500);
  }
  // Post/redirect/get: the banner shows once, also without JavaScript.
  return redirect("/profile?saved=profile");
}

async function changePasswordAction(
  context: Route.ActionArgs["context"],
  request: Request,
  actor: Actor,
  session: ValidSession,
  formData: FormData,
) {
  const submission = parseWithZod(formData, { schema: passwordChangeSchema });
  const hideFields = PASSWORD_FIELDS;
  const reply = (result: SubmissionResult<string[]>, status: number, retryAfter: number | null = null) =>
    data<ProfileActionResult>(
      { intent: CHANGE_PASSWORD, result, retryAfter },
      { status, headers: retryAfter === null ? undefined : { "Retry-After": String(retryAfter) } },
    );
  if (submission.status !== "success") {
    const currentRefused = Boolean(submission.error?.currentPassword?.length);
    return reply(submission.reply({ hideFields: currentRefused ? PASSWORD_FIELDS : NEW_PASSWORD_FIELDS }), 400);
  }
  try {
    const input = { ...submission.value, keep: { sessionId: session.id } };
    const outcome = await attemptPasswordChange(context.get(dbContext), actor, input);
    if (!outcome.ok) {
      const refusal = accountFormRefusal(outcome);
      return reply(submission.reply({ ...refusal.reply, hideFields }), refusal.status, refusal.retryAfter);
    }
  } catch (error) {
    console.error("password change failed", error);
    return reply(submission.reply({ formErrors: ["errors.failedToChangePassword"], hideFields }), 500);
  }
  // Every device entry died with the old password (decision 002); this browser has just proved the
  // current one, so it is trusted again with a new entry, as after a sign-in. Without it the change
  // still stands: the browser is a stranger until its next sign-in.
  let device: string | undefined;
  try {
    device = await deviceCookieAfterSignIn(context.get(dbContext), request, context.get(envContext).JWT_SECRET, session.user);
  } catch (error) {
    console.error("device entry after a password change failed", error);
  }
  return redirect("/profile?saved=password", device ? { headers: { "Set-Cookie": device } } : undefined);
}

export default function Profile({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const [searchParams] = useSearchParams();
  const saved = useFlashParam("saved");
  const verification = useFlashParam("verification");
  const edit = searchParams.get("edit");
  // A failed submission keeps its form open even when posted from a URL without ?edit=…
  const profileResult = actionData?.intent === UPDATE_PROFILE ? actionData : undefined;
  const passwordResult = actionData?.intent === CHANGE_PASSWORD ? actionData : undefined;
  const { user, activity, timeZones } = loaderData;
  const resendResult = actionData?.intent === RESEND_VERIFICATION_INTENT ? actionData : undefined;
  const verificationNotice = resendResult
    ? t("errors.tooManyAttempts", { seconds: resendResult.retryAfter })
    : verification === "sent"
      ? t("profile.verification.sent", { email: user.email })
      : verification === "verified"
        ? t("profile.verification.alreadyVerified")
        : null;
  return (
    <div className="space-y-6">
      <PageHeader title={t("profile.title")} subtitle={t("profile.subtitle")} />
      {saved === "profile" || saved === "password" ? (
        <Alert tone="success">{t(`profile.saved.${saved}`)}</Alert>
      ) : null}
      <div className="grid gap-6 lg:grid-cols-3">
        <div className="space-y-6 lg:col-span-2">
          <PersonalInfoCard user={user} timeZones={timeZones} editing={edit === "profile" || Boolean(profileResult)} lastResult={profileResult} verificationNotice={verificationNotice} />
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
