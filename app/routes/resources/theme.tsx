import { redirect } from "react-router";
import { safeRedirectPath } from "~/auth/guards.server";
import { isSecure } from "~/auth/session-cookie.server";
import { isThemeChoice, themeCookie } from "~/middleware/theme";
import { translatorFor } from "~/locales/server-translators";
import type { Route } from "./+types/theme";

/**
 * Stores the theme. The toggle's form posts form data (without JavaScript); with JavaScript its
 * remix-themes setter posts a JSON body `{ theme }` (decision 026), where null means "follow the system".
 */
export async function action({ request, context }: Route.ActionArgs) {
  const badRequest = () => plainRefusal(translatorFor(context).t("errors.themeInvalid"));
  const contentType = request.headers.get("Content-Type") ?? "";
  let theme: unknown;
  let redirectTo: FormDataEntryValue | null = null;
  if (contentType.includes("form")) {
    const form = await request.formData();
    theme = form.get("theme");
    redirectTo = form.get("redirectTo");
  } else {
    try {
      theme = (JSON.parse(await request.text()) as { theme?: unknown }).theme;
    } catch {
      return badRequest();
    }
  }
  if (theme !== null && theme !== "system" && !isThemeChoice(theme)) return badRequest();
  const secure = isSecure(request);
  const cookie = isThemeChoice(theme)
    ? await themeCookie.serialize(theme, { secure })
    : await themeCookie.serialize("", { maxAge: 0, secure });
  if (redirectTo === null && !contentType.includes("form")) {
    return Response.json({ success: true }, { headers: { "Set-Cookie": cookie } });
  }
  return redirect(safeRedirectPath(redirectTo, "/"), { headers: { "Set-Cookie": cookie } });
}

export function loader() {
  return redirect("/");
}

function plainRefusal(message: string) {
  return new Response(message, { status: 400, headers: { "Content-Type": "text/plain; charset=utf-8" } });
}
