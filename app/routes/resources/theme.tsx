import { redirect } from "react-router";
import { safeRedirectPath } from "~/auth/guards.server";
import { isSecure } from "~/auth/session-cookie.server";
import { isThemeChoice, themeCookie } from "~/middleware/theme";
import type { Route } from "./+types/theme";

/**
 * Stores the theme. Our forms post form data (works without JavaScript);
 * remix-themes' client posts a JSON body `{ theme }`, where null means "follow the system".
 */
export async function action({ request }: Route.ActionArgs) {
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
      return new Response("Bad request", { status: 400 });
    }
  }
  if (theme !== null && theme !== "system" && !isThemeChoice(theme)) return new Response("Bad request", { status: 400 });
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
