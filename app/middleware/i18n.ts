import { createCookie, type MiddlewareFunction } from "react-router";
import { createI18nextMiddleware } from "remix-i18next";
import { languageContext } from "~/context.server";
import { isLanguage, supportedLanguages, type Language } from "~/locales";

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

// remix-i18next detects the language (with our rule, detectLanguage); its own i18next instance is
// given no messages and never translates: the server translates with translatorFor(context)
// (locales/server-translators.ts, docs/decisions/021).
const [detectingMiddleware, getLocale] = createI18nextMiddleware({
  detection: {
    supportedLanguages: [...supportedLanguages],
    fallbackLanguage: "en",
    order: ["custom"],
    findLocale: ({ request }) => detectLanguage(request),
  },
});

/** Puts the request's language on the context (languageContext) for loaders, actions, the API and the page. */
export const i18nMiddleware: MiddlewareFunction<Response> = (args, next) =>
  detectingMiddleware(args, () => {
    const detected = getLocale(args.context);
    // remix-i18next detects only the supported languages; the guard gives the type.
    args.context.set(languageContext, isLanguage(detected) ? detected : "en");
    return next();
  });
