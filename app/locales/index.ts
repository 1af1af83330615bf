import { en } from "./en";
import { es } from "./es";

export const supportedLanguages = ["en", "es"] as const;
export type Language = (typeof supportedLanguages)[number];

export const resources = {
  en: { translation: en },
  es: { translation: es },
} as const;

/** The shape every language must fill: the English tree with string leaves. */
export type Messages<T = typeof en> = { [K in keyof T]: T[K] extends string ? string : Messages<T[K]> };
