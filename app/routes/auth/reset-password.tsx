import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useState } from "react";
import { useTranslation } from "~/locales/use-translation";
import { data, Form, Link, redirect } from "react-router";
import { clientIp } from "~/auth/client-ip.server";
import { accountFormRefusal } from "~/features/accounts/errors";
import { attemptPasswordReset } from "~/features/accounts/commands.server";
import { readAccountToken } from "~/features/accounts/queries.server";
import { resetPasswordSchema } from "~/features/accounts/schemas";
import { AuthShell } from "~/components/auth-shell";
import { AuthFormError } from "~/features/accounts/ui/auth-form-error";
import { PasswordChecklist } from "~/features/accounts/ui/password-checklist";
import { PasswordField, SubmitButton, useIsPending } from "~/components/forms";
import { useLazyValidation } from "~/components/use-lazy-validation";
import { cloudflareContext, dbContext } from "~/context.server";
import { mailer } from "~/platform/mail/mailer.server";
import { withMessages } from "~/locales/messages.client";
import { routeMessages } from "~/locales/sections";
import { translatorFor } from "~/locales/server-translators";
import type { Route } from "./+types/reset-password";

// The link of a reset mail (issue 25). Opening it only reads the token (mail scanners fetch
// links); the form's POST uses it, once. An expired, used, replaced or unknown link shows one page
// with a way to ask again, and no form.

export const handle = routeMessages("auth");
export const clientLoader = ({ serverLoader }: Route.ClientLoaderArgs) => withMessages(handle, serverLoader());

export function meta({ loaderData }: Route.MetaArgs) {
  // The address carries the token: no search engine keeps it, and no request to another site hears
  // of it. ("same-origin", not "no-referrer": that makes the form's POST send `Origin: null`, which
  // the CSRF check's fallback, and wrangler's dev server, refuse.)
  return [{ title: loaderData?.title }, { name: "robots", content: "noindex, nofollow" }, { name: "referrer", content: "same-origin" }];
}

// The address carries the token: no cache keeps the page.
const privateHeaders = { "Cache-Control": "no-store" };

export async function loader({ request, context }: Route.LoaderArgs) {
  const { t } = translatorFor(context);
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const title = t("auth.reset.metaTitle");
  const parsed = resetPasswordSchema.safeParse({ token, password: "", confirmPassword: "" });
  const wellFormed = parsed.success || !parsed.error.issues.some((issue) => issue.path[0] === "token");
  const read = wellFormed ? await readAccountToken(context.get(dbContext), { token, purpose: "password_reset", now: new Date() }) : null;
  if (read?.state !== "valid") return data({ title: t("auth.reset.invalidTitle"), token: null }, { status: 400, headers: privateHeaders });
  return data({ title, token }, { headers: privateHeaders });
}

export function headers({ loaderHeaders, actionHeaders }: Route.HeadersArgs) {
  const merged = new Headers(loaderHeaders);
  actionHeaders.forEach((value, key) => merged.set(key, value));
  for (const [key, value] of Object.entries(privateHeaders)) merged.set(key, value);
  return merged;
}

export async function action({ request, context }: Route.ActionArgs) {
  const submission = parseWithZod(await request.formData(), { schema: resetPasswordSchema });
  const hideFields = ["password", "confirmPassword"];
  if (submission.status !== "success") {
    const badLink = Boolean(submission.error?.token);
    return data({ result: submission.reply({ hideFields }), retryAfter: null, invalidLink: badLink, token: tokenOf(submission.payload) }, { status: 400 });
  }
  const { env, ctx } = context.get(cloudflareContext);
  try {
    const outcome = await attemptPasswordReset(context.get(dbContext), { ip: clientIp(request) }, submission.value, { mailer: mailer(env, ctx) });
    if (!outcome.ok) {
      const refusal = accountFormRefusal(outcome);
      return data(
        { result: submission.reply({ ...refusal.reply, hideFields }), retryAfter: refusal.retryAfter, invalidLink: outcome.error === "resetTokenInvalid", token: submission.value.token },
        { status: refusal.status, headers: refusal.headers },
      );
    }
  } catch (error) {
    console.error("password reset failed", error);
    return data(
      { result: submission.reply({ formErrors: ["errors.failedToResetPassword"], hideFields }), retryAfter: null, invalidLink: false, token: submission.value.token },
      { status: 500 },
    );
  }
  throw redirect("/auth/login?reset=1");
}

