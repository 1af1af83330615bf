import { data, Form, Link, redirect } from "react-router";
import { clientIp } from "~/auth/client-ip.server";
import { AuthShell } from "~/components/auth-shell";
import { Alert, SubmitButton, useIsPending } from "~/components/forms";
import { readEmailLink, verifyEmail } from "~/features/accounts/commands.server";
import { accountRefusals } from "~/features/accounts/errors";
import { dbContext, sessionContext } from "~/context.server";
import { useTranslation } from "~/locales/use-translation";
import { withMessages } from "~/locales/messages.client";
import { routeMessages } from "~/locales/sections";
import { translatorFor } from "~/locales/server-translators";
import type { Route } from "./+types/verify-email";

// The page a verification or email-change link opens (issue 25, decision 034). Its GET reads the
// token and shows one button; only the button's POST uses the token, so a mail scanner that
// fetches the link verifies nothing. Expired, used and unknown links get one page with a way to
// ask again. Kept out of search engines (noindex, and robots.txt).

export const handle = routeMessages("auth");
export const clientLoader = ({ serverLoader }: Route.ClientLoaderArgs) => withMessages(handle, serverLoader());

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: loaderData?.title }, { name: "robots", content: "noindex, nofollow" }];
}

export function headers() {
  // The token is in the address: never cached, never sent on as a referrer.
  return { "Cache-Control": "no-store", "Referrer-Policy": "no-referrer" };
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token")?.trim() ?? "";
  const link = token && token.length <= 200 ? await readEmailLink(context.get(dbContext), token) : ({ state: "unknown" } as const);
  return {
    title: translatorFor(context).t("auth.verifyEmail.metaTitle"),
    token: link.state === "valid" ? token : "",
    link: link.state === "valid" ? { purpose: link.purpose, email: link.email } : null,
    signedIn: context.get(sessionContext) !== null,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const formData = await request.formData();
  const token = String(formData.get("token") ?? "").trim();
  const outcome = token && token.length <= 200 ? await verifyEmail(context.get(dbContext), { ip: clientIp(request) }, { token }) : ({ ok: false, error: "linkInvalid" } as const);
  if (!outcome.ok) {
    const refusal = accountRefusals[outcome.error];
    return data({ error: refusal.message }, { status: refusal.formStatus });
  }
  const done = outcome.purpose === "email_change" ? "changed" : "email";
  // Signed in as the account the link was for: its dashboard says so; anyone else signs in first.
  const session = context.get(sessionContext);
  return redirect(session?.user.id === outcome.userId ? `/dashboard?verified=${done}` : `/auth/login?verified=${done}`);
}

export default function VerifyEmail({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const pending = useIsPending();
  const { link, token, signedIn } = loaderData;
  if (!link || actionData?.error) {
    return (
      <AuthShell title={t("auth.verifyEmail.invalidTitle")} subtitle={t("auth.verifyEmail.invalidBody")}>
        {actionData?.error ? <Alert tone="error">{t(actionData.error)}</Alert> : null}
        <p className="mt-4 text-center">
          <Link
            to={signedIn ? "/profile" : "/auth/login?redirectTo=%2Fprofile"}
            className="inline-flex min-h-11 items-center font-semibold text-brand-700 hover:underline dark:text-blue-300"
          >
            {t(signedIn ? "auth.verifyEmail.askAgainSignedIn" : "auth.verifyEmail.askAgainSignedOut")}
          </Link>
        </p>
      </AuthShell>
    );
  }
  const change = link.purpose === "email_change";
  return (
    <AuthShell
      title={t(change ? "auth.verifyEmail.titleChange" : "auth.verifyEmail.title")}
      subtitle={t(change ? "auth.verifyEmail.explainChange" : "auth.verifyEmail.explain", { email: link.email })}
    >
      <Form method="post" className="space-y-3">
        <input type="hidden" name="token" value={token} />
        <SubmitButton pending={pending} pendingLabel={t("auth.verifyEmail.submitting")} className="w-full">
          {t("auth.verifyEmail.submit")}
        </SubmitButton>
      </Form>
    </AuthShell>
  );
}
