import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useTranslation } from "~/locales/use-translation";
import { data, Form, Link, redirect, useSearchParams } from "react-router";
import { clientIp } from "~/auth/client-ip.server";
import { redirectSignedIn } from "~/auth/guards.server";
import { accountFormRefusal } from "~/features/accounts/errors";
import { requestPasswordReset } from "~/features/accounts/commands.server";
import { forgotPasswordSchema } from "~/features/accounts/schemas";
import { AuthShell } from "~/components/auth-shell";
import { AuthFormError } from "~/features/accounts/ui/auth-form-error";
import { Alert, Field, SubmitButton, useIsPending } from "~/components/forms";
import { useLazyValidation } from "~/components/use-lazy-validation";
import { cloudflareContext, dbContext } from "~/context.server";
import { afterAnswer, mailer } from "~/platform/mail/mailer.server";
import { withMessages } from "~/locales/messages.client";
import { routeMessages } from "~/locales/sections";
import { translatorFor } from "~/locales/server-translators";
import type { Route } from "./+types/forgot-password";

// "Forgot password?" (issue 25): one answer whether or not the address has an account; the mail
// leaves after it (decision 034).

export const handle = routeMessages("auth");
export const clientLoader = ({ serverLoader }: Route.ClientLoaderArgs) => withMessages(handle, serverLoader());

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: loaderData?.title }, { name: "description", content: loaderData?.description }];
}

export function loader({ context }: Route.LoaderArgs) {
  redirectSignedIn(context);
  const { t } = translatorFor(context);
  return { title: t("auth.forgot.metaTitle"), description: t("auth.forgot.metaDescription") };
}

// Carries the action's Retry-After onto the rendered page.
export function headers({ actionHeaders }: Route.HeadersArgs) {
  return actionHeaders;
}

export async function action({ request, context }: Route.ActionArgs) {
  const submission = parseWithZod(await request.formData(), { schema: forgotPasswordSchema });
  if (submission.status !== "success") return data({ result: submission.reply(), retryAfter: null }, { status: 400 });
  const { env, ctx } = context.get(cloudflareContext);
  try {
    const outcome = await requestPasswordReset(context.get(dbContext), { ip: clientIp(request) }, submission.value, { mailer: mailer(env, ctx), defer: afterAnswer(ctx) });
    if (!outcome.ok) {
      const refusal = accountFormRefusal(outcome);
      return data({ result: submission.reply(refusal.reply), retryAfter: refusal.retryAfter }, { status: refusal.status, headers: refusal.headers });
    }
  } catch (error) {
    console.error("password reset request failed", error);
    return data({ result: submission.reply({ formErrors: ["errors.internal"] }), retryAfter: null }, { status: 500 });
  }
  // The same redirect for every address: the page then says "if an account exists…".
  throw redirect("/auth/forgot-password?sent=1");
}

const loadValidation = () =>
  Promise.all([import("@conform-to/zod/v4"), import("~/features/accounts/schemas")]).then(
    ([{ parseWithZod }, { forgotPasswordSchema }]) =>
      (formData: FormData) =>
        parseWithZod(formData, { schema: forgotPasswordSchema }),
  );

export default function ForgotPassword({ actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const [searchParams] = useSearchParams();
  const sent = searchParams.get("sent") === "1" && !actionData;
  const pending = useIsPending();
  const [validate, loadValidationOnUse] = useLazyValidation(loadValidation);
  const [form, fields] = useForm({
    id: "forgot-password",
    lastResult: actionData?.result,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: validate && (({ formData }) => validate(formData)),
  });
  return (
    <AuthShell title={t("auth.forgot.title")} subtitle={t("auth.forgot.subtitle")}>
      {sent ? (
        <div className="space-y-4">
          <Alert tone="success">{t("auth.forgot.sent")}</Alert>
          <p className="text-center text-sm">
            <Link to="/auth/forgot-password" className="font-semibold text-brand-700 hover:underline dark:text-blue-300">
              {t("auth.forgot.sendAnother")}
            </Link>
          </p>
        </div>
      ) : (
        <Form method="post" className="space-y-2" {...getFormProps(form)} {...loadValidationOnUse}>
          <AuthFormError formId={form.id} errorId={form.errorId} errors={form.allErrors} result={actionData?.result} retryAfter={actionData?.retryAfter} />
          <Field
            label={t("auth.forgot.email")}
            inputProps={{
              ...getInputProps(fields.email, { type: "email" }),
              autoComplete: "email",
              required: true,
              autoFocus: true,
              placeholder: t("auth.login.emailPlaceholder"),
            }}
            errors={fields.email.errors}
          />
          <SubmitButton pending={pending} pendingLabel={t("auth.forgot.submitting")} className="w-full">
            {t("auth.forgot.submit")}
          </SubmitButton>
        </Form>
      )}
      <p className="mt-6 text-center text-sm">
        <Link to="/auth/login" className="font-semibold text-brand-700 hover:underline dark:text-blue-300">
          {t("auth.forgot.backToSignIn")}
        </Link>
      </p>
    </AuthShell>
  );
}