/** The token the form sent back, for the form shown again after a refused password. */
function tokenOf(payload: Record<string, unknown>): string | null {
  return typeof payload.token === "string" ? payload.token : null;
}

const loadValidation = () =>
  Promise.all([import("@conform-to/zod/v4"), import("~/features/accounts/schemas")]).then(
    ([{ parseWithZod }, { resetPasswordSchema }]) =>
      (formData: FormData) =>
        parseWithZod(formData, { schema: resetPasswordSchema }),
  );

export default function ResetPassword({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  // After a refused password, the form posts the token it carried again (the loader reads the address's).
  const token = actionData ? actionData.token : loaderData.token;
  if (token === null || actionData?.invalidLink) {
    return (
      <AuthShell title={t("auth.reset.invalidTitle")} subtitle={t("auth.reset.invalidBody")}>
        <div className="space-y-4 text-center text-sm">
          <Link
            to="/auth/forgot-password"
            className="inline-flex min-h-11 w-full items-center justify-center rounded-md bg-brand-600 px-4 py-2 font-semibold text-white hover:bg-brand-700"
          >
            {t("auth.reset.askAgain")}
          </Link>
          <p>
            <Link to="/auth/login" className="font-semibold text-brand-700 hover:underline dark:text-blue-300">
              {t("auth.reset.backToSignIn")}
            </Link>
          </p>
        </div>
      </AuthShell>
    );
  }
  return <ResetForm token={token} actionData={actionData} />;
}

function ResetForm({ token, actionData }: { token: string; actionData: Route.ComponentProps["actionData"] }) {
  const { t } = useTranslation();
  const pending = useIsPending();
  const [password, setPassword] = useState("");
  const [validate, loadValidationOnUse] = useLazyValidation(loadValidation);
  const [form, fields] = useForm({
    id: "reset-password",
    lastResult: actionData?.result,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: validate && (({ formData }) => validate(formData)),
  });
  return (
    <AuthShell title={t("auth.reset.title")} subtitle={t("auth.reset.subtitle")}>
      <Form method="post" className="space-y-3" {...getFormProps(form)} {...loadValidationOnUse}>
        <AuthFormError formId={form.id} errorId={form.errorId} errors={form.allErrors} result={actionData?.result} retryAfter={actionData?.retryAfter} />
        {actionData ? <p className="pb-2 text-sm text-slate-700 dark:text-slate-200">{t("auth.reset.passwordsCleared")}</p> : null}
        <input type="hidden" name="token" value={token} />
        <PasswordField
          label={t("auth.reset.password")}
          inputProps={{
            ...getInputProps(fields.password, { type: "password" }),
            autoComplete: "new-password",
            autoFocus: true,
            onChange: (e) => setPassword(e.currentTarget.value),
            "aria-describedby": "password-rules",
          }}
          errors={fields.password.errors}
          hint={<PasswordChecklist password={password} />}
        />
        <PasswordField
          label={t("auth.reset.confirmPassword")}
          inputProps={{ ...getInputProps(fields.confirmPassword, { type: "password" }), autoComplete: "new-password" }}
          errors={fields.confirmPassword.errors}
        />
        <SubmitButton pending={pending} pendingLabel={t("auth.reset.submitting")} className="w-full">
          {t("auth.reset.submit")}
        </SubmitButton>
      </Form>
    </AuthShell>
  );
}
