import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useTranslation } from "~/locales/use-translation";
import { data, Form, Link, useSearchParams } from "react-router";
import { clientIp } from "~/auth/client-ip.server";
import { trustedDevice } from "~/auth/device-cookie.server";
import { redirectSignedIn, safeRedirectPath } from "~/auth/guards.server";
import { accountFormRefusal } from "~/features/accounts/errors";
import { attemptLogin } from "~/features/accounts/commands.server";
import { startSession } from "~/auth/start-session.server";
import { AuthShell } from "~/components/auth-shell";
import { AuthFormError } from "~/features/accounts/ui/auth-form-error";
import { Alert, Field, PasswordField, SubmitButton, useIsPending } from "~/components/forms";
import { loginSchema } from "~/features/accounts/schemas";
import { useLazyValidation } from "~/components/use-lazy-validation";
import { dbContext, envContext } from "~/context.server";
import { withMessages } from "~/locales/messages.client";
import { routeMessages } from "~/locales/sections";
import { translatorFor } from "~/locales/server-translators";
import type { Route } from "./+types/login";

export const handle = routeMessages("auth");
export const clientLoader = ({ serverLoader }: Route.ClientLoaderArgs) => withMessages(handle, serverLoader());

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: loaderData?.title }, { name: "description", content: loaderData?.description }];
}

export function loader({ context }: Route.LoaderArgs) {
  redirectSignedIn(context);
  const { t } = translatorFor(context);
  return { title: t("auth.login.metaTitle"), description: t("auth.login.metaDescription") };
}

// Carries the action's Retry-After onto the rendered page.
export function headers({ actionHeaders }: Route.HeadersArgs) {
  return actionHeaders;
}

export async function action({ request, context }: Route.ActionArgs) {
  const formData = await request.formData();
  const submission = parseWithZod(formData, { schema: loginSchema });
  if (submission.status !== "success") {
    return data({ result: submission.reply({ hideFields: ["password"] }), retryAfter: null }, { status: 400 });
  }
  const { email, password, remember, redirectTo } = submission.value;
  // Checked before any session exists: a return address that cannot be followed must not strand one.
  const target = safeRedirectPath(redirectTo);
  const db = context.get(dbContext);
  try {
    const secret = context.get(envContext).JWT_SECRET;
    const outcome = await attemptLogin(db, email, password, clientIp(request), await trustedDevice(db, request, secret, email));
    if (!outcome.ok) {
      const refusal = accountFormRefusal(outcome);
      return data(
        { result: submission.reply({ ...refusal.reply, hideFields: ["password"] }), retryAfter: refusal.retryAfter },
        { status: refusal.status, headers: refusal.headers },
      );
    }
    return await startSession(db, request, secret, outcome.user, { persistent: remember, redirectTo: target });
  } catch (error) {
    console.error("login failed", error);
    return data(
      { result: submission.reply({ formErrors: ["errors.loginFailed"], hideFields: ["password"] }), retryAfter: null },
      { status: 500 },
    );
  }
}

// Validation in the browser arrives when the form is first focused, in its own chunk (use-lazy-validation.ts).
const loadValidation = () =>
  Promise.all([import("@conform-to/zod/v4"), import("~/features/accounts/schemas")]).then(
    ([{ parseWithZod }, { loginSchema }]) =>
      (formData: FormData) =>
        parseWithZod(formData, { schema: loginSchema }),
  );

export default function Login({ actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const [searchParams] = useSearchParams();
  const redirectTo = searchParams.get("redirectTo") ?? "";
  const verified = searchParams.get("verified");
  const pending = useIsPending();
  const [validate, loadValidationOnUse] = useLazyValidation(loadValidation);
  const [form, fields] = useForm({
    id: "login",
    lastResult: actionData?.result,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: validate && (({ formData }) => validate(formData)),
  });
  return (
    <AuthShell title={t("auth.login.title")} subtitle={t("auth.login.subtitle")}>
      <Form method="post" className="space-y-2" {...getFormProps(form)} {...loadValidationOnUse}>
        <AuthFormError
          formId={form.id}
          errorId={form.errorId}
          errors={form.allErrors}
          result={actionData?.result}
          retryAfter={actionData?.retryAfter}
        />
        {/* After a reset with a mailed link (reset-password.tsx). */}
        {searchParams.get("reset") === "1" && !actionData ? <Alert tone="success">{t("auth.login.passwordWasReset")}</Alert> : null}
        {/* After a mailed link confirmed an address while signed out (issue 25). */}
        {verified === "email" || verified === "changed" ? (
          <Alert tone="success">{t(verified === "changed" ? "auth.verifyEmail.doneChanged" : "auth.verifyEmail.doneEmail")}</Alert>
        ) : null}
        <input type="hidden" name="redirectTo" value={redirectTo} />
        <Field
          label={t("auth.login.email")}
          inputProps={{
            ...getInputProps(fields.email, { type: "email" }),
            autoComplete: "email",
            required: true,
            autoFocus: true,
            placeholder: t("auth.login.emailPlaceholder"),
          }}
          errors={fields.email.errors}
        />
        <PasswordField
          label={t("auth.login.password")}
          inputProps={{ ...getInputProps(fields.password, { type: "password" }), autoComplete: "current-password", required: true }}
          errors={fields.password.errors}
        />
        <div className="flex items-center justify-between gap-4 pb-4 text-sm">
          <label className="flex min-h-11 items-center gap-2">
            <input
              type="checkbox"
              name={fields.remember.name}
              defaultChecked={fields.remember.initialValue === "on"}
              className="h-4 w-4 rounded border-slate-400 text-brand-600 focus:ring-brand-500"
            />
            {t("auth.login.rememberMe")}
          </label>
          <Link to="/auth/forgot-password" className="flex min-h-11 items-center text-brand-700 underline-offset-2 hover:underline dark:text-blue-300">
            {t("auth.login.forgotPassword")}
          </Link>
        </div>
        <SubmitButton pending={pending} pendingLabel={t("auth.login.submitting")} className="w-full">
          {t("auth.login.submit")}
        </SubmitButton>
      </Form>
      <p className="mt-6 text-center text-sm text-slate-600 dark:text-slate-300">
        {t("auth.login.noAccount")}{" "}
        <Link
          to={redirectTo ? `/auth/register?redirectTo=${encodeURIComponent(redirectTo)}` : "/auth/register"}
          className="font-semibold text-brand-700 hover:underline dark:text-blue-300"
        >
          {t("auth.login.signUp")}
        </Link>
      </p>
    </AuthShell>
  );
}
