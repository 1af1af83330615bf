import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useEffect, useState } from "react";
import { useTranslation } from "~/locales/use-translation";
import { data, Form, Link, useSearchParams } from "react-router";
import { clientIp } from "~/auth/client-ip.server";
import { redirectSignedIn, safeRedirectPath } from "~/auth/guards.server";
import { startSession } from "~/auth/start-session.server";
import { AuthShell } from "~/components/auth-shell";
import { AuthFormError } from "~/features/accounts/ui/auth-form-error";
import { PasswordChecklist } from "~/features/accounts/ui/password-checklist";
import { ErrorList, Field, PasswordField, SubmitButton, useIsPending } from "~/components/forms";
import { accountFormRefusal } from "~/features/accounts/errors";
import { attemptRegistration } from "~/features/accounts/commands.server";
import { registerSchema } from "~/features/accounts/schemas";
import { useLazyValidation } from "~/components/use-lazy-validation";
import { dbContext, envContext, languageContext } from "~/context.server";
import { contextMailer } from "~/platform/mail/context-mailer.server";
import { withMessages } from "~/locales/messages.client";
import { routeMessages } from "~/locales/sections";
import { translatorFor } from "~/locales/server-translators";
import type { Route } from "./+types/register";

export const handle = routeMessages("auth");
export const clientLoader = ({ serverLoader }: Route.ClientLoaderArgs) => withMessages(handle, serverLoader());

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: loaderData?.title }, { name: "description", content: loaderData?.description }];
}

export function loader({ context }: Route.LoaderArgs) {
  redirectSignedIn(context);
  const { t } = translatorFor(context);
  return { title: t("auth.register.metaTitle"), description: t("auth.register.metaDescription") };
}

// Carries the action's Retry-After onto the rendered page.
export function headers({ actionHeaders }: Route.HeadersArgs) {
  return actionHeaders;
}

export async function action({ request, context }: Route.ActionArgs) {
  const formData = await request.formData();
  const submission = parseWithZod(formData, { schema: registerSchema });
  const hideFields = ["password", "confirmPassword"];
  if (submission.status !== "success") {
    return data({ result: submission.reply({ hideFields }), retryAfter: null }, { status: 400 });
  }
  // Checked before any account or session exists: a return address that cannot be followed must not strand one.
  const target = safeRedirectPath(formData.get("redirectTo"));
  const db = context.get(dbContext);
  try {
    // The page's language is the one the account's mail is written in (issue 25).
    const outcome = await attemptRegistration(db, { ip: clientIp(request) }, { ...submission.value, language: context.get(languageContext) }, contextMailer(context));
    if (!outcome.ok) {
      const refusal = accountFormRefusal(outcome);
      return data(
        { result: submission.reply({ ...refusal.reply, hideFields }), retryAfter: refusal.retryAfter },
        { status: refusal.status, headers: refusal.headers },
      );
    }
    // This browser made the account: like a sign-in, it is trusted with it from now on (device-cookie.server.ts).
    return await startSession(db, request, context.get(envContext).JWT_SECRET, outcome.user, { persistent: false, redirectTo: target });
  } catch (error) {
    console.error("registration failed", error);
    return data(
      { result: submission.reply({ formErrors: ["errors.registrationFailed"], hideFields }), retryAfter: null },
      { status: 500 },
    );
  }
}

// Validation in the browser arrives when the form is first focused, in its own chunk (use-lazy-validation.ts).
const loadValidation = () =>
  Promise.all([import("@conform-to/zod/v4"), import("~/features/accounts/schemas")]).then(
    ([{ parseWithZod }, { registerSchema }]) =>
      (formData: FormData) =>
        parseWithZod(formData, { schema: registerSchema }),
  );

