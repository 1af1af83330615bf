// The language middleware is the one place remix-i18next is imported: it detects the language.
import { createI18nextMiddleware } from "remix-i18next";
export const [detect, languageOf] = createI18nextMiddleware({ detection: { supportedLanguages: ["en"], fallbackLanguage: "en" } });
