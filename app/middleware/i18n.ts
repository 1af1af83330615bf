import { createCookie, type MiddlewareFunction } from "react-router";
import { translatorContext } from "~/context.server";
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

const [detectingMiddleware, getLocale, getInstance] = createI18nextMiddleware({
  detection: {
    supportedLanguages: [...supportedLanguages],
    fallbackLanguage: "en",
    order: ["custom"],
    findLocale: ({ request }) => detectLanguage(request),
  },
  i18next: { resources, interpolation: { escapeValue: false } },
});

export { getLocale, getInstance };

/**
 * remix-i18next's middleware, which also puts the request's translator on the context
 * (translatorContext) for the API's answers, so platform/http reads it without importing
 * middleware. Text that is not a locale key, such as a message a handler wrote itself, comes
 * back unchanged.
 */
export const i18nMiddleware: MiddlewareFunction<Response> = (args, next) =>
  detectingMiddleware(args, () => {
    const i18n = getInstance(args.context);
    // With the values: a plural key exists only as key_one/key_other, which exists() finds through count.
    args.context.set(translatorContext, (key, values) => (i18n.exists(key, values) ? i18n.t(key, values) : key));
    return next();
  });
