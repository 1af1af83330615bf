import { redirect } from "react-router";
import { safeRedirectPath } from "~/auth/guards.server";
import { isSecure } from "~/auth/session-cookie.server";
import { isLanguage, languageCookie } from "~/middleware/i18n";
import { translatorFor } from "~/locales/server-translators";
import { dbContext, sessionContext } from "~/context.server";
import { setLanguage } from "~/features/accounts/commands.server";
import type { Route } from "./+types/language";

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const lng = form.get("lng");
  if (!isLanguage(lng)) {
    return new Response(translatorFor(context).t("errors.languageUnsupported"), {
      status: 400,
      headers: { "Content-Type": "text/plain; charset=utf-8" },
    });
  }
  // A signed-in user's mail follows the switch (issue 25).
  const session = context.get(sessionContext);
  if (session) await setLanguage(context.get(dbContext), { userId: session.user.id }, lng);
  return redirect(safeRedirectPath(form.get("redirectTo"), "/"), {
    headers: { "Set-Cookie": await languageCookie.serialize(lng, { secure: isSecure(request) }) },
  });
}

export function loader() {
  return redirect("/");
}
