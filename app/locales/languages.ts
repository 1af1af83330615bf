// The languages without their messages: the browser imports this on every page, and each
// language's messages only when the page is in that language (messages.client.ts).
export const supportedLanguages = ["en", "es"] as const;
export type Language = (typeof supportedLanguages)[number];

export function isLanguage(value: unknown): value is Language {
  return typeof value === "string" && (supportedLanguages as readonly string[]).includes(value);
}
