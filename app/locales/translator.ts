import type { Language } from "./languages";

// The app's one way of turning a message key into text, on the server and in the browser
// (docs/decisions/021). It reads the message files as i18next did for the features they use:
// nested keys joined by ".", {{name}} placeholders, plural forms by `count` (key_zero for 0,
// then the language's plural category, then key_other, then the key itself), `defaultValue`.
// Pages, loaders, actions and the JSON API all use it (translatorFor in server-translators.ts);
// neither the browser nor the server translates with i18next.

/** A language's messages: nested groups with string leaves. */
export type MessageTree = { [key: string]: unknown };

/** Values for a message's placeholders; `count` also picks the plural form. */
export type TranslateOptions = { count?: number; defaultValue?: string } & Record<string, unknown>;

export type Translate = (key: string, options?: TranslateOptions) => string;

export interface Translator {
  readonly language: Language;
  readonly t: Translate;
}

const PLACEHOLDER = /{{(.+?)}}/g;

function lookup(tree: MessageTree, key: string): string | undefined {
  let node: unknown = tree;
  for (const part of key.split(".")) {
    if (node === null || typeof node !== "object") return undefined;
    node = (node as MessageTree)[part];
  }
  return typeof node === "string" ? node : undefined;
}

function interpolate(message: string, values: TranslateOptions | undefined): string {
  if (!values || !message.includes("{{")) return message;
  return message.replace(PLACEHOLDER, (placeholder, name: string) => {
    const value = values[name.trim()];
    // As i18next: a value not given leaves its placeholder in place.
    if (value === undefined) return placeholder;
    return value === null ? "" : String(value);
  });
}

/**
 * A translator over a language's messages. The tree is read on every call, so messages added to
 * it later (a page section the browser loads on navigation) are found without a new translator.
 */
export function createTranslator(language: Language, tree: MessageTree): Translator {
  const plurals = new Intl.PluralRules(language);
  const find = (key: string, count: unknown): string | undefined => {
    if (typeof count === "number") {
      const forms = count === 0 ? [`${key}_zero`] : [];
      forms.push(`${key}_${plurals.select(count)}`, `${key}_other`);
      for (const form of forms) {
        const found = lookup(tree, form);
        if (found !== undefined) return found;
      }
    }
    return lookup(tree, key);
  };
  const t: Translate = (key, options) => interpolate(find(key, options?.count) ?? options?.defaultValue ?? key, options);
  return { language, t };
}
