import type { RouterContextProvider } from "react-router";
import { languageContext } from "~/context.server";
import { resources, type Language } from ".";
import { createTranslator, type Translator } from "./translator";

// The server's one translator (docs/decisions/021): pages, loaders, actions and the JSON API all
// read messages with the translator the browser uses (translator.ts), over both languages' whole
// messages; the browser loads only the parts a page shows (messages.client.ts).
const translators: Record<Language, Translator> = {
  en: createTranslator("en", resources.en.translation),
  es: createTranslator("es", resources.es.translation),
};

export function serverTranslator(language: Language): Translator {
  return translators[language];
}

/**
 * The request's translator, in the language the i18n middleware detected (English where it did
 * not run). Text that is not a message key, such as a message a handler wrote itself, comes back
 * unchanged.
 */
export function translatorFor(context: Readonly<RouterContextProvider>): Translator {
  return serverTranslator(context.get(languageContext));
}
