import { createCookie } from "react-router";
import { createI18nextMiddleware } from "remix-i18next";
import { isLanguage, resources, supportedLanguages, type Language } from "~/locales";

export const languageCookie = createCookie("lng", {
  path: "/",
  sameSite: "lax",
  httpOnly: true,
  maxAge: 60 * 60 * 24 * 365,
});

export { isLanguage };

/** ARCHITECTURE.md 7: the stored choice, else Spanish when Accept-Language starts with es, else English. */
export async function detectLanguage(request: Request): Promise<Language> {
  const stored = await languageCookie.parse(request.headers.get("Cookie"));
  if (isLanguage(stored)) return stored;
  const header = request.headers.get("Accept-Language")?.trim().toLowerCase() ?? "";
  return header.startsWith("es") ? "es" : "en";
}

export const [i18nMiddleware, getLocale, getInstance] = createI18nextMiddleware({
  detection: {
    supportedLanguages: [...supportedLanguages],
    fallbackLanguage: "en",
    order: ["custom"],
    findLocale: ({ request }) => detectLanguage(request),
  },
  i18next: { resources, interpolation: { escapeValue: false } },
});
