import { redirect } from "react-router";
import { safeRedirectPath } from "~/auth/guards.server";
import { isSecure } from "~/auth/session-cookie.server";
import { isLanguage, languageCookie } from "~/middleware/i18n";
import type { Route } from "./+types/language";

export async function action({ request }: Route.ActionArgs) {
  const form = await request.formData();
  const lng = form.get("lng");
  if (!isLanguage(lng)) return new Response("Unsupported language", { status: 400 });
  return redirect(safeRedirectPath(form.get("redirectTo"), "/"), {
    headers: { "Set-Cookie": await languageCookie.serialize(lng, { secure: isSecure(request) }) },
  });
}

export function loader() {
  return redirect("/");
}