export default function Register({ actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const [searchParams] = useSearchParams();
  const pending = useIsPending();
  const [password, setPassword] = useState("");
  // The browser's time zone, once the page runs (decision 032); without JavaScript the field stays
  // empty and the account gets UTC.
  const [timeZone, setTimeZone] = useState("");
  useEffect(() => setTimeZone(Intl.DateTimeFormat().resolvedOptions().timeZone ?? ""), []);
  const [validate, loadValidationOnUse] = useLazyValidation(loadValidation);
  const [form, fields] = useForm({
    id: "register",
    lastResult: actionData?.result,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: validate && (({ formData }) => validate(formData)),
  });
  return (
    <AuthShell title={t("auth.register.title")} subtitle={t("auth.register.subtitle")}>
      <Form method="post" className="space-y-3" {...getFormProps(form)} {...loadValidationOnUse}>
        <AuthFormError
          formId={form.id}
          errorId={form.errorId}
          errors={form.allErrors}
          result={actionData?.result}
          retryAfter={actionData?.retryAfter}
        />
        {/* Any answer from the server leaves both password fields empty (hideFields above); say so, as the profile's password form does. */}
        {actionData ? <p className="pb-2 text-sm text-slate-700 dark:text-slate-200">{t("auth.register.passwordsCleared")}</p> : null}
        <input type="hidden" name="redirectTo" value={searchParams.get("redirectTo") ?? ""} />
        <input type="hidden" name="timeZone" value={timeZone} />
        <div className="grid gap-x-4 gap-y-3 sm:grid-cols-2">
          <Field
            label={t("auth.register.firstName")}
            inputProps={{ ...getInputProps(fields.firstName, { type: "text" }), autoComplete: "given-name", autoFocus: true }}
            errors={fields.firstName.errors}
          />
          <Field
            label={t("auth.register.lastName")}
            inputProps={{ ...getInputProps(fields.lastName, { type: "text" }), autoComplete: "family-name" }}
            errors={fields.lastName.errors}
          />
        </div>
        <Field
          label={t("auth.register.email")}
          inputProps={{ ...getInputProps(fields.email, { type: "email" }), autoComplete: "email" }}
          errors={fields.email.errors}
        />
        <PasswordField
          label={t("auth.register.password")}
          inputProps={{
            ...getInputProps(fields.password, { type: "password" }),
            autoComplete: "new-password",
            onChange: (e) => setPassword(e.currentTarget.value),
            "aria-describedby": "password-rules",
          }}
          errors={fields.password.errors}
          hint={<PasswordChecklist password={password} />}
        />
        <PasswordField
          label={t("auth.register.confirmPassword")}
          inputProps={{ ...getInputProps(fields.confirmPassword, { type: "password" }), autoComplete: "new-password" }}
          errors={fields.confirmPassword.errors}
        />
        <div>
          <label className="flex min-h-11 items-center gap-2 text-sm">
            <input
              type="checkbox"
              name={fields.terms.name}
              id={fields.terms.id}
              // A refused form comes back with the box as it was sent (Conform's initialValue).
              defaultChecked={fields.terms.initialValue === "on"}
              aria-invalid={fields.terms.errors ? true : undefined}
              aria-describedby={fields.terms.errors ? fields.terms.errorId : undefined}
              className="h-4 w-4 shrink-0 rounded border-slate-400 text-brand-600 focus:ring-brand-500"
            />
            <span>{t("auth.register.terms")}</span>
          </label>
          <ErrorList id={fields.terms.errorId} errors={fields.terms.errors} />
        </div>
        <SubmitButton pending={pending} pendingLabel={t("auth.register.submitting")} className="w-full">
          {t("auth.register.submit")}
        </SubmitButton>
      </Form>
      <p className="mt-6 text-center text-sm text-slate-600 dark:text-slate-300">
        {t("auth.register.haveAccount")}{" "}
        <Link to="/auth/login" className="font-semibold text-brand-700 hover:underline dark:text-blue-300">
          {t("auth.register.signIn")}
        </Link>
      </p>
    </AuthShell>
  );
}
