// A server module translating with remix-i18next's instance instead of translatorFor(context).
import { createI18nextMiddleware } from "remix-i18next";
export const [, , instanceOf] = createI18nextMiddleware({ detection: { supportedLanguages: ["en"], fallbackLanguage: "en" } });
