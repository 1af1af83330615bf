import { en } from "./en";
import { es } from "./es";

export { isLanguage, supportedLanguages, type Language } from "./languages";

/** Both languages, for the server (server-translators.ts) and tests; the browser loads one (messages.client.ts). */
export const resources = {
  en: { translation: en },
  es: { translation: es },
} as const;

/** The shape every language must fill: the English tree with string leaves. */
export type Messages<T = typeof en> = { [K in keyof T]: T[K] extends string ? string : Messages<T[K]> };
