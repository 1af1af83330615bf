import { resources, type Language } from ".";
import { createTranslator, type Translator } from "./translator";

// The server renders pages with the same translator the browser uses (translator.ts), over both
// languages' whole messages; the browser loads only the parts a page shows (messages.client.ts).
const translators: Record<Language, Translator> = {
  en: createTranslator("en", resources.en.translation),
  es: createTranslator("es", resources.es.translation),
};

export function serverTranslator(language: Language): Translator {
  return translators[language];
}
